/**
 * fbc-cases.md §A (loading) and §E (.indexignore), as our own fixtures. A case file is JSON or YAML
 * by its first character, not its extension.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { go, goUnmarshal, GoJsonError } from '../../../src/core/gojson';
import { loadCatalog, loadIndexIgnore, selectFiles } from '../../../src/core/load';
import { MemorySource } from '../../../src/core/source/memory';

const L01 = `schema: olm.package
name: foo
defaultChannel: alpha
---
schema: olm.channel
package: foo
name: alpha
entries:
  - name: foo.v0.1.0
---
schema: olm.bundle
package: foo
name: foo.v0.1.0
image: foo-bundle:v0.1.0
properties:
  - type: olm.package
    value: {packageName: foo, version: 0.1.0}
`;

async function load(files: Record<string, string>) {
  return loadCatalog(new MemorySource(files));
}

async function firstError(files: Record<string, string>): Promise<string | undefined> {
  return (await load(files)).errors[0]?.message;
}

describe('§A loading and decoding', () => {
  it('L01 minimal valid catalog loads without errors', async () => {
    const r = await load({ 'catalog.yaml': L01 });
    expect(r.errors).toEqual([]);
    expect(r.dc.packages.map((p) => [p.name, p.defaultChannel])).toEqual([['foo', 'alpha']]);
    expect(r.dc.channels[0]?.entries).toEqual([
      { name: 'foo.v0.1.0', replaces: '', skips: [], skipRange: '' },
    ]);
    expect(r.dc.bundles[0]?.properties).toEqual([
      { type: 'olm.package', value: { packageName: 'foo', version: '0.1.0' } },
    ]);
    expect(r.dc.bundles[0]?.image).toBe('foo-bundle:v0.1.0');
  });

  it("L03 unknown schema is kept as 'other'", async () => {
    const r = await load({ 'catalog.yaml': L01 + '---\nschema: example.com.custom\nanything: [1, 2]\n' });
    expect(r.errors).toEqual([]);
    expect(r.dc.others).toHaveLength(1);
    expect(r.dc.others[0]?.schema).toBe('example.com.custom');
    expect(r.dc.others[0]?.raw).toEqual({ schema: 'example.com.custom', anything: [1, 2] });
  });

  it('L05 package name is not a string (JSON stream: no prefix)', async () => {
    expect(await firstError({ 'invalid-package.json': '{"schema": "olm.package","name": {}}\n' })).toBe(
      'expected value for key "name" to be a string, got map[]: map[]',
    );
  });

  it('L07 top-level JSON array (decoded as YAML: prefixed, pretty-printed)', async () => {
    expect(await firstError({ 'not-object.json': '[]\n' })).toBe(
      'error unmarshaling JSON: while decoding JSON: json: cannot unmarshal array into Go value of type map[string]interface {} at offset 1 (indicated by <==)\n[ <== ]',
    );
  });

  it('L09 empty document between separators', async () => {
    const text = L01.replace('defaultChannel: alpha\n---\n', 'defaultChannel: alpha\n---\n\n---\n');
    const r = await load({ 'catalog.yaml': text });
    expect(r.errors.map((e) => e.message)).toEqual(["object '' is missing root schema field"]);
    expect(r.errors[0]?.location.start).toEqual({ line: 5, column: 1 });
    // Nothing else is hidden by the bad document.
    expect([r.dc.packages.length, r.dc.channels.length, r.dc.bundles.length]).toEqual([1, 1, 1]);
  });

  it('L11 duplicate keys differing only by case (YAML: prefixed)', async () => {
    const text = L01.replace('name: foo\ndefaultChannel', 'name: foo\nName: foo\ndefaultChannel');
    expect(await firstError({ 'catalog.yaml': text })).toBe(
      'error unmarshaling JSON: while decoding JSON: duplicate keys for key "name": [Name name]',
    );
  });

  it('L13 unquoted YAML number as version loads as the number 1.1 (stage B rejects it)', async () => {
    const r = await load({ 'catalog.yaml': L01.replace(/0\.1\.0/g, '1.10') });
    expect(r.errors).toEqual([]);
    const value = r.dc.bundles[0]?.properties[0]?.value;
    expect(value).toEqual({ packageName: 'foo', version: 1.1 });
    expect(r.dc.bundles[0]?.name).toBe('foo.v1.10');
    // The Go-library text stage B wraps, from our encoding/json emulation.
    const PackageProp = go.struct('property', 'Package', { packageName: go.string, version: go.string });
    expect(() => goUnmarshal(value, PackageProp)).toThrow(GoJsonError);
    expect(() => goUnmarshal(value, PackageProp)).toThrow(
      'json: cannot unmarshal number into Go struct field Package.version of type string',
    );
  });

  it('L14 (derived) a README without .indexignore breaks loading', async () => {
    const r = await load({ 'catalog.yaml': L01, 'README.md': '# My catalog\n\nSome words.\n' });
    expect(r.order).toEqual(['README.md', 'catalog.yaml']);
    expect(r.errors[0]?.file).toBe('README.md');
    expect(r.errors[0]?.message).toMatch(
      /^error unmarshaling JSON: while decoding JSON: json: cannot unmarshal string into Go value of type map\[string\]interface \{\} at offset \d+ \(indicated by <==\)\n"Some words\." <==$/,
    );
  });

  it('L15 empty file is harmless, a newline-only file is an empty blob', async () => {
    const r = await load({ 'catalog.yaml': L01, 'empty.json': '', 'newline.yaml': '\n' });
    expect(r.errors.map((e) => [e.file, e.message])).toEqual([
      ['newline.yaml', "object '' is missing root schema field"],
    ]);
    expect(r.files.get('empty.json')?.format).toBe('empty');
    expect(r.files.get('empty.json')?.blobs).toBe(0);
  });
});

describe('§E .indexignore', () => {
  // The matcher loads on demand (as the loaders do when a source has an .indexignore).
  beforeAll(() => loadIndexIgnore());
  const select = (files: Record<string, string>) => selectFiles(Object.keys(files), (p) => files[p]);

  it('I01 upstream valid directory with README and CSV file', async () => {
    const files: Record<string, string> = {
      '.indexignore': '*\n!*.json\n!*.yaml\n\n*.clusterserviceversion.yaml\n',
      'cockroachdb.json': '{"schema": "olm.package", "name": "cockroachdb", "defaultChannel": "stable"}',
      'etcd.yaml': 'schema: olm.package\nname: etcd\ndefaultChannel: singlenamespace-alpha\n',
      'etcdoperator.v0.6.1.clusterserviceversion.yaml':
        'apiVersion: operators.coreos.com/v1alpha1\nkind: ClusterServiceVersion\n',
      'README.md': '# not FBC\n',
      'unrecognized-schema.json': '{"schema": "custom.unrecognized.schema", "pkg": "etcd"}',
      'deprecations.yaml': 'schema: olm.deprecations\npackage: etcd\nentries: []\n',
    };
    expect(select(files)).toEqual({
      load: ['cockroachdb.json', 'deprecations.yaml', 'etcd.yaml', 'unrecognized-schema.json'],
      ignored: ['README.md', 'etcdoperator.v0.6.1.clusterserviceversion.yaml'],
    });
    const r = await loadCatalog(new MemorySource(files));
    expect(r.errors).toEqual([]);
    expect(r.order).toEqual([
      'cockroachdb.json',
      'deprecations.yaml',
      'etcd.yaml',
      'unrecognized-schema.json',
    ]);
    expect(r.ignored).toEqual(['README.md', 'etcdoperator.v0.6.1.clusterserviceversion.yaml']);
    expect(r.dc.others.map((o) => o.schema)).toEqual(['custom.unrecognized.schema']);
    expect(r.dc.deprecations.map((d) => d.package)).toEqual(['etcd']);
  });

  describe('I03 differences from git', () => {
    it('`*` then `!*.json` re-includes sub/x.json', () => {
      expect(select({ '.indexignore': '*\n!*.json\n', 'sub/x.json': '', 'sub/notes.txt': '' })).toEqual({
        load: ['sub/x.json'],
        ignored: ['sub/notes.txt'],
      });
    });

    it('`docs/` skips files below any docs directory, not files named docs*', () => {
      const files = {
        '.indexignore': 'docs/\n',
        'docs/x.yaml': '',
        'a/docs/y.yaml': '',
        'a/docs.yaml': '',
        'docs.yaml': '',
        docs: '',
      };
      expect(select(files)).toEqual({
        load: ['a/docs.yaml', 'docs', 'docs.yaml'],
        ignored: ['a/docs/y.yaml', 'docs/x.yaml'],
      });
    });

    it('`docs` skips the same files and also a file called docs', () => {
      const files = {
        '.indexignore': 'docs\n',
        'docs/x.yaml': '',
        'a/docs/y.yaml': '',
        'a/docs.yaml': '',
        'docs.yaml': '',
        docs: '',
      };
      expect(select(files)).toEqual({
        load: ['a/docs.yaml', 'docs.yaml'],
        ignored: ['a/docs/y.yaml', 'docs', 'docs/x.yaml'],
      });
    });

    it('`/b` is anchored to the directory of the .indexignore', () => {
      expect(select({ '.indexignore': '/b\n', 'b/z.yaml': '', 'a/b/z.yaml': '' })).toEqual({
        load: ['a/b/z.yaml'],
        ignored: ['b/z.yaml'],
      });
    });

    it('`c/**/e.yaml` matches through zero or more directories', () => {
      const files = {
        '.indexignore': 'c/**/e.yaml\n',
        'c/d/e.yaml': '',
        'c/d/f/e.yaml': '',
        'c/e.yaml': '',
        'e.yaml': '',
        'x/c/d/e.yaml': '',
      };
      expect(select(files)).toEqual({
        load: ['e.yaml', 'x/c/d/e.yaml'],
        ignored: ['c/d/e.yaml', 'c/d/f/e.yaml', 'c/e.yaml'],
      });
    });

    it('a nested .indexignore beats its ancestors', () => {
      expect(
        select({
          '.indexignore': '*.yaml\n',
          'c/.indexignore': '!keep.yaml\n',
          'c/keep.yaml': '',
          'top.yaml': '',
        }),
      ).toEqual({
        load: ['c/keep.yaml'],
        ignored: ['top.yaml'],
      });
    });

    it('lines are trimmed on both sides', () => {
      expect(
        select({ 'pkg/.indexignore': '   catalog.yaml  \n', 'pkg/a/catalog.yaml': '', 'catalog.yaml': '' }),
      ).toEqual({
        load: ['catalog.yaml'],
        ignored: ['pkg/a/catalog.yaml'],
      });
    });

    it('hidden files are not special', async () => {
      expect(select({ '.git/config': '[core]\n', 'catalog.yaml': '' }).load).toEqual([
        '.git/config',
        'catalog.yaml',
      ]);
      const r = await load({ '.git/config': '[core]\n\tbare = false\n', 'catalog.yaml': L01 });
      expect(r.errors[0]?.file).toBe('.git/config');
    });
  });
});
