import { describe, expect, it } from 'vitest';
import { convertToModel } from '../../../src/core/model/convert';
import { printTree, validateModel, type ValidationNode } from '../../../src/core/model/validate-model';
import { addYaml, bundleYaml } from './build-dc';

const leaf = (message: string): ValidationNode => ({ message, children: [] });
const node = (message: string, ...children: ValidationNode[]): ValidationNode => ({ message, children });

function treeOf(yaml: string): string | undefined {
  const { model, errors } = convertToModel(addYaml(yaml));
  expect(errors).toEqual([]);
  const tree = validateModel(model);
  return tree && printTree(tree);
}

const PKG = 'schema: olm.package\nname: foo\ndefaultChannel: alpha\n';

describe('printTree', () => {
  it('prints the spec example with its prefix widths', () => {
    const tree = node(
      'invalid index',
      node(
        'invalid package "anakin"',
        leaf('default channel must be set'),
        node('invalid channel "light"', node('invalid bundle "anakin.v0.0.1"', leaf('skip[0] is empty'))),
        leaf('invalid deprecation: message must be set'),
      ),
    );
    expect(printTree(tree)).toBe(
      [
        'invalid index:',
        '└── invalid package "anakin":',
        '    ├── default channel must be set',
        '    ├── invalid channel "light":',
        '    │   └── invalid bundle "anakin.v0.0.1":',
        '    │       └── skip[0] is empty',
        '    └── invalid deprecation: message must be set',
      ].join('\n'),
    );
  });

  it('keeps │ under a non-last ancestor through 4 levels and prints multi-line leaves as-is', () => {
    const tree = node(
      'invalid index',
      node(
        'invalid package "a"',
        node('invalid channel "x"', leaf('line1\nline2'), node('invalid bundle "b"', leaf('leaf'))),
      ),
      node('invalid package "c"', leaf('leaf2')),
    );
    expect(printTree(tree)).toBe(
      [
        'invalid index:',
        '├── invalid package "a":',
        '│   └── invalid channel "x":',
        '│       ├── line1',
        'line2',
        '│       └── invalid bundle "b":',
        '│           └── leaf',
        '└── invalid package "c":',
        '    └── leaf2',
      ].join('\n'),
    );
  });

  it('trims the trailing space of a last leaf ending in a space (D37)', () => {
    expect(printTree(node('invalid index', leaf('cycle:  -> ')))).toBe('invalid index:\n└── cycle:  ->');
  });
});

describe('validateModel', () => {
  it('returns undefined for a valid model', () => {
    expect(
      treeOf(
        `${PKG}---\nschema: olm.channel\npackage: foo\nname: alpha\nentries:\n  - name: a\n---\n${bundleYaml('foo', 'a', '1.0.0')}`,
      ),
    ).toBeUndefined();
  });

  it('D32: an entry with no blob in an earlier channel reaches stage C without properties or image', () => {
    const yaml =
      `${PKG}---\nschema: olm.channel\npackage: foo\nname: alpha\nentries:\n  - name: foo.v0.1.0\n---\n` +
      `schema: olm.channel\npackage: foo\nname: beta\nentries:\n  - name: foo.v0.2.0\n---\n` +
      bundleYaml('foo', 'foo.v0.2.0', '0.2.0');
    expect(treeOf(yaml)).toBe(
      [
        'invalid index:',
        '└── invalid package "foo":',
        '    └── invalid channel "alpha":',
        '        └── invalid bundle "foo.v0.1.0":',
        '            ├── must be exactly one property with type "olm.package"',
        '            └── bundle image must be set',
      ].join('\n'),
    );
  });

  it('a defaultChannel naming no channel gets an empty synthetic channel (R54)', () => {
    const yaml =
      `schema: olm.package\nname: foo\ndefaultChannel: stable\n---\n` +
      `schema: olm.channel\npackage: foo\nname: alpha\nentries:\n  - name: a\n---\n${bundleYaml('foo', 'a', '1.0.0')}`;
    expect(treeOf(yaml)).toBe(
      [
        'invalid index:',
        '└── invalid package "foo":',
        '    └── invalid channel "stable":',
        '        └── channel must contain at least one bundle',
      ].join('\n'),
    );
  });

  it('R50: duplicate versions, sorted as strings, names sorted, release appended (D34)', () => {
    const yaml =
      `${PKG}---\nschema: olm.channel\npackage: foo\nname: alpha\nentries:\n` +
      `  - name: a\n  - name: b\n    replaces: a\n  - name: c\n    replaces: b\n  - name: d\n    replaces: c\n` +
      `  - name: foo-v0.0.1-1\n    replaces: d\n  - name: r\n    replaces: foo-v0.0.1-1\n---\n` +
      `${bundleYaml('foo', 'a', '1.0.1')}---\n${bundleYaml('foo', 'b', '0.0.1')}---\n` +
      `${bundleYaml('foo', 'c', '1.0.1')}---\n${bundleYaml('foo', 'd', '0.0.1')}---\n` +
      `schema: olm.bundle\npackage: foo\nname: foo-v0.0.1-1\nimage: x\nproperties:\n` +
      `  - type: olm.package\n    value: {packageName: foo, version: 0.0.1, release: "1"}\n---\n` +
      bundleYaml('foo', 'r', '0.0.1-1');
    expect(treeOf(yaml)).toBe(
      [
        'invalid index:',
        '└── invalid package "foo":',
        '    └── duplicate versions found in bundles: [{0.0.1: [b, d]} {0.0.1-1: [foo-v0.0.1-1, r]} {1.0.1: [a, c]}]',
      ].join('\n'),
    );
  });

  it('R59 and R67: release needs the normalized name and forbids build metadata', () => {
    const yaml =
      `${PKG}---\nschema: olm.channel\npackage: foo\nname: alpha\nentries:\n  - name: foo.v1\n---\n` +
      `schema: olm.bundle\npackage: foo\nname: foo.v1\nimage: x\nproperties:\n` +
      `  - type: olm.package\n    value: {packageName: foo, version: 1.0.0+b1, release: "2"}\n`;
    expect(treeOf(yaml)).toBe(
      [
        'invalid index:',
        '└── invalid package "foo":',
        '    └── invalid channel "alpha":',
        '        └── invalid bundle "foo.v1":',
        '            ├── name "foo.v1" does not match normalized name "foo-v1.0.0+b1-2"',
        '            └── cannot use build metadata in version with a release version',
      ].join('\n'),
    );
  });

  it('empty deprecation messages are reported under the package, the channel and every channel of the bundle', () => {
    const yaml =
      `${PKG}---\nschema: olm.channel\npackage: foo\nname: alpha\nentries:\n  - name: a\n---\n` +
      `schema: olm.channel\npackage: foo\nname: beta\nentries:\n  - name: a\n---\n${bundleYaml('foo', 'a', '1.0.0')}---\n` +
      `schema: olm.deprecations\npackage: foo\nentries:\n` +
      `  - reference: {schema: olm.package}\n    message: ""\n` +
      `  - reference: {schema: olm.channel, name: beta}\n    message: ""\n` +
      `  - reference: {schema: olm.bundle, name: a}\n    message: ""\n`;
    expect(treeOf(yaml)).toBe(
      [
        'invalid index:',
        '└── invalid package "foo":',
        '    ├── invalid channel "alpha":',
        '    │   └── invalid bundle "a":',
        '    │       └── invalid deprecation: message must be set',
        '    ├── invalid channel "beta":',
        '    │   ├── invalid bundle "a":',
        '    │   │   └── invalid deprecation: message must be set',
        '    │   └── invalid deprecation: message must be set',
        '    └── invalid deprecation: message must be set',
      ].join('\n'),
    );
  });

  it('leaves carry package/channel/bundle and point at the offending field', () => {
    const yaml =
      `${PKG}---\nschema: olm.channel\npackage: foo\nname: alpha\nEntries:\n  - name: a\n    Skips: ["", x]\n    skipRange: "~1"\n---\n` +
      bundleYaml('foo', 'a', '1.0.0');
    const tree = validateModel(convertToModel(addYaml(yaml)).model) as ValidationNode;
    const bundle = tree.children[0]?.children[0]?.children.find((n) => n.message === 'invalid bundle "a"');
    const [skip, range] = bundle?.children ?? [];
    expect(skip).toMatchObject({ rule: 'R62', package: 'foo', channel: 'alpha', bundle: 'a' });
    expect(skip?.ref?.path).toEqual(['Entries', 0, 'Skips', 0]);
    expect(range).toMatchObject({ rule: 'R63', message: expect.stringContaining('invalid skipRange "~1"') });
    expect(range?.ref?.path).toEqual(['Entries', 0, 'skipRange']);
    expect(range?.ref?.origin.index).toBe(1);
  });
});
