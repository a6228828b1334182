/**
 * Re-loading an edited YAML file with the parses of its unchanged documents (loadFile's `yamlDocs`)
 * gives exactly what loading it afresh gives: blobs, origins, errors and their locations.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { loadFile } from '../../../src/core/load';
import type { YamlDocParse } from '../../../src/core/load/types';

const long = 'QUJD'.repeat(80); // a base64 value over LONG_VALUE (parsed through yaml-long.ts)

/** Documents a catalog file holds, good and bad. */
const docs = [
  'schema: olm.package\nname: p\ndefaultChannel: stable\n',
  'schema: olm.channel\npackage: p\nname: stable\nentries:\n  - name: p.v1.0.0\n  - name: p.v1.1.0\n    replaces: p.v1.0.0\n',
  'schema: olm.bundle\npackage: p\nname: p.v1.0.0\nimage: quay.io/p:v1.0.0\nproperties:\n  - type: olm.package\n    value:\n      packageName: p\n      version: 1.0.0\n',
  `schema: olm.bundle\npackage: p\nname: p.v1.1.0\nimage: quay.io/p:v1.1.0\nproperties:\n  - type: olm.bundle.object\n    value:\n      data: ${long}\n`,
  // A syntax error (R4, positioned inside the document).
  'schema: olm.bundle\nname: [unclosed\n',
  'schema: olm.bundle\n  bad: indentation: here\n',
  // A value JSON cannot hold (R4 at the document).
  'schema: olm.bundle\nname: p.v9\nweight: .inf\n',
  // No schema (R9), an empty document, a comment only.
  'name: orphan\n',
  '',
  '# just a comment\n',
  'schema: olm.deprecations\npackage: p\nentries: []\n',
];
const separators = ['---\n', '--- # note\n', '--- bad\n'];

const file = fc.array(fc.tuple(fc.nat(docs.length - 1), fc.nat(separators.length - 1)), {
  minLength: 1,
  maxLength: 8,
});

const text = (parts: [number, number][]) =>
  parts.map(([d, s], i) => (i ? separators[s]! : '') + docs[d]!).join('');

function load(t: string, reuse?: ReadonlyMap<string, YamlDocParse>) {
  const record = new Map<string, YamlDocParse>();
  return { load: loadFile('p/catalog.yaml', t, { yamlDocs: { reuse, record } }), record };
}

describe('re-loading a YAML file with its unchanged documents’ parses', () => {
  it('equals a fresh load of the edited file, for any edit', () => {
    fc.assert(
      fc.property(file, file, (before, after) => {
        const first = load(text(before));
        const again = load(text(after), first.record);
        expect(again.load).toEqual(loadFile('p/catalog.yaml', text(after)));
        // Documents present in both were not parsed again: their parses are the same objects.
        for (const [src, parse] of again.record)
          if (first.record.has(src)) expect(parse).toBe(first.record.get(src));
      }),
      { numRuns: 400 },
    );
  });

  it('a keystroke in one document of many re-parses that document only', () => {
    const bundles = Array.from(
      { length: 50 },
      (_, i) => `schema: olm.bundle\npackage: p\nname: p.v1.${i}.0\nimage: quay.io/p:v1.${i}.0\n`,
    );
    const before = [docs[0], ...bundles].join('---\n');
    const after = before.replace('name: p.v1.7.0', 'name: p.v1.7.0x');
    const first = load(before);
    const again = load(after, first.record);
    const reparsed = [...again.record].filter(([src, parse]) => first.record.get(src) !== parse);
    expect(reparsed.map(([src]) => src)).toEqual([expect.stringContaining('name: p.v1.7.0x')]);
    expect(again.load.dc.bundles.map((b) => b.name)).toContain('p.v1.7.0x');
  });
});
