/**
 * The dependency view: each requirement of a bundle (dependencies.yaml, the CSV's required CRDs) with
 * the catalog's bundles that provide it, unsatisfiable ones flagged; and `fbc-studio deps`.
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { main } from '../../../src/cli/main';
import {
  bundleDependencies,
  packageDependencies,
  readBundleDir,
  renderBundle,
} from '../../../src/core/bundle';
import { loadFile, mergeFileLoads } from '../../../src/core/load';
import { MemorySource } from '../../../src/core/source/memory';
import { hasShared, sharedPath, skipReason } from '../../support/shared';
import { bundleFiles } from './bundle-fixture';
import { tempDir } from '../../support/temp-dir';

const json = (o: unknown) => JSON.stringify(o);
const dep = (v: string, gvk?: string) =>
  json({
    schema: 'olm.bundle',
    name: `dep.v${v}`,
    package: 'dep',
    image: `quay.io/acme/dep-bundle:v${v}`,
    properties: [
      { type: 'olm.package', value: { packageName: 'dep', version: v } },
      ...(gvk ? [{ type: 'olm.gvk', value: { group: 'acme.io', kind: gvk, version: 'v1' } }] : []),
    ],
  });
const CATALOG = [
  json({ schema: 'olm.package', name: 'dep', defaultChannel: 'stable' }),
  json({
    schema: 'olm.channel',
    package: 'dep',
    name: 'stable',
    entries: [
      { name: 'dep.v1.0.0' },
      { name: 'dep.v1.6.0', replaces: 'dep.v1.0.0' },
      { name: 'dep.v2.0.0', replaces: 'dep.v1.6.0' },
    ],
  }),
  dep('1.0.0'),
  dep('1.6.0', 'Gadget'),
  dep('2.0.0', 'Gadget'),
].join('\n');

const DEPENDS = {
  version: '1.0.0',
  pkg: 'app',
  channels: 'stable',
  dependencies: [
    '  - type: olm.package',
    '    value: {packageName: dep, version: ">=1.5.0 <2.0.0"}',
    '  - type: olm.package',
    '    value: {packageName: missing, version: ">=1.0.0"}',
  ],
  specLines: [
    '    required:',
    '    - name: gadgets.acme.io',
    '      kind: Gadget',
    '      version: v1',
    '    - name: sprockets.acme.io',
    '      kind: Sprocket',
    '      version: v1',
  ],
};

describe('bundleDependencies', () => {
  it('lists each requirement with its providers, flagging what nothing provides', async () => {
    const dc = mergeFileLoads([loadFile('dep/catalog.json', CATALOG)]).dc;
    const dir = await readBundleDir(new MemorySource(bundleFiles(DEPENDS), 'app'));
    const d = bundleDependencies(dc, renderBundle(dir, ''));
    expect(d.bundle).toBe('app.v1.0.0');
    expect(
      d.requirements.map((r) => [r.type, r.what, r.providers.map((p) => p.bundle), r.unsatisfiable, r.note]),
    ).toEqual([
      ['olm.gvk.required', 'acme.io/v1 Gadget', ['dep.v1.6.0', 'dep.v2.0.0'], false, undefined],
      ['olm.gvk.required', 'acme.io/v1 Sprocket', [], true, undefined],
      ['olm.package.required', 'dep >=1.5.0 <2.0.0', ['dep.v1.6.0'], false, undefined],
      ['olm.package.required', 'missing >=1.0.0', [], true, 'the catalog has no package missing'],
    ]);
  });

  it('fbc-studio deps: text per requirement, exit 1 when one is unsatisfiable; json; --package', async () => {
    const root = tempDir('fbc-deps-');
    const write = (rel: string, text: string) => {
      mkdirSync(dirname(join(root, rel)), { recursive: true });
      writeFileSync(join(root, rel), text);
    };
    write('catalog/dep/catalog.json', CATALOG);
    for (const [p, t] of Object.entries(bundleFiles(DEPENDS))) write(`bundle/${p}`, t);
    let out = '';
    let err = '';
    const io = { out: (s: string) => (out += s), err: (s: string) => (err += s) };
    expect(await main(['deps', join(root, 'catalog'), '--bundle-dir', join(root, 'bundle')], io)).toBe(1);
    expect(err).toBe('');
    expect(out).toBe(
      [
        'app.v1.0.0: 4 required',
        '  olm.gvk.required acme.io/v1 Gadget: ok <- dep.v1.6.0, dep.v2.0.0',
        '  olm.gvk.required acme.io/v1 Sprocket: UNSATISFIABLE (nothing in the catalog provides it)',
        '  olm.package.required dep >=1.5.0 <2.0.0: ok <- dep.v1.6.0',
        '  olm.package.required missing >=1.0.0: UNSATISFIABLE (the catalog has no package missing)',
        '',
      ].join('\n'),
    );
    out = '';
    expect(await main(['deps', join(root, 'catalog'), '--package', 'dep', '-o', 'json'], io)).toBe(0);
    expect(
      (JSON.parse(out) as { bundle: string; requirements: unknown[] }[]).map((d) => [
        d.bundle,
        d.requirements.length,
      ]),
    ).toEqual([
      ['dep.v1.0.0', 0],
      ['dep.v1.6.0', 0],
      ['dep.v2.0.0', 0],
    ]);
    expect(await main(['deps', join(root, 'catalog'), '--package', 'nope'], io)).toBe(1);
    expect(err).toContain('has no bundles of package "nope"');
  });
});

if (!hasShared) console.log(skipReason('dependency view on community catalogs'));

// Reads ../shared/corpus (real repositories, never copied into the project): skipped, with the printed reason, in a clone without it.
describe.skipIf(!hasShared)('dependencies in community-operators-prod v4.20', () => {
  it('rabbitmq-messaging-topology-operator 1.16.0 needs rabbitmq-cluster-operator >2.0.0 and its RabbitmqCluster API', () => {
    const base = 'corpus/fbc/community-operators-prod/catalogs/v4.20';
    const texts = ['rabbitmq-messaging-topology-operator', 'rabbitmq-cluster-operator'].map(
      (p) => [`${p}/catalog.yaml`, readFileSync(sharedPath(base, p, 'catalog.yaml'), 'utf8')] as const,
    );
    const dc = mergeFileLoads(texts.map(([p, t]) => loadFile(p, t, { bundleObjects: 'lazy' }))).dc;
    const [d] = packageDependencies(
      dc,
      'rabbitmq-messaging-topology-operator',
      'rabbitmq-messaging-topology-operator.v1.16.0',
    );
    const byWhat = new Map(d!.requirements.map((r) => [r.what, r]));
    // Every cluster-operator bundle but the two at or below 2.0.0 is in range.
    const clusterBundles = [
      ...texts[1]![1].matchAll(/^name: (rabbitmq-cluster-operator\.v(\d+)\.(\d+)\.(\d+))$/gm),
    ];
    const above = clusterBundles.filter(
      (m) => Number(m[2]) > 2 || (Number(m[2]) === 2 && (Number(m[3]) > 0 || Number(m[4]) > 0)),
    );
    expect(above.length).toBe(clusterBundles.length - 2);
    const cluster = byWhat.get('rabbitmq-cluster-operator >2.0.0');
    expect(cluster?.providers.map((p) => p.bundle).sort()).toEqual(above.map((m) => m[1]).sort());
    const gvk = byWhat.get('rabbitmq.com/v1beta1 RabbitmqCluster');
    expect(gvk?.unsatisfiable).toBe(false);
    expect(new Set(gvk?.providers.map((p) => p.package))).toEqual(new Set(['rabbitmq-cluster-operator']));
  });

  it('alloydb-omni-operator 1.3.0 needs cert-manager, which this catalog does not hold', () => {
    const base = 'corpus/fbc/community-operators-prod/catalogs/v4.20/alloydb-omni-operator/catalog.yaml';
    const dc = loadFile('catalog.yaml', readFileSync(sharedPath(base), 'utf8'), { bundleObjects: 'lazy' }).dc;
    const [d] = packageDependencies(dc, 'alloydb-omni-operator', 'alloydb-omni-operator.v1.3.0');
    expect(d?.requirements.filter((r) => r.unsatisfiable).map((r) => r.what)).toEqual([
      'cert-manager.io/v1 Certificate',
      'cert-manager.io/v1 ClusterIssuer',
      'cert-manager.io/v1 Issuer',
      'cert-manager >=1.12.2',
    ]);
  });
});
