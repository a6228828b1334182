/**
 * The FBC JSON Schema (src/core/schema) gives editor completion, hover and schema warnings. It must
 * never flag a blob opm accepts as written, and must flag the mistakes opm would reject or ignore.
 */
import { readFileSync, statSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import { NodeFsSource } from '../../../src/cli/node-source';
import { loadFile, loadIndexIgnore, mergeFileLoads, selectFiles } from '../../../src/core/load';
import { FBC_SCHEMA } from '../../../src/core/schema/fbc-schema';
import { validateBlob } from '../../../src/core/schema/validate-schema';
import { hasShared, sharedPath, skipReason } from '../../support/shared';
import { demoTree } from './demo-files';

// The .indexignore matcher loads on demand, as the loaders do when a source has one.
beforeAll(() => loadIndexIgnore());

function blobsOf(files: Record<string, Uint8Array | string>): Record<string, unknown>[] {
  const { load } = selectFiles(Object.keys(files), (p) => {
    const f = files[p];
    return f === undefined ? undefined : typeof f === 'string' ? f : new TextDecoder().decode(f);
  });
  const merged = mergeFileLoads(load.map((p) => loadFile(p, files[p] as Uint8Array | string)));
  const dc = merged.dc;
  return [...dc.packages, ...dc.channels, ...dc.bundles, ...dc.deprecations, ...dc.others].map((b) => b.raw);
}

describe('FBC JSON Schema', () => {
  it('accepts every blob of the demo catalog', () => {
    const blobs = blobsOf(demoTree());
    expect(blobs.length).toBeGreaterThan(20);
    for (const b of blobs)
      expect({ blob: b.name, problems: validateBlob(b) }).toEqual({ blob: b.name, problems: [] });
  });

  it('flags what opm rejects or silently ignores, at the offending path', () => {
    expect(validateBlob({ schema: 'olm.package', name: 'Bad_Name', defaultChanel: 'stable' })).toEqual([
      {
        path: ['name'],
        at: 'value',
        message: 'String does not match the pattern of "^[a-z0-9]([-a-z0-9]*[a-z0-9])?$".',
      },
      { path: ['defaultChanel'], at: 'key', message: 'Property defaultChanel is not allowed.' },
    ]);
    expect(
      validateBlob({
        schema: 'olm.channel',
        package: 'p',
        name: 'stable',
        entries: [{ name: 'p.v1' }, { name: 'p.v2', replace: 'p.v1', skips: 'p.v1' }],
      }),
    ).toEqual([
      { path: ['entries', 1, 'replace'], at: 'key', message: 'Property replace is not allowed.' },
      { path: ['entries', 1, 'skips'], at: 'value', message: 'Incorrect type. Expected "array".' },
    ]);
    expect(
      validateBlob({
        schema: 'olm.bundle',
        package: 'p',
        name: 'p.v1',
        image: 'x.io/p:1',
        properties: [
          { type: 'olm.package', value: { packageName: 'p' } },
          { type: 'olm.gvk', value: ['g', 'v', 'k'] },
          { type: 'olm.package.required', value: { packageName: 'q', versionRange: 3 } },
          { type: 'olm.gvk.required', value: { group: 'g', version: 'v' } },
          { type: 'olm.bundle.object', value: { data: 'e30=', extra: 1 } },
          { type: 'olm.csv.metadata', value: { displayName: 'P', keywords: 'a' } },
          { type: 'example.com/anything', value: [1, 2] },
        ],
      }),
    ).toEqual([
      { path: ['properties', 0, 'value'], at: 'value', message: 'Missing property "version".' },
      { path: ['properties', 1, 'value'], at: 'value', message: 'Incorrect type. Expected "object".' },
      {
        path: ['properties', 2, 'value', 'versionRange'],
        at: 'value',
        message: 'Incorrect type. Expected "string".',
      },
      { path: ['properties', 3, 'value'], at: 'value', message: 'Missing property "kind".' },
      { path: ['properties', 4, 'value', 'extra'], at: 'key', message: 'Property extra is not allowed.' },
      {
        path: ['properties', 5, 'value', 'keywords'],
        at: 'value',
        message: 'Incorrect type. Expected "array".',
      },
    ]);
    expect(
      validateBlob({
        schema: 'olm.deprecations',
        package: 'p',
        entries: [{ reference: { schema: 'olm.channels', name: 'x' }, message: '' }],
      }),
    ).toEqual([
      {
        path: ['entries', 0, 'reference', 'schema'],
        at: 'value',
        message: 'Value is not accepted. Valid values: "olm.package", "olm.channel", "olm.bundle".',
      },
      {
        path: ['entries', 0, 'message'],
        at: 'value',
        message: 'String is shorter than the minimum length of 1.',
      },
    ]);
  });

  it('leaves blobs of other schemas alone, but requires a schema', () => {
    expect(validateBlob({ schema: 'example.com/widget', anything: [1] })).toEqual([]);
    expect(validateBlob({ name: 'x' })).toEqual([
      { path: [], at: 'value', message: 'Missing property "schema".' },
    ]);
  });

  it('is plain JSON (Monaco and monaco-yaml receive it as data)', () => {
    expect(JSON.parse(JSON.stringify(FBC_SCHEMA))).toEqual(FBC_SCHEMA);
  });
});

interface Verdict {
  valid: boolean;
}
const validRoots: string[] = hasShared
  ? Object.entries(
      (
        JSON.parse(readFileSync(sharedPath('spec/corpus-verdicts.json'), 'utf8')) as {
          roots: Record<string, Verdict>;
        }
      ).roots,
    )
      .filter(([root, v]) => v.valid && statSync(sharedPath(root)).isDirectory())
      .map(([root]) => root)
  : [];
if (!hasShared) console.log(skipReason('FBC schema on the corpus'));

// Reads ../shared/corpus (real repositories, never copied into the project): skipped, with the printed reason, in a clone without it.
describe.skipIf(!hasShared)('FBC JSON Schema on real catalogs that opm accepts', () => {
  it.each(validRoots)('%s: no schema problem in any blob', async (root) => {
    const source = new NodeFsSource(sharedPath(root));
    const files: Record<string, Uint8Array> = {};
    for (const f of await source.list()) files[f.path] = await source.read(f.path);
    const problems = blobsOf(files).flatMap((b) =>
      validateBlob(b).map((p) => `${String(b.schema)} ${String(b.name)}: ${p.path.join('.')}: ${p.message}`),
    );
    expect(problems.slice(0, 10)).toEqual([]);
  });
});
