/** NodeFsSource / fileSource: opm's os.DirFS view of a directory, with Go's error texts. */
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fileSource, NodeFsSource } from '../../../src/cli/node-source';
import { loadCatalog } from '../../../src/core/load';

let root = '';

beforeAll(() => {
  root = mkdtempSync(join(tmpdir(), 'fbc-node-source-'));
  mkdirSync(join(root, 'cat/pkg'), { recursive: true });
  mkdirSync(join(root, 'elsewhere'), { recursive: true });
  writeFileSync(join(root, 'cat/pkg/index.yaml'), 'schema: olm.package\nname: pkg\n');
  writeFileSync(join(root, 'cat/.hidden.json'), '{"schema": "x.hidden"}');
  writeFileSync(join(root, 'elsewhere/linked.yaml'), 'schema: x.linked\n');
  symlinkSync(join(root, 'elsewhere/linked.yaml'), join(root, 'cat/link-to-file.yaml'));
  symlinkSync(join(root, 'elsewhere'), join(root, 'cat/link-to-dir'));
  symlinkSync(join(root, 'missing'), join(root, 'cat/dangling'));
});

afterAll(() => {
  if (root) rmSync(root, { recursive: true, force: true });
});

describe('NodeFsSource', () => {
  it('lists every non-directory entry, hidden files and symlinks included', async () => {
    const paths = (await new NodeFsSource(join(root, 'cat')).list()).map((f) => f.path).sort();
    expect(paths).toEqual(['.hidden.json', 'dangling', 'link-to-dir', 'link-to-file.yaml', 'pkg/index.yaml']);
  });

  it('reads through file links and fails on directory links and dangling links like Go', async () => {
    const dir = join(root, 'cat');
    const r = await loadCatalog(new NodeFsSource(dir));
    expect(r.dc.others.map((o) => o.schema).sort()).toEqual(['x.hidden', 'x.linked']);
    expect(r.dc.packages.map((p) => p.name)).toEqual(['pkg']);
    expect(r.errors.map((e) => [e.rule, e.file, e.message])).toEqual([
      ['R2', 'dangling', `open ${dir}/dangling: no such file or directory`],
      ['R2', 'link-to-dir', `read ${dir}/link-to-dir: is a directory`],
    ]);
  });

  it('joins paths in messages like os.DirFS, keeping the root as given', async () => {
    const src = new NodeFsSource(join(root, 'cat') + '/');
    await expect(src.read('nope.yaml')).rejects.toThrow(
      `open ${join(root, 'cat')}/nope.yaml: no such file or directory`,
    );
  });

  it('fileSource is a catalog of one file', async () => {
    const src = fileSource(join(root, 'cat/pkg/index.yaml'));
    expect(await src.list()).toEqual([{ path: 'index.yaml', size: 30 }]);
    const r = await loadCatalog(src);
    expect(r.dc.packages.map((p) => p.name)).toEqual(['pkg']);
  });
});
