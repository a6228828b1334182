import { describe, expect, it } from 'vitest';
import type { Diagnostic } from '../../../src/core/diagnostics';
import { validateCatalog } from '../../../src/core/validate/validate-catalog';
import { addYaml, bundleYaml } from '../model/build-dc';

const pkg = (name: string, def = 'alpha') => `schema: olm.package\nname: ${name}\ndefaultChannel: ${def}\n`;
const chan = (p: string, name: string, ...entries: string[]) =>
  `schema: olm.channel\npackage: ${p}\nname: ${name}\nentries:\n` +
  entries.map((e) => `  - name: ${e}\n`).join('');
const docs = (...d: string[]) => d.join('---\n');
const check = (...d: string[]) => validateCatalog({ dc: addYaml(docs(...d)), errors: [] });
const opm = (ds: Diagnostic[]) => ds.filter((d) => d.source === 'opm');
const brief = (d: Diagnostic) => ({
  rule: d.rule,
  package: d.package,
  channel: d.channel,
  bundle: d.bundle,
  path: d.ref?.path,
});

const G21 = docs(
  pkg('anakin', 'light'),
  chan('anakin', 'light', 'anakin.v0.0.1', 'anakin.v0.0.2'),
  chan('anakin', 'dark', 'anakin.v0.0.1', 'anakin.v0.0.2'),
  bundleYaml('anakin', 'anakin.v0.0.1', '0.0.1'),
  bundleYaml('anakin', 'anakin.v0.0.2', '0.0.2'),
);

describe('validateCatalog', () => {
  it('passes a valid catalog with no opm findings', () => {
    const r = check(pkg('foo'), chan('foo', 'alpha', 'a'), bundleYaml('foo', 'a', '1.0.0'));
    expect(r).toMatchObject({ passed: true, opmMessage: null, stage: null });
    expect(r.tree).toBeUndefined();
    expect(opm(r.diagnostics)).toEqual([]);
    expect(r.model.packages.get('foo')?.channels.get('alpha')?.bundles.get('a')?.version?.raw).toBe('1.0.0');
  });

  it('G21: the flat diagnostics list both channels, each pointing at its entries', () => {
    const r = validateCatalog({ dc: addYaml(G21), errors: [] });
    expect(r.stage).toBe('model');
    const heads = opm(r.diagnostics).filter((d) => d.bundle === undefined);
    expect(heads.map(brief)).toEqual([
      { rule: 'R55', package: 'anakin', channel: 'light', bundle: undefined, path: ['entries'] },
      { rule: 'R55', package: 'anakin', channel: 'dark', bundle: undefined, path: ['entries'] },
    ]);
    expect(heads[0]?.message).toBe('multiple channel heads found in graph: anakin.v0.0.1, anakin.v0.0.2');
    expect(heads.map((d) => d.ref?.origin.index)).toEqual([1, 2]);
  });

  it('stranded bundles: one channel finding plus one per stranded entry, at that entry', () => {
    const r = check(
      pkg('foo'),
      'schema: olm.channel\npackage: foo\nname: alpha\nentries:\n  - name: a\n  - name: b\n    replaces: a\n  - name: c\n    replaces: b\n  - name: d\n    skips: [c]\n',
      bundleYaml('foo', 'a', '1.0.0'),
      bundleYaml('foo', 'b', '1.1.0'),
      bundleYaml('foo', 'c', '1.2.0'),
      bundleYaml('foo', 'd', '1.3.0'),
    );
    expect(r.opmMessage).toBe(
      'invalid index:\n└── invalid package "foo":\n    └── invalid channel "alpha":\n' +
        '        └── channel contains one or more stranded bundles: a, b',
    );
    expect(opm(r.diagnostics).map(brief)).toEqual([
      { rule: 'R55', package: 'foo', channel: 'alpha', bundle: undefined, path: ['entries'] },
      { rule: 'R55', package: 'foo', channel: 'alpha', bundle: 'a', path: ['entries', 0] },
      { rule: 'R55', package: 'foo', channel: 'alpha', bundle: 'b', path: ['entries', 1] },
    ]);
  });

  it('a stage-B error is opm’s message, and stage C still runs on the partial model', () => {
    const r = check(
      pkg('foo'),
      chan('foo', 'alpha', 'a', 'b'),
      bundleYaml('foo', 'a', '1.0.0'),
      bundleYaml('foo', 'b', '1.1.0'),
      'schema: olm.bundle\npackage: foo\nname: c\nimage: x\nproperties:\n  - type: olm.package\n    value: {packageName: foo, version: 1.2.0}\n',
    );
    expect(r.stage).toBe('convert');
    expect(r.passed).toBe(false);
    expect(r.opmMessage).toBe('package "foo", bundle "c" not found in any channel entries');
    expect(r.model.packages.get('foo')?.channels.get('alpha')?.bundles.size).toBe(2);
    expect(r.tree?.children[0]?.children[0]?.children[0]?.message).toBe(
      'multiple channel heads found in graph: a, b',
    );
    expect(opm(r.diagnostics).map((d) => d.rule)).toEqual(['R34', 'R55', 'R55', 'R55']);
  });

  it('a load error wins over everything, and keeps its location', () => {
    const location = { file: 'bad.yaml', start: { line: 3, column: 1 }, end: { line: 3, column: 5 } };
    const r = validateCatalog({
      dc: addYaml(docs(pkg('foo'), chan('bar', 'alpha', 'a'))),
      errors: [
        {
          rule: 'R4',
          message: 'error converting YAML to JSON: yaml: line 3: oops',
          file: 'bad.yaml',
          location,
        },
      ],
    });
    expect(r).toMatchObject({
      stage: 'load',
      opmMessage: 'error converting YAML to JSON: yaml: line 3: oops',
    });
    expect(r.diagnostics[0]).toEqual({
      severity: 'error',
      source: 'opm',
      rule: 'R4',
      message: 'error converting YAML to JSON: yaml: line 3: oops',
      location,
    });
    expect(opm(r.diagnostics).map((d) => d.rule)).toEqual(['R4', 'R20', 'R54']);
  });

  it('R35: one finding per missing entry; stage C does not repeat them as missing properties/image', () => {
    const r = check(pkg('foo'), chan('foo', 'alpha', 'x', 'a', 'y'), bundleYaml('foo', 'a', '1.0.0'));
    expect(r.opmMessage).toBe('no olm.bundle blobs found in package "foo" for olm.channel entries [x y]');
    const rows = opm(r.diagnostics).map(brief);
    expect(rows.filter((d) => d.rule === 'R35')).toEqual([
      { rule: 'R35', package: 'foo', channel: 'alpha', bundle: undefined, path: ['entries', 0, 'name'] },
      { rule: 'R35', package: 'foo', channel: 'alpha', bundle: 'x', path: ['entries', 0, 'name'] },
      { rule: 'R35', package: 'foo', channel: 'alpha', bundle: 'y', path: ['entries', 2, 'name'] },
    ]);
    expect(rows.filter((d) => d.rule === 'R64' || d.rule === 'R65')).toEqual([]);
    // the tree (opm never prints it here) still has them
    expect(JSON.stringify(r.tree)).toContain('bundle image must be set');
  });

  it('R27: stage C does not repeat the property parse error', () => {
    const r = check(
      pkg('foo'),
      chan('foo', 'alpha', 'a'),
      bundleYaml('foo', 'a', '1.0.0', '  - type: olm.x\n'),
    );
    expect(opm(r.diagnostics).map((d) => d.rule)).toEqual(['R27']);
    expect(r.tree?.children[0]?.children[0]?.children[0]?.children[0]?.rule).toBe('R61');
  });

  it('D37: tree leaves point at the entry when the blob has no name', () => {
    const r = check(
      pkg('foo'),
      'schema: olm.channel\npackage: foo\nname: alpha\nentries:\n  - name: ""\n',
      'schema: olm.bundle\npackage: foo\nimage: foo-bundle:v0.1.0\nproperties:\n  - type: olm.package\n    value: {packageName: foo, version: 0.1.0}\n',
    );
    expect(opm(r.diagnostics).map(brief)).toEqual([
      { rule: 'R55', package: 'foo', channel: 'alpha', bundle: undefined, path: ['entries'] },
      { rule: 'R55', package: 'foo', channel: 'alpha', bundle: '', path: ['entries', 0] },
      { rule: 'R58', package: 'foo', channel: 'alpha', bundle: '', path: ['entries', 0, 'name'] },
    ]);
  });
});
