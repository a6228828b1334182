/** The Files list: each folder once, every ancestor listed, contents kept under their folder. */
import { describe, expect, it } from 'vitest';
import { fileRows } from '../../../src/app/editor/file-rows';

const show = (paths: string[]) =>
  fileRows(paths).map((r) => `${'  '.repeat(r.depth)}${r.path.split('/').pop()}${r.dir ? '/' : ''}`);

describe('fileRows', () => {
  it("lists a folder that holds only folders (the demo's cirrus-operator), not under the folder before it", () => {
    expect(
      show([
        'aurora-operator/catalog.yaml',
        'borealis-operator/catalog.json',
        'cirrus-operator/bundles/cirrus-operator.v0.1.0.yaml',
        'cirrus-operator/bundles/cirrus-operator.v0.2.0.yaml',
        'cirrus-operator/channels/alpha.yaml',
        'cirrus-operator/package.yaml',
        'nimbus-operator/catalog.yaml',
      ]),
    ).toEqual([
      'aurora-operator/',
      '  catalog.yaml',
      'borealis-operator/',
      '  catalog.json',
      'cirrus-operator/',
      '  package.yaml',
      '  bundles/',
      '    cirrus-operator.v0.1.0.yaml',
      '    cirrus-operator.v0.2.0.yaml',
      '  channels/',
      '    alpha.yaml',
      'nimbus-operator/',
      '  catalog.yaml',
    ]);
  });

  it('keeps a folder together whatever order the files came in; top-level files first', () => {
    expect(show(['b/x.yaml', 'a.yaml', 'b/c/y.yaml', 'b/w.yaml'])).toEqual([
      'a.yaml',
      'b/',
      '  w.yaml',
      '  x.yaml',
      '  c/',
      '    y.yaml',
    ]);
  });
});
