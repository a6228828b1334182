/**
 * JSON catalog files loaded with their bundle objects' base64 cut out (src/cli/elided-json.ts,
 * src/core/load/elided.ts) give exactly what loading the whole text gives: the same blobs (each
 * `data` read again from the file when asked), opm's verdict and every finding at the same
 * file:line:column — on random catalogs laid out pretty, compact (a cut then sits before later
 * fields on its line) and with spaces around colons; strings that must stay (not base64, short,
 * escaped, not JSON-looking) stay; files that must be read as usual are.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import fc from 'fast-check';
import { beforeEach, describe, expect, it } from 'vitest';
import { elidedCounts, elidedJsonLoader, loadElided, MIN_CUT } from '../../../src/cli/elided-json';
import { checkFolder } from '../../../src/cli/validate-folder';
import { discoverHere } from '../../../src/cli/discover-folder';
import { checkCatalog } from '../../../src/core/api';
import { loadFile } from '../../../src/core/load/load-file';
import { NodeFsSource } from '../../../src/cli/node-source';
import { discoverWorkspace } from '../../../src/core/workspace/discover';
import { checkDiscoveredCatalog } from '../../../src/core/workspace/validate';
import type { Verdict } from '../../../src/core/validate/incremental';
import { tempDir } from '../../support/temp-dir';
import { objectData, pkgBlobs, render, type Layout } from '../../support/bundle-object-catalog';

const tmp = tempDir('fbc-elided-');
let n = 0;

beforeEach(() => {
  for (const k of Object.keys(elidedCounts) as (keyof typeof elidedCounts)[]) elidedCounts[k] = 0;
});

const b64 = (s: string) => Buffer.from(s).toString('base64');

function writeCatalog(text: string): string {
  const dir = join(tmp, `c${n++}`);
  mkdirSync(join(dir, 'pkgs'), { recursive: true });
  writeFileSync(join(dir, 'pkgs', 'index.json'), text);
  return dir;
}

/** What a user sees of a verdict: opm's verdict and every finding, where it is. */
function shown(v: Verdict) {
  return { passed: v.passed, opm: v.opmMessage, findings: v.diagnostics.map(({ ref: _ref, ...x }) => x) };
}

/** The folder's catalog checked, its files read whole or with their base64 cut out. */
async function check(dir: string, elide: boolean) {
  const source = new NodeFsSource(dir);
  const opts = { bundleObjects: 'eager' as const };
  const elsewhere = elide
    ? async (p: string) => loadElided(p, source.absolutePath(p) as string, opts)
    : undefined;
  const d = await discoverWorkspace(source, elsewhere ? { elsewhere } : {});
  const catalog = d.catalogs[0];
  if (catalog === undefined) throw new Error('a catalog expected');
  const { load, result } = checkDiscoveredCatalog(d, catalog);
  return {
    elided: [...load.files.values()].some((f) => f.elided !== undefined),
    ...shown(result),
    blobs: JSON.stringify(load.dc),
  };
}

describe('a JSON catalog file loaded with its base64 cut out', () => {
  it('gives the whole text’s blobs, verdict and findings on random catalogs and layouts', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.record({ versions: fc.integer({ min: 1, max: 5 }), late: fc.boolean() }), {
          minLength: 1,
          maxLength: 3,
        }),
        fc.array(fc.constantFrom<Layout>('pretty', 'compact', 'spaced'), { minLength: 1, maxLength: 3 }),
        fc.integer({ min: MIN_CUT, max: 6000 }),
        async (pkgs, layouts, objectBytes) => {
          const blobs = pkgs.flatMap((p, i) => pkgBlobs(`pkg${i}`, p.versions, objectBytes, p.late));
          const dir = writeCatalog(render(blobs, layouts));
          const whole = await check(dir, false);
          const cut = await check(dir, true);
          expect(cut.elided).toBe(true);
          expect({ ...cut, elided: false }).toEqual({ ...whole, elided: false });
        },
      ),
      { numRuns: 40 },
    );
    expect(elidedCounts.cuts).toBeGreaterThan(0);
  });

  it('validates and locates without reading the file again, and gives `data` and `text` from the file when asked', () => {
    const text = render(pkgBlobs('p', 3, 4000, true), ['compact', 'pretty']);
    const dir = writeCatalog(text);
    const abs = join(dir, 'pkgs', 'index.json');
    const fl = loadElided('pkgs/index.json', abs, { bundleObjects: 'eager' });
    if (!fl?.file.elided) throw new Error('elided load expected');
    expect(elidedCounts.cuts).toBe(6);
    expect(fl.file.elided.text.length).toBeLessThan(text.length / 4);
    expect(elidedCounts.rereadStrings + elidedCounts.rereadFiles).toBe(0);
    const whole = loadFile('pkgs/index.json', text, { bundleObjects: 'eager' });
    expect(fl.dc.bundles.map((b) => b.properties)).toEqual(whole.dc.bundles.map((b) => b.properties));
    expect(elidedCounts.rereadStrings).toBe(6);
    expect(fl.file.text).toBe(text);
    expect(elidedCounts.rereadFiles).toBe(1);
  });

  it('says a file changed while it was validated, rather than give a cut string from other bytes', () => {
    const text = render(pkgBlobs('p', 2, 4000, false), ['pretty']);
    const dir = writeCatalog(text);
    const abs = join(dir, 'pkgs', 'index.json');
    const fl = loadElided('pkgs/index.json', abs, { bundleObjects: 'eager' });
    if (!fl?.file.elided) throw new Error('elided load expected');
    writeFileSync(abs, text.slice(0, text.length / 2)); // cut short by another process
    const holder = fl.dc.bundles[1]?.properties[1]?.value as { data: string };
    expect(() => holder.data).toThrow(`${abs} changed while it was being validated`);
    expect(() => fl.file.text).toThrow(`${abs} changed while it was being validated`);
  });

  it('cuts only what is canonical, JSON-looking base64 of at least MIN_CUT characters', () => {
    const good = objectData(2000);
    const cases: [string, boolean][] = [
      [good, true],
      [objectData(2000, 1), true],
      [objectData(2000, 2), true],
      [objectData(2000, 0, ' \n\t'), true],
      [b64('kind: ClusterServiceVersion\n' + 'x'.repeat(2000)), false], // YAML: R15 reads it whole
      [good.slice(0, MIN_CUT - 4), false],
      [good.slice(0, -1), false], // not a multiple of 4
      [good.slice(0, 1500) + '=' + good.slice(1501), false], // padding inside
      [good.slice(0, -4) + 'AA==' + '=', false], // three padding characters
      [good.slice(0, 1500) + '-' + good.slice(1501), false], // URL-safe alphabet: Go refuses it
      [good.slice(0, 1500) + '\\/' + good.slice(1502), false], // an escape: JSON's to read
    ];
    for (const [data, cut] of cases) {
      const blob = {
        schema: 'olm.bundle',
        package: 'p',
        name: 'p.v1',
        image: 'quay.io/x/p:v1',
        properties: [{ type: 'olm.bundle.object', value: { data: 'DATA' } }],
      };
      const text = JSON.stringify(blob).replace('DATA', data);
      const dir = writeCatalog(text);
      const before = elidedCounts.cuts;
      const fl = loadElided('pkgs/index.json', join(dir, 'pkgs', 'index.json'), { bundleObjects: 'eager' });
      expect([data.slice(0, 12), elidedCounts.cuts - before]).toEqual([data.slice(0, 12), cut ? 1 : 0]);
      // Nothing cut, or errors: the file as the usual load gives it.
      if (!cut && fl) expect(fl).toEqual(loadFile('pkgs/index.json', text, { bundleObjects: 'eager' }));
    }
  });

  it('leaves to the usual read a file whose cut strings are not all bundle objects’ data, or that it cannot load alike', async () => {
    const data = objectData(3000);
    const bundle = (props: unknown[]) => ({
      schema: 'olm.bundle',
      package: 'p',
      name: 'p.v1',
      image: 'i',
      properties: props,
    });
    const texts = [
      // A custom schema's `data`, a custom property's, a key that merely ends in data.
      JSON.stringify({ schema: 'acme.thing', data }),
      JSON.stringify(bundle([{ type: 'acme.blob', value: { data } }])),
      JSON.stringify(bundle([{ type: 'olm.bundle.object', value: { 'x"data': data } }])),
      // Two data keys: the last wins, and it is not the cut one.
      JSON.stringify(bundle([{ type: 'olm.bundle.object', value: { data: 'DATA1' } }])).replace(
        '"DATA1"',
        `"${data}","data":"e30="`,
      ),
      // A load error elsewhere in the file, a non-ASCII character, a syntax error.
      JSON.stringify(bundle([{ type: 'olm.bundle.object', value: { data } }])) +
        '\n{"schema":"olm.package","name":3}',
      JSON.stringify(bundle([{ type: 'olm.bundle.object', value: { data } }])).replace('"i"', '"ï"'),
      JSON.stringify(bundle([{ type: 'olm.bundle.object', value: { data } }])) + '\n{"schema":',
    ];
    for (const text of texts) {
      const dir = writeCatalog(text);
      expect(
        loadElided('pkgs/index.json', join(dir, 'pkgs', 'index.json'), { bundleObjects: 'eager' }),
      ).toBeUndefined();
    }
  });

  it('is how validate reads a large JSON catalog on this thread: the same verdict and findings as opm’s whole read', async () => {
    const blobs = [0, 1].flatMap((i) => pkgBlobs(`pkg${i}`, 12, 3000, i === 1));
    const dir = writeCatalog(render(blobs, ['pretty', 'compact']));
    const source = new NodeFsSource(dir);
    const d = await discoverHere(source, await source.list(), true);
    expect(d.loads.get('pkgs/index.json')?.file.elided).toBeDefined();
    const before = { ...elidedCounts };
    const checked = await checkFolder(dir);
    if (!('verdict' in checked)) throw new Error('one catalog expected');
    expect(elidedCounts.cuts).toBeGreaterThan(before.cuts);
    const whole = (await checkCatalog(new NodeFsSource(dir))).result;
    expect(checked.verdict.diagnostics.length).toBeGreaterThan(0);
    expect(shown(checked.verdict)).toEqual(shown(whole));
    expect(elidedCounts.rereadFiles + elidedCounts.rereadStrings).toBe(
      before.rereadFiles + before.rereadStrings,
    );
    // Small files and other commands' discovery are read as usual.
    expect(elidedJsonLoader([{ path: 'a.json', size: 1000 }], () => 'a.json')).toBeUndefined();
  });

  it('is how loader threads hold large JSON files: two threads print what the whole read does', async () => {
    const dir = join(tmp, `c${n++}`);
    for (const i of [0, 1, 2]) {
      mkdirSync(join(dir, `pkg${i}`), { recursive: true });
      const text = render(pkgBlobs(`pkg${i}`, 10, 5000, true), ['compact', 'pretty']);
      expect(text.length).toBeGreaterThan(64 << 10);
      writeFileSync(join(dir, `pkg${i}`, 'index.json'), text);
    }
    const whole = (await checkCatalog(new NodeFsSource(dir))).result;
    process.env.FBC_STUDIO_THREADS = '2';
    try {
      const checked = await checkFolder(dir);
      expect(elidedCounts.cuts).toBeGreaterThan(0); // this thread's share at least
      if (!('verdict' in checked)) throw new Error('one catalog expected');
      expect(checked.verdict.diagnostics.length).toBeGreaterThan(0);
      expect(shown(checked.verdict)).toEqual(shown(whole));
    } finally {
      delete process.env.FBC_STUDIO_THREADS;
    }
  });
});
