/**
 * `node --import tsx bench/template.bench.ts`: offline render-template of a synthetic 400-bundle
 * basic and semver template, bundles resolved from a synthetic catalog, printed against a baseline
 * measured in the same run on the same output (JSON.parse + JSON.stringify of the rendered text).
 * Goal: ≤ 100 ms per render (parse, resolve, render, write).
 */
import { loadFile } from '../src/core/load';
import { CatalogBundleResolver, renderTemplate, writeRendered } from '../src/core/template';

const N = 400;
const RUNS = 15;
const pkg = 'bench-operator';
const versions = Array.from(
  { length: N },
  (_, i) => `${1 + Math.floor(i / 100)}.${Math.floor(i / 10) % 10}.${i % 10}`,
);
const image = (v: string) =>
  `registry.example.com/acme/bench-bundle@sha256:${v.replace(/\./g, '').padStart(64, '0')}`;

const catalogText = versions
  .map((v) =>
    JSON.stringify({
      schema: 'olm.bundle',
      name: `${pkg}.v${v}`,
      package: pkg,
      image: image(v),
      properties: [
        { type: 'olm.gvk', value: { group: 'acme.example.com', kind: 'Bench', version: 'v1' } },
        { type: 'olm.package', value: { packageName: pkg, version: v } },
        {
          type: 'olm.csv.metadata',
          value: {
            description: `Bench operator ${v}. `.repeat(20),
            displayName: 'Bench',
            provider: { name: 'Acme' },
          },
        },
      ],
      relatedImages: [
        { name: '', image: image(v) },
        { name: 'operator', image: `registry.example.com/acme/bench@sha256:${'b'.repeat(64)}` },
      ],
    }),
  )
  .join('\n');
const resolver = new CatalogBundleResolver([
  { name: 'catalog', dc: loadFile('catalog.json', catalogText).dc },
]);

const basic = [
  'schema: olm.template.basic',
  'entries:',
  `  - {schema: olm.package, name: ${pkg}, defaultChannel: stable}`,
  `  - schema: olm.channel\n    package: ${pkg}\n    name: stable\n    entries:`,
  ...versions.map(
    (v, i) => `      - {name: ${pkg}.v${v}${i ? `, replaces: ${pkg}.v${versions[i - 1]}` : ''}}`,
  ),
  ...versions.map((v) => `  - {schema: olm.bundle, image: '${image(v)}'}`),
  '',
].join('\n');
const semver = [
  'schema: olm.semver',
  'generateMajorChannels: true',
  'generateMinorChannels: true',
  'stable:',
  '  bundles:',
  ...versions.map((v) => `    - image: ${image(v)}`),
  '',
].join('\n');

function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)] as number;
}

function bench(name: string, text: string): void {
  let out = '';
  const times: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const t0 = performance.now();
    const r = renderTemplate(`${name}.yaml`, text, resolver);
    if (!r.ok) throw new Error(`${name}: ${r.opmMessage ?? r.unresolved[0]?.message}`);
    out = writeRendered(r.blobs, 'json');
    times.push(performance.now() - t0);
  }
  // Baseline on the same bytes: opm's output is a stream of indented objects; parse and re-print it.
  const docs = out.replace(/\n\}\n\{/g, '\n},\n{');
  const base: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const t0 = performance.now();
    JSON.stringify(JSON.parse(`[${docs}]`), null, 4);
    base.push(performance.now() - t0);
  }
  const ms = median(times);
  const b = median(base);
  console.log(
    `${name.padEnd(7)} ${N} bundles, ${(out.length / 1024).toFixed(0)} KB out: render ${ms.toFixed(1)} ms ` +
      `(first ${times[0]?.toFixed(1)} ms; goal ≤ 100) | baseline JSON.parse+stringify ${b.toFixed(1)} ms | ratio ${(ms / b).toFixed(1)}×`,
  );
}

bench('basic', basic);
bench('semver', semver);
