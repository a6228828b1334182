/**
 * A huge JSON catalog file read in chunks and loaded in segments (src/cli/huge-json.ts,
 * src/core/load/load-segments.ts) gives exactly what loading it whole gives: opm's verdict and every
 * finding at the same file:line:column. Random catalogs (compact and pretty blobs, blank lines, two
 * values on one line, large base64 objects, broken values), random chunk sizes far smaller than the
 * blobs, so cuts fall everywhere; files the fast path must refuse (non-ASCII, YAML, load errors)
 * fall back to the whole read.
 */
import { mkdtempSync, rmSync, writeFileSync, mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import { discoverFolder } from '../../../src/cli/discover-folder';
import { HUGE_FILE, hugeJsonLoader, lastCut, readJsonSegments } from '../../../src/cli/huge-json';
import { checkFolder } from '../../../src/cli/validate-folder';
import { checkCatalog } from '../../../src/core/api';
import { NodeFsSource } from '../../../src/cli/node-source';
import { discoverWorkspace } from '../../../src/core/workspace/discover';
import { checkDiscoveredCatalog } from '../../../src/core/workspace/validate';

const tmp = mkdtempSync(join(tmpdir(), 'fbc-huge-'));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));
let n = 0;

function pkgBlobs(pkg: string, versions: number, skipEvery: number, objectBytes: number): object[] {
  const names = Array.from({ length: versions }, (_, i) => `${pkg}.v1.${i}.0`);
  const entries = names.map((name, i) => {
    const e: Record<string, unknown> = { name };
    if (i > 0) e.replaces = names[i - 1];
    if (i > 1 && i % skipEvery === 0) e.skips = [names[i - 2]];
    if (i === versions - 1) e.skipRange = `>=1.0.0 <1.${i + 2}.0`; // above its version: our warning
    return e;
  });
  const data = Buffer.from('{"kind":"ClusterServiceVersion"}' + ' '.repeat(objectBytes)).toString('base64');
  return [
    { schema: 'olm.package', name: pkg, defaultChannel: 'stable' },
    { schema: 'olm.channel', package: pkg, name: 'stable', entries },
    ...names.map((name, i) => ({
      schema: 'olm.bundle',
      package: pkg,
      name,
      image: `quay.io/x/${pkg}:v1.${i}.0`,
      properties: [
        { type: 'olm.package', value: { packageName: pkg, version: `1.${i}.0` } },
        { type: 'olm.bundle.object', value: { data } },
      ],
    })),
  ];
}

type Layout = 'pretty' | 'compact' | 'blank' | 'same-line';

function render(blobs: object[], layouts: Layout[]): string {
  let out = '';
  blobs.forEach((b, i) => {
    const layout = layouts[i % layouts.length] as Layout;
    const { syntax, ...blob } = b as Record<string, unknown>;
    let text =
      layout === 'compact' || layout === 'same-line' ? JSON.stringify(blob) : JSON.stringify(blob, null, 2);
    if (syntax) text = text.replace(/\}$/, ',}'); // a trailing comma: JSON fails, Go's YAML fallback may not
    out += text + (layout === 'same-line' ? ' ' : layout === 'blank' ? '\n\n' : '\n');
  });
  return out;
}

function writeCatalog(text: string, name = 'index.json'): string {
  const dir = join(tmp, `c${n++}`);
  mkdirSync(join(dir, 'pkgs'), { recursive: true });
  writeFileSync(join(dir, 'pkgs', name), text);
  return dir;
}

async function check(dir: string, chunk?: number) {
  const source = new NodeFsSource(dir);
  const files = await source.list();
  const elsewhere =
    chunk === undefined
      ? undefined
      : hugeJsonLoader(files, (p) => source.absolutePath(p), { bundleObjects: 'eager' }, { above: 0, chunk });
  const d = await discoverWorkspace(source, elsewhere ? { elsewhere } : {});
  const catalog = d.catalogs[0];
  // Every blob's schema deleted: no olm.* blob, so no catalog (read whole or in segments alike).
  if (catalog === undefined) return { catalog: false, segmented: false, passed: true, opm: '', findings: [] };
  const { load, result } = checkDiscoveredCatalog(d, catalog);
  return {
    catalog: true,
    segmented: [...load.files.values()].some((f) => f.segments !== undefined),
    passed: result.passed,
    opm: result.opmMessage,
    findings: result.diagnostics.map(({ ref: _ref, ...x }) => x),
  };
}

describe('a huge JSON file loaded in segments', () => {
  it('cuts only at line starts after a complete top-level value', () => {
    expect(lastCut('{"a":1}\n{"b":2}\n{"c":')).toBe(16);
    expect(lastCut('{"a":1} {"b":2}')).toBe(0); // no newline yet
    expect(lastCut('{"a":"}\\n{"}\n{')).toBe(13); // braces and newlines inside strings do not count
    expect(lastCut('[1]\n')).toBe(-1); // not a stream of objects: read whole
  });

  it('reads a file whose one value is 16 MB or more whole (no segments), not in ever bigger buffers', () => {
    const dir = writeCatalog(`{"schema":"olm.package","name":"${'x'.repeat(16 << 20)}"}\n`);
    expect(readJsonSegments(join(dir, 'pkgs/index.json'))).toBeUndefined();
    // A smaller value in the same chunk size is read in segments.
    const small = writeCatalog(`{"schema":"olm.package","name":"${'x'.repeat(1 << 20)}"}\n{"schema":"x"}\n`);
    expect(readJsonSegments(join(small, 'pkgs/index.json'))?.length).toBe(1);
  });

  it('reads segments that join back to the file, each starting a line, with their line numbers', () => {
    const text = render(pkgBlobs('p', 12, 3, 300), ['pretty', 'compact', 'blank', 'same-line']);
    const dir = writeCatalog(text);
    const segs = readJsonSegments(join(dir, 'pkgs/index.json'), 700) ?? [];
    expect(segs.length).toBeGreaterThan(3);
    expect(segs.map((s) => s.text).join('')).toBe(text);
    for (const s of segs) {
      expect(s.offset === 0 || text[s.offset - 1] === '\n').toBe(true);
      expect(s.line).toBe(text.slice(0, s.offset).split('\n').length - 1);
    }
  });

  it('gives the whole-file verdict and every finding at the same place, on random catalogs and chunk sizes', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(
          fc.record({ versions: fc.integer({ min: 1, max: 7 }), skipEvery: fc.integer({ min: 2, max: 4 }) }),
          { minLength: 1, maxLength: 4 },
        ),
        fc.array(fc.constantFrom<Layout>('pretty', 'compact', 'blank', 'same-line'), {
          minLength: 1,
          maxLength: 4,
        }),
        fc.integer({ min: 0, max: 2000 }),
        fc.integer({ min: 64, max: 4096 }),
        fc.array(fc.tuple(fc.nat(), fc.constantFrom('R8', 'R9', 'R12', 'R14', 'syntax')), { maxLength: 3 }),
        async (pkgs, layouts, objectBytes, chunk, faults) => {
          const blobs = pkgs.flatMap((p, i) => pkgBlobs(`pkg${i}`, p.versions, p.skipEvery, objectBytes));
          // Blobs that fail to decode (opm's R9 no schema, R12 a bundle field of the wrong type, R14
          // bad base64): reported from their segment at their place in the file; a syntax error.
          for (const [at, rule] of faults) {
            const b = blobs[at % blobs.length] as Record<string, unknown>;
            if (rule === 'syntax') b.syntax = true;
            else if (rule === 'R8')
              b.name = 3; // Meta: a plain error past the file's second value
            else if (rule === 'R9') delete b.schema;
            else if (rule === 'R12' && b.schema === 'olm.bundle') b.image = 42;
            else if (rule === 'R14' && b.schema === 'olm.bundle')
              b.properties = [{ type: 'olm.bundle.object', value: { data: 'not base64!' } }];
          }
          const dir = writeCatalog(render(blobs, layouts));
          const whole = await check(dir);
          const parts = await check(dir, chunk);
          // A syntax error, or a Meta error among the first two values (Go retries the file as YAML),
          // loads the whole text; other blobs that fail stay in their segments.
          const wholeText = faults.some(
            ([at, rule]) => rule === 'syntax' || (rule === 'R8' && at % blobs.length < 2),
          );
          if (!wholeText && whole.catalog) expect(parts.segmented).toBe(true);
          expect({ ...parts, segmented: false }).toEqual({ ...whole, segmented: false });
        },
      ),
      { numRuns: 50 },
    );
  });

  it('falls back to the whole text for a syntax error, a YAML file, a non-ASCII byte and a truncated end, with the same result', async () => {
    const good = render(pkgBlobs('p', 5, 2, 100), ['pretty']);
    const cases = [
      good + '{"schema": "olm.bundle", "name": "x",}\n', // a syntax error (offsets are file-wide)
      good.replace('"olm.channel"', '"olm.channel", "x": "café"'),
      'schema: olm.package\nname: p\ndefaultChannel: stable\n',
      good + '{"schema": "olm.package", "name": "q"', // unexpected EOF at the end
    ];
    for (const text of cases) {
      const dir = writeCatalog(text);
      const whole = await check(dir);
      const parts = await check(dir, 128);
      expect(parts.segmented).toBe(false);
      expect(parts).toEqual(whole);
    }
  });

  it('is how the CLI reads a file over 32 MB: validate prints what the whole-file load gives', async () => {
    const blobs = [0, 1, 2].flatMap((i) => pkgBlobs(`pkg${i}`, 7, 3, 1_200_000));
    const text = render(blobs, ['pretty', 'compact']);
    expect(text.length).toBeGreaterThan(HUGE_FILE);
    const dir = writeCatalog(text);
    const d = await discoverFolder(dir);
    expect(d.loads.get('pkgs/index.json')?.file.segments?.length).toBeGreaterThan(1);
    const checked = await checkFolder(dir);
    if (!('verdict' in checked)) throw new Error('one catalog expected');
    const whole = (await checkCatalog(new NodeFsSource(dir))).result;
    const shown = (v: typeof whole | typeof checked.verdict) => ({
      passed: v.passed,
      opm: v.opmMessage,
      findings: v.diagnostics.map(({ ref: _ref, ...x }) => x),
    });
    expect(checked.verdict.diagnostics.length).toBeGreaterThan(0);
    expect(shown(checked.verdict)).toEqual(shown(whole));
  }, 60_000);
});
