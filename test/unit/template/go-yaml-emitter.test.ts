import { describe, expect, it } from 'vitest';
import { goYamlMarshal } from '../../../src/core/template/go-yaml-emitter';

/**
 * go-yaml v2's emitter as opm's YAML writer runs it (sigs.k8s.io/yaml JSONToYAML: yaml.Marshal of
 * the blob decoded from JSON). Each expected text below is what go-yaml v2.4 prints for the value:
 * first the cases of go-yaml's own encode_test.go that a JSON value can reach (marshalTests and
 * TestLineWrapping), re-created; then cases of ours for each emitter rule opm's catalogs meet.
 */

const LONG =
  'The operator manages the lifecycle of the application and keeps every replica healthy across upgrades and restarts';

/** go-yaml encode_test.go: marshalTests entries whose value is JSON, and TestLineWrapping. */
const GO_YAML_MARSHAL_TESTS: [unknown, string][] = [
  [null, 'null\n'],
  [{}, '{}\n'],
  [{ v: 'hi' }, 'v: hi\n'],
  [{ v: 'true' }, 'v: "true"\n'],
  [{ v: 'false' }, 'v: "false"\n'],
  [{ v: true }, 'v: true\n'],
  [{ v: false }, 'v: false\n'],
  [{ v: 10 }, 'v: 10\n'],
  [{ v: -10 }, 'v: -10\n'],
  [{ v: 42 }, 'v: 42\n'],
  [{ v: 4294967296 }, 'v: 4294967296\n'],
  [{ v: '10' }, 'v: "10"\n'],
  [{ v: 0.1 }, 'v: 0.1\n'],
  [{ v: -0.1 }, 'v: -0.1\n'],
  [{ v: null }, 'v: null\n'],
  [{ v: '' }, 'v: ""\n'],
  [{ v: ['A', 'B'] }, 'v:\n- A\n- B\n'],
  [{ v: ['A', 'B\nC'] }, 'v:\n- A\n- |-\n  B\n  C\n'],
  [{ v: ['A', 1, { B: [2, 3] }] }, 'v:\n- A\n- 1\n- B:\n  - 2\n  - 3\n'],
  [{ a: { b: 'c' } }, 'a:\n  b: c\n'],
  [{ a: '-' }, "a: '-'\n"],
  [{ a: '<foo>' }, 'a: <foo>\n'],
  [{ a: '1:1' }, 'a: "1:1"\n'],
  [{ a: '\u0000' }, 'a: "\\0"\n'],
  [{ a: '你好' }, 'a: 你好\n'],
  [{ a: '2015-02-24T18:19:39Z' }, 'a: "2015-02-24T18:19:39Z"\n'],
  [{ a: 'b: c' }, "a: 'b: c'\n"],
  [{ a: 'Hello #comment' }, "a: 'Hello #comment'\n"],
  [{ a: '你好 #comment' }, "a: '你好 #comment'\n"],
  [
    {
      a: 'abcdefghijklmnopqrstuvwxyz ABCDEFGHIJKLMNOPQRSTUVWXYZ 1234567890 abcdefghijklmnopqrstuvwxyz ABCDEFGHIJKLMNOPQRSTUVWXYZ 1234567890 ',
    },
    "a: 'abcdefghijklmnopqrstuvwxyz ABCDEFGHIJKLMNOPQRSTUVWXYZ 1234567890 abcdefghijklmnopqrstuvwxyz\n  ABCDEFGHIJKLMNOPQRSTUVWXYZ 1234567890 '\n",
  ],
];

describe('go-yaml encode_test.go cases', () => {
  it.each(GO_YAML_MARSHAL_TESTS)('marshals %j as go-yaml does', (value, yaml) => {
    expect(goYamlMarshal(value)).toBe(yaml);
  });
});

interface EmitterCase {
  name: string;
  value: unknown;
  yaml: string;
}

const CASES: EmitterCase[] = [
  {
    name: 'plain value folds at the first space past column 80',
    value: { description: LONG },
    yaml: `description: The operator manages the lifecycle of the application and keeps every
  replica healthy across upgrades and restarts
`,
  },
  {
    name: 'folded lines continue two columns in, under a nested key',
    value: { spec: { install: { description: LONG } } },
    yaml: `spec:
  install:
    description: The operator manages the lifecycle of the application and keeps every
      replica healthy across upgrades and restarts
`,
  },
  {
    name: "a sequence item folds with the item's indentation",
    value: { items: [LONG] },
    yaml: `items:
- The operator manages the lifecycle of the application and keeps every replica healthy
  across upgrades and restarts
`,
  },
  {
    name: 'a word longer than the line is never broken',
    value: {
      image:
        'quay.io/xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx tail',
    },
    yaml: `image: quay.io/xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx
  tail
`,
  },
  {
    name: 'double spaces are kept: no fold inside a run of spaces',
    value: {
      a: 'word word word word word word word word word word word word word word word word  word word word word word word word word end',
    },
    yaml: `a: word word word word word word word word word word word word word word word word  word
  word word word word word word word end
`,
  },
  {
    name: 'a single-quoted value (": " inside) folds too',
    value: {
      a: 'key: value and more words and more words and more words and more words and more words and more words and more words and more words end',
    },
    yaml: `a: 'key: value and more words and more words and more words and more words and more
  words and more words and more words and more words end'
`,
  },
  {
    name: 'a double-quoted value folds; a space after the fold is escaped as "\\ "',
    value: {
      a: 'tab\there word word word word word word word word word word word word word word word  double space word word word word word word word word word word end',
    },
    yaml: 'a: "tab\\there word word word word word word word word word word word word word word\n  word  double space word word word word word word word word word word end"\n',
  },
  {
    name: 'keys are never folded',
    value: {
      'k word word word word word word word word word word word word word word word word word word word word ':
        'v',
    },
    yaml: `'k word word word word word word word word word word word word word word word word word word word word ': v
`,
  },
  {
    name: 'a key over 128 bytes is written as "? key" with ": value" on the next line',
    value: {
      kkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkk:
        'v',
      kkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkk:
        'w',
    },
    yaml: `kkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkk: w
? kkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkk
: v
`,
  },
  {
    name: 'a multi-line key is a "? " key, written as a literal block',
    value: { 'line one\nline two': 'v' },
    yaml: `? |-
  line one
  line two
: v
`,
  },
  {
    name: 'literal block, clipped (one trailing newline)',
    value: { a: 'line one\nline two\n' },
    yaml: `a: |
  line one
  line two
`,
  },
  {
    name: 'literal block, stripped (no trailing newline)',
    value: { a: 'line one\nline two' },
    yaml: `a: |-
  line one
  line two
`,
  },
  {
    name: 'literal block, kept (several trailing newlines)',
    value: { a: 'line one\n\n' },
    yaml: `a: |+
  line one

`,
  },
  {
    name: 'literal block with an indentation hint when it starts with a space',
    value: { a: '  indented\nline\n' },
    yaml: `a: |2
    indented
  line
`,
  },
  {
    name: 'literal block lines are not folded',
    value: {
      a: 'The operator manages the lifecycle of the application and keeps every replica healthy across upgrades and restarts\nThe operator manages the lifecycle of the application and keeps every replica healthy across upgrades and restarts',
    },
    yaml: `a: |-
  The operator manages the lifecycle of the application and keeps every replica healthy across upgrades and restarts
  The operator manages the lifecycle of the application and keeps every replica healthy across upgrades and restarts
`,
  },
  {
    name: 'empty lines inside a literal block carry no indentation',
    value: { a: { b: 'one\n\ntwo' } },
    yaml: `a:
  b: |-
    one

    two
`,
  },
  {
    name: 'a multi-line value with a space before a newline is double-quoted, \\n escaped, and folded',
    value: {
      a: 'first line \nsecond word word word word word word word word word word word word word word word word word word word word ',
    },
    yaml: 'a: "first line \\nsecond word word word word word word word word word word word word\n  word word word word word word word word "\n',
  },
  {
    name: 'a multi-line value with a tab is double-quoted',
    value: { a: 'col1\tcol2\nrow' },
    yaml: 'a: "col1\\tcol2\\nrow"\n',
  },
  {
    name: 'characters outside the BMP are escaped as \\U',
    value: { a: 'rocket 🚀 launch' },
    yaml: 'a: "rocket \\U0001F680 launch"\n',
  },
  {
    name: 'NEL, LS, PS and control characters',
    value: { a: 'a\u0085b', b: 'a\u2028b', c: 'x\u0007y', d: 'del\u007f', e: 'nbsp here' },
    yaml: 'a: "a\\Nb"\nb: \'a   b\'\nc: "x\\ay"\nd: "del\\x7F"\ne: nbsp here\n',
  },
  {
    name: 'a value starting with a BOM has every character escaped',
    value: { a: '\ufeffab c' },
    yaml: 'a: "\\uFEFF\\x61\\x62\\x20\\x63"\n',
  },
  {
    name: 'unicode letters are written as they are',
    value: { a: 'Grüße, 你好 — ok' },
    yaml: `a: Grüße, 你好 — ok
`,
  },
  {
    name: 'strings that would resolve to another type are double-quoted',
    value: {
      a: 'yes',
      b: 'No',
      c: '~',
      d: 'null',
      e: '1e3',
      f: '0x1F',
      g: '1_000',
      h: '.5',
      i: '+1',
      j: '2001-12-14',
      k: '1:20',
      l: '-.inf',
      m: '0b101',
      n: '12:30:45',
    },
    yaml: `a: "yes"
b: "No"
c: "~"
d: "null"
e: "1e3"
f: "0x1F"
g: "1_000"
h: ".5"
i: "+1"
j: "2001-12-14"
k: "1:20"
l: "-.inf"
m: "0b101"
"n": "12:30:45"
`,
  },
  {
    name: 'indicators and leading or trailing spaces are single-quoted',
    value: {
      a: '- item',
      b: '? q',
      c: ': c',
      d: '#x',
      e: 'a #b',
      f: 'a#b',
      g: '*ref',
      h: '&anchor',
      i: '!tag',
      j: '%p',
      k: '@at',
      l: '`bt',
      m: ' lead',
      n: 'trail ',
      o: '{x}',
      p: '[x]',
      q: 'x, y',
      r: '---',
      s: '...x',
      t: "it's",
      u: '"q"',
      v: 'a: b',
    },
    yaml: "a: '- item'\nb: '? q'\nc: ': c'\nd: '#x'\ne: 'a #b'\nf: a#b\ng: '*ref'\nh: '&anchor'\ni: '!tag'\nj: '%p'\nk: '@at'\nl: '`bt'\nm: ' lead'\n\"n\": 'trail '\no: '{x}'\np: '[x]'\nq: x, y\nr: '---'\ns: '...x'\nt: it's\nu: '\"q\"'\nv: 'a: b'\n",
  },
  {
    name: 'single-quoted values double their quotes',
    value: { a: "'quoted' text" },
    yaml: `a: '''quoted'' text'
`,
  },
  {
    name: 'empty collections are flow style, nested sequences share the line',
    value: { a: [], b: {}, c: [[], [1, [2]]], d: [{}] },
    yaml: `a: []
b: {}
c:
- []
- - 1
  - - 2
d:
- {}
`,
  },
  {
    name: 'keys sort with digit runs compared as numbers',
    value: { a10: 1, a9: 2, a: 3, B: 4, 'a-1': 5, a_1: 6, a01: 7, a1: 8, é: 9, z: 10 },
    yaml: `B: 4
a: 3
a-1: 5
a_1: 6
a1: 8
a01: 7
a9: 2
a10: 1
z: 10
é: 9
`,
  },
  {
    name: "numbers: ints in decimal, other floats as strconv 'g'",
    value: { a: 1e21, b: 0.000001, c: 1.5, d: 123456789, e: 0, f: 1e100, g: 0.1 },
    yaml: `a: 1e+21
b: 1e-06
c: 1.5
d: 123456789
e: 0
f: 1e+100
g: 0.1
`,
  },
  {
    name: 'an empty key is quoted',
    value: { '': 'v' },
    yaml: `"": v
`,
  },
];

describe('go-yaml emitter rules', () => {
  it.each(CASES)('$name', ({ value, yaml }) => {
    expect(goYamlMarshal(value)).toBe(yaml);
  });

  it('prints integral numbers past 2^53 as go-yaml reads their JSON digits', () => {
    // JSON gives the shortest digits padded with zeros; go-yaml keeps them when they fit an int64 or
    // a uint64, else prints a float. Expected texts: go-yaml v2.4 on the same JSON.
    expect(goYamlMarshal({ a: 1e19, b: 2e19, c: -(2 ** 63), d: 18446744073709549568, e: 2 ** 63 - 1 })).toBe(
      'a: 10000000000000000000\nb: 2e+19\nc: -9.223372036854776e+18\nd: 18446744073709550000\ne: 9223372036854776000\n',
    );
  });

  it('counts columns in characters, not bytes, when folding', () => {
    // 40 two-byte letters then words: go-yaml's column is a character count, so the fold comes
    // at the same place as for ASCII text of the same length.
    const ascii = goYamlMarshal({ a: 'e'.repeat(40) + ' word'.repeat(12) });
    const accented = goYamlMarshal({ a: 'é'.repeat(40) + ' word'.repeat(12) });
    expect(accented.split('\n').map((l) => l.length)).toEqual(ascii.split('\n').map((l) => l.length));
    expect(accented.split('\n')).toHaveLength(3);
  });
});
