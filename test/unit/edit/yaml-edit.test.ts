import { describe, expect, it } from 'vitest';
import type { BlobOp } from '../../../src/core/edit/blob-op';
import { applyYamlOp } from '../../../src/core/edit/yaml-blob';
import { detectYamlStyle, yamlScalar } from '../../../src/core/edit/yaml-style';

/** One blob's text edited by one op, in the style detected from the text itself. */
const edit = (text: string, op: BlobOp): string => applyYamlOp(text, op, detectYamlStyle(text));
const SORTED_ENTRY = { samples: [], fallback: ['name', 'replaces', 'skipRange', 'skips'] };

const OPM = `---
entries:
- name: a.v1
- name: a.v2
  replaces: a.v1
name: stable
package: a
schema: olm.channel
`;

describe('YAML blob edits keep everything else byte-identical', () => {
  const cases: [string, string, BlobOp, string][] = [
    [
      "opm's unindented lists: a new entry",
      OPM,
      { op: 'append', path: ['entries'], value: { name: 'a.v3', replaces: 'a.v2' } },
      OPM.replace('  replaces: a.v1\n', '  replaces: a.v1\n- name: a.v3\n  replaces: a.v2\n'),
    ],
    [
      "opm's unindented lists: a new skips list",
      OPM,
      { op: 'append', path: ['entries', 1, 'skips'], value: 'a.v0', placement: SORTED_ENTRY },
      OPM.replace('  replaces: a.v1\n', '  replaces: a.v1\n  skips:\n  - a.v0\n'),
    ],
    [
      'CRLF line ends are kept for new lines',
      OPM.replace(/\n/g, '\r\n'),
      { op: 'append', path: ['entries'], value: { name: 'a.v3', replaces: 'a.v2' } },
      OPM.replace('  replaces: a.v1\n', '  replaces: a.v1\n- name: a.v3\n  replaces: a.v2\n').replace(
        /\n/g,
        '\r\n',
      ),
    ],
    [
      'CRLF: removing a line',
      OPM.replace(/\n/g, '\r\n'),
      { op: 'remove', path: ['entries', 1, 'replaces'] },
      OPM.replace('  replaces: a.v1\n', '').replace(/\n/g, '\r\n'),
    ],
    [
      'no final line break: appending keeps it that way',
      'entries:\n- name: a.v1\n- name: a.v2\n  replaces: a.v1',
      { op: 'append', path: ['entries'], value: { name: 'a.v3' } },
      'entries:\n- name: a.v1\n- name: a.v2\n  replaces: a.v1\n- name: a.v3',
    ],
    [
      'no final line break: removing the last line',
      'entries:\n- name: a.v1\n- name: a.v2\n  replaces: a.v1',
      { op: 'remove', path: ['entries', 1] },
      'entries:\n- name: a.v1',
    ],
    [
      'an empty value becomes a block list',
      'schema: olm.channel\nentries:\nname: s\n',
      { op: 'append', path: ['entries'], value: { name: 'a.v1' } },
      'schema: olm.channel\nentries:\n- name: a.v1\nname: s\n',
    ],
    [
      '`~` becomes a block list, its comment stays on the key line',
      'schema: olm.channel\nentries: ~ # none\nname: s\n',
      { op: 'append', path: ['entries'], value: { name: 'a.v1' } },
      'schema: olm.channel\nentries: # none\n- name: a.v1\nname: s\n',
    ],
    [
      '`[]` in a block mapping becomes a block list',
      'schema: olm.channel\nentries: []\nname: s\n',
      { op: 'append', path: ['entries'], value: { name: 'a.v1' } },
      'schema: olm.channel\nentries:\n- name: a.v1\nname: s\n',
    ],
    [
      'removing the only entry leaves `entries: []`',
      'schema: olm.channel\nentries:\n  - name: a.v1\nname: s\n',
      { op: 'remove', path: ['entries', 0] },
      'schema: olm.channel\nentries: []\nname: s\n',
    ],
    [
      'keys spelled otherwise are edited in place (Go matches them case-insensitively)',
      "Entries:\n- Name: a.v2\n  SkipRange: '<1.0.0'\n  REPLACES: a.v1\n",
      { op: 'set', path: ['entries', 0, 'skipRange'], value: '<2.0.0' },
      "Entries:\n- Name: a.v2\n  SkipRange: '<2.0.0'\n  REPLACES: a.v1\n",
    ],
    [
      'removing a key spelled otherwise',
      "Entries:\n- Name: a.v2\n  SkipRange: '<1.0.0'\n  REPLACES: a.v1\n",
      { op: 'remove', path: ['entries', 0, 'replaces'] },
      "Entries:\n- Name: a.v2\n  SkipRange: '<1.0.0'\n",
    ],
    [
      'a duplicated key: the one opm reads (the last) is edited',
      'entries:\n- name: a.v2\n  replaces: x\n  replaces: a.v1\n',
      { op: 'set', path: ['entries', 0, 'replaces'], value: 'z' },
      'entries:\n- name: a.v2\n  replaces: x\n  replaces: z\n',
    ],
    [
      'a key placed first in a list item moves the old first key to the next line',
      'entries:\n- replaces: a.v1\n  name: a.v2\n',
      {
        op: 'set',
        path: ['entries', 0, 'skipRange'],
        value: '<1.0.0',
        placement: { samples: [], fallback: ['skipRange', 'replaces', 'name'] },
      },
      'entries:\n- skipRange: <1.0.0\n  replaces: a.v1\n  name: a.v2\n',
    ],
    [
      'a key placed first at the top level goes below the leading comment',
      '# head\nname: a\nschema: olm.package\n',
      {
        op: 'set',
        path: ['defaultChannel'],
        value: 'stable',
        placement: { samples: [], fallback: ['defaultChannel', 'name', 'schema'] },
      },
      '# head\ndefaultChannel: stable\nname: a\nschema: olm.package\n',
    ],
    [
      'a block scalar value is replaced by a one-line scalar',
      'replaces: |-\n  a.v1\nname: x\n',
      { op: 'set', path: ['replaces'], value: 'a.v0' },
      'replaces: a.v0\nname: x\n',
    ],
    [
      'YAML 1.1 look-alikes are quoted (opm reads YAML 1.1)',
      'name: x\ndefaultChannel: stable\n',
      { op: 'set', path: ['defaultChannel'], value: '1.10' },
      'name: x\ndefaultChannel: "1.10"\n',
    ],
    [
      'an empty value with a comment: the value goes before the comment',
      'name: x\nreplaces: # todo\nz: 1\n',
      { op: 'set', path: ['replaces'], value: 'a.v1' },
      'name: x\nreplaces: a.v1 # todo\nz: 1\n',
    ],
    [
      'single quotes when the document prefers them',
      "a: 'x'\nb: 'y'\nname: q\n",
      { op: 'set', path: ['c'], value: '>=1.0.0 <2.0.0' },
      "a: 'x'\nb: 'y'\nname: q\nc: '>=1.0.0 <2.0.0'\n",
    ],
    [
      'flow: removing the last skip drops the key',
      'entries: [{name: a, skips: [b]}]\n',
      { op: 'remove', path: ['entries', 0, 'skips', 0], dropEmpty: true },
      'entries: [{name: a}]\n',
    ],
    [
      'flow: padding inside brackets is copied',
      'entries: [ { name: a } ]\n',
      { op: 'append', path: ['entries'], value: { name: 'b', replaces: 'a' } },
      'entries: [ { name: a }, { name: b, replaces: a } ]\n',
    ],
    [
      'a commented-out item at the list indentation stays last',
      'entries:\n  - name: a\n    skips:\n      - b\n      # - c\n  - name: d\n',
      { op: 'append', path: ['entries', 0, 'skips'], value: 'e' },
      'entries:\n  - name: a\n    skips:\n      - b\n      - e\n      # - c\n  - name: d\n',
    ],
  ];
  it.each(cases)('%s', (_label, input, op, expected) => {
    expect(edit(input, op)).toBe(expected);
  });

  it('refuses to edit through an alias, and text that does not parse', () => {
    expect(() =>
      edit('x: &e\n- name: a\nentries: *e\n', { op: 'append', path: ['entries'], value: { name: 'b' } }),
    ).toThrow('.entries is a YAML alias; edit it by hand');
    expect(() => edit('entries: [\n', { op: 'append', path: ['entries'], value: 'x' })).toThrow(
      /^the YAML does not parse/,
    );
  });
});

describe('yamlScalar', () => {
  it('quotes what YAML 1.1 or the YAML syntax would misread, and nothing else', () => {
    const plain = ['stable', 'foo.v1.0.0', '<2.0.0', "it's", '3.11.0'];
    const quoted = [
      'yes',
      'No',
      'on',
      '3.11',
      '1.10',
      '010',
      '0x1F',
      '~',
      'null',
      '',
      '>=1.0.0 <2.0.0',
      '#x',
      'a: b',
      '- x',
    ];
    for (const s of plain) expect(yamlScalar(s, 'double')).toBe(s);
    for (const s of quoted) expect(yamlScalar(s, 'double')).toBe(JSON.stringify(s));
    expect(yamlScalar('a,b', 'double', true)).toBe('"a,b"');
    expect(yamlScalar('line\nbreak', 'single')).toBe('"line\\nbreak"');
  });
});
