/**
 * apimachinery v0.36.3's pkg/labels/selector_test.go for labels.Parse (kubernetes/apimachinery):
 * TestLexer, TestLexerSequence, TestParserLookahead, TestParseOperator, TestSelectorParse,
 * TestSelectorMatches, TestSetSelectorParser (every case, its requirements as key, operator and
 * sorted values), and TestRequirementConstructor's cases for the operators only the string syntax
 * has (Equals with two values, Gt, Lt). Upstream compares error values or their type and field;
 * here the text a user reads.
 *
 * TestSelectorParse's round trip through Selector.String() and TestDeterministicParse run through
 * labelSelectorString (operator-sdk quotes a selector so); TestToString's cases are parsed from
 * their printed form.
 *
 * Left out: the tests of Set, Add and RequiresExactMatch, which are not about parsing.
 */
import { describe, expect, it } from 'vitest';
import { newRequirement } from '../../../src/core/kube/label-selector';
import {
  labelSelectorString,
  parseLabelRequirements,
  scanLabelSelector,
} from '../../../src/core/kube/label-selector-parse';

/** labels.Parse as predicates (none for an empty selector), or its error text. */
function parseLabelSelector(selector: string) {
  const r = parseLabelRequirements(selector);
  return 'error' in r ? r : r.map((x) => x.check);
}

/** `|` is no special symbol: `a||y` is one value, which is no label value. */
const A_OR_Y = `unable to parse requirement: values[0][x]: Invalid value: "a||y": a valid label must be an empty string or consist of alphanumeric characters, '-', '_' or '.', and must start and end with an alphanumeric character (e.g. 'MyValue',  or 'my_value',  or '12345', regex used for validation is '(([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9])?')`;

/** Go's token names, for the tables as upstream writes them. */
const GO: Record<string, string> = {
  EndOfStringToken: 'end',
  CommaToken: ',',
  NotInToken: 'notin',
  InToken: 'in',
  EqualsToken: '=',
  DoubleEqualsToken: '==',
  GreaterThanToken: '>',
  LessThanToken: '<',
  DoesNotExistToken: '!',
  NotEqualsToken: '!=',
  OpenParToken: '(',
  ClosedParToken: ')',
  IdentifierToken: 'identifier',
};
const toks = (...names: string[]): string[] => names.map((n) => GO[n] as string);

describe('TestLexer', () => {
  it.each([
    ['', 'EndOfStringToken'],
    [',', 'CommaToken'],
    ['notin', 'NotInToken'],
    ['in', 'InToken'],
    ['=', 'EqualsToken'],
    ['==', 'DoubleEqualsToken'],
    ['>', 'GreaterThanToken'],
    ['<', 'LessThanToken'],
    ['!', 'DoesNotExistToken'],
    ['!=', 'NotEqualsToken'],
    ['(', 'OpenParToken'],
    [')', 'ClosedParToken'],
    ['~', 'IdentifierToken'],
    ['||', 'IdentifierToken'],
  ])('%j is %s', (s, t) => {
    const first = scanLabelSelector(s)[0];
    expect(first?.tok).toBe(GO[t]);
    expect(first?.literal).toBe(s);
  });
});

const SEQUENCES: [string, string[]][] = [
  [
    'key in ( value )',
    toks('IdentifierToken', 'InToken', 'OpenParToken', 'IdentifierToken', 'ClosedParToken'),
  ],
  [
    'key notin ( value )',
    toks('IdentifierToken', 'NotInToken', 'OpenParToken', 'IdentifierToken', 'ClosedParToken'),
  ],
  [
    'key in ( value1, value2 )',
    toks(
      'IdentifierToken',
      'InToken',
      'OpenParToken',
      'IdentifierToken',
      'CommaToken',
      'IdentifierToken',
      'ClosedParToken',
    ),
  ],
  ['key', toks('IdentifierToken')],
  ['!key', toks('DoesNotExistToken', 'IdentifierToken')],
  ['()', toks('OpenParToken', 'ClosedParToken')],
  [
    'x in (),y',
    toks('IdentifierToken', 'InToken', 'OpenParToken', 'ClosedParToken', 'CommaToken', 'IdentifierToken'),
  ],
  [
    '== != (), = notin',
    toks(
      'DoubleEqualsToken',
      'NotEqualsToken',
      'OpenParToken',
      'ClosedParToken',
      'CommaToken',
      'EqualsToken',
      'NotInToken',
    ),
  ],
  ['key>2', toks('IdentifierToken', 'GreaterThanToken', 'IdentifierToken')],
  ['key<1', toks('IdentifierToken', 'LessThanToken', 'IdentifierToken')],
];

describe('TestLexerSequence and TestParserLookahead', () => {
  it.each(SEQUENCES)('%j', (s, expected) => {
    expect(scanLabelSelector(s).map((i) => i.tok)).toEqual([...expected, 'end']);
  });
  it('"" is the end alone', () => {
    expect(scanLabelSelector('').map((i) => i.tok)).toEqual(['end']);
  });
});

describe('TestParseOperator', () => {
  const BINARY = 'in, notin, =, ==, !=, gt, lt';
  it.each(['in', '=', '==', '>', '<', 'notin', '!='])('%s is an operator', (op) => {
    // An operator needs its values: `in`/`notin` a list, the others one value.
    const v = op === 'in' || op === 'notin' ? ' (1)' : '1';
    expect(parseLabelRequirements(`x ${op}${v}`)).not.toHaveProperty('error');
  });
  it.each([
    ['!', `unable to parse requirement: found '!', expected: ${BINARY}`],
    ['exists', `unable to parse requirement: found 'exists', expected: ${BINARY}`],
    ['(', `unable to parse requirement: found '(', expected: ${BINARY}`],
  ])('%s is not', (op, error) => {
    expect(parseLabelRequirements(`x ${op}`)).toEqual({ error });
  });
});

describe('TestSelectorParse', () => {
  it.each(['x=a,y=b,z=c', '', 'x!=a,y=b', 'x=', 'x= ', 'x=,z= ', 'x= ,z= ', '!x', 'x>1', 'x>1,z<5'])(
    'parses %j and prints it back without spaces',
    (s) => {
      const r = parseLabelRequirements(s);
      if ('error' in r) throw new Error(r.error);
      expect(labelSelectorString(r)).toBe(s.replace(/ /g, ''));
    },
  );
  it('TestDeterministicParse: the same requirements print the same', () => {
    const print = (s: string) => labelSelectorString(parseLabelRequirements(s) as never);
    expect(print('x=a,a=x')).toBe(print('a=x,x=a'));
    expect(print('x=a,a=x')).toBe('a=x,x=a');
  });
  it('TestToString (parsed): sets sorted, `notin ()` is the empty value, keys in order', () => {
    const print = (s: string) => labelSelectorString(parseLabelRequirements(s) as never);
    expect(print('x in (def,abc),y notin (jkl),z')).toBe('x in (abc,def),y notin (jkl),z');
    expect(print('x notin (abc,def),y!=jkl,!z')).toBe('x notin (abc,def),y!=jkl,!z');
    expect(print('x notin (abc),y in (mno,jkl),z notin ()')).toBe('x notin (abc),y in (jkl,mno),z notin ()');
    expect(print('x=abc,y==jkl,z!=a')).toBe('x=abc,y==jkl,z!=a');
    expect(print('x>2,y<8,z')).toBe('x>2,y<8,z');
  });
  it.each([
    ['x=a||y=b', A_OR_Y],
    ['x==a==b', "found '==', expected: ',' or 'end of string'"],
    ['!x=a', "found '=', expected: ',' or 'end of string'"],
    [
      'x<a',
      `unable to parse requirement: values[0]: Invalid value: "a": for 'Gt', 'Lt' operators, the value must be an integer`,
    ],
  ])('refuses %j', (s, error) => {
    expect(parseLabelSelector(s)).toEqual({ error });
  });
});

function matches(selector: string, labels: Record<string, string>): boolean {
  const r = parseLabelSelector(selector);
  if ('error' in r) throw new Error(r.error);
  return r.every((check) => check(labels));
}

describe('TestSelectorMatches (expectMatch and expectNoMatch, in upstream order)', () => {
  const LABELSET = { foo: 'bar', baz: 'blah' };
  it.each([
    ['', { x: 'y' }, true],
    ['x=y', { x: 'y' }, true],
    ['x=y,z=w', { x: 'y', z: 'w' }, true],
    ['x!=y,z!=w', { x: 'z', z: 'a' }, true],
    ['notin=in', { notin: 'in' }, true],
    ['x', { x: 'z' }, true],
    ['!x', { y: 'z' }, true],
    ['x>1', { x: '2' }, true],
    ['x<1', { x: '0' }, true],
    ['x=z', {}, false],
    ['x=y', { x: 'z' }, false],
    ['x=y,z=w', { x: 'w', z: 'w' }, false],
    ['x!=y,z!=w', { x: 'z', z: 'w' }, false],
    ['x', { y: 'z' }, false],
    ['!x', { x: 'z' }, false],
    ['x>1', { x: '0' }, false],
    ['x<1', { x: '2' }, false],
    ['foo=bar', LABELSET, true],
    ['baz=blah', LABELSET, true],
    ['foo=bar,baz=blah', LABELSET, true],
    ['foo=blah', LABELSET, false],
    ['baz=bar', LABELSET, false],
    ['foo=bar,foobar=bar,baz=blah', LABELSET, false],
  ] as const)('%j on %j: %s', (s, labels, expected) => {
    expect(matches(s, labels)).toBe(expected);
  });
});

/** Each requirement as `key operator [values]`. */
function shape(s: string): string[] | { error: string } {
  const r = parseLabelRequirements(s);
  if ('error' in r) return r;
  return r.map((x) => `${x.key} ${x.operator} [${x.values.join(',')}]`);
}

describe('TestSetSelectorParser', () => {
  it.each([
    ['', []],
    ['\rx', ['x Exists []']],
    ['this-is-a-dns.domain.com/key-with-dash', ['this-is-a-dns.domain.com/key-with-dash Exists []']],
    [
      'this-is-another-dns.domain.com/key-with-dash in (so,what)',
      ['this-is-another-dns.domain.com/key-with-dash In [so,what]'],
    ],
    [
      '0.1.2.domain/99 notin (10.10.100.1, tick.tack.clock)',
      ['0.1.2.domain/99 NotIn [10.10.100.1,tick.tack.clock]'],
    ],
    ['foo  in\t (abc)', ['foo In [abc]']],
    ['x notin\n (abc)', ['x NotIn [abc]']],
    ['x  notin\t\t\t(abc,def)', ['x NotIn [abc,def]']],
    ['x in (abc,def)', ['x In [abc,def]']],
    ['x in (abc,)', ['x In [,abc]']],
    ['x in (abc,abc)', ['x In [abc]']],
    ['x in ()', ['x In []']],
    ['x in (a,,)', ['x In [,a]']],
    ['x in (a,,,)', ['x In [,a]']],
    ['x in (a,,,,,,)', ['x In [,a]']],
    ['x in (a,,a,,a,,a,,)', ['x In [,a]']],
    ['x notin (abc,,def),bar,z in (),w', ['x NotIn [,abc,def]', 'bar Exists []', 'z In []', 'w Exists []']],
    ['x,y in (a)', ['x Exists []', 'y In [a]']],
    ['x=a', ['x Equals [a]']],
    ['x>1', ['x Gt [1]']],
    ['x<7', ['x Lt [7]']],
    ['x=a,y!=b', ['x Equals [a]', 'y NotEquals [b]']],
    ['x=a,y!=b,z in (h,i,j)', ['x Equals [a]', 'y NotEquals [b]', 'z In [h,i,j]']],
    ['x notin ( )', ['x NotIn []']],
    ['x notin (, a)', ['x NotIn [,a]']],
    ['a ', ['a Exists []']],
    ['a in (x,y,notin, z,in)', ['a In [in,notin,x,y,z]']],
  ])('%j', (s, expected) => {
    expect(shape(s)).toEqual(expected);
  });

  it.each([
    ['x=a||y=b', A_OR_Y],
    ['x,,y', "found ',', expected: identifier after ','"],
    [',x,y', "found ',', expected: !, identifier, or 'end of string'"],
    ['x nott in (y)', "unable to parse requirement: found 'nott', expected: in, notin, =, ==, !=, gt, lt"],
    ['a in (xyz),', "found '', expected: identifier after ','"],
    ['a in (xyz)b notin ()', "found 'b', expected: ',' or 'end of string'"],
    ['a in (xyz abc)', "unable to parse requirement: found 'abc', expected: ',' or ')'"],
    ['a notin(', "unable to parse requirement: found '', expected: ',', ')' or identifier"],
    ['a (', "unable to parse requirement: found '(', expected: in, notin, =, ==, !=, gt, lt"],
    ['(', "found '(', expected: !, identifier, or 'end of string'"],
  ])('refuses %j', (s, error) => {
    expect(shape(s)).toEqual({ error });
  });
});

describe('TestRequirementConstructor (the string syntax operators)', () => {
  const err = (r: ReturnType<typeof newRequirement>): string | undefined =>
    typeof r === 'function' ? undefined : r.error;
  it.each([
    [
      'x5',
      'Equals',
      ['bar', 'foo'],
      'values: Invalid value: ["bar","foo"]: exact-match compatibility requires one single value',
    ],
    ['x11', 'Gt', ['1'], undefined],
    ['x12', 'Lt', ['6'], undefined],
    ['x13', 'Gt', [], "values: Invalid value: null: for 'Gt', 'Lt' operators, exactly one value is required"],
    [
      'x14',
      'Gt',
      ['bar'],
      `values[0]: Invalid value: "bar": for 'Gt', 'Lt' operators, the value must be an integer`,
    ],
    [
      'x15',
      'Lt',
      ['bar'],
      `values[0]: Invalid value: "bar": for 'Gt', 'Lt' operators, the value must be an integer`,
    ],
  ] as const)('%s %s %j', (key, op, values, error) => {
    expect(err(newRequirement(key, op, values))).toBe(error);
  });

  it("a key Parse refuses is named with Go's nil field path", () => {
    expect(parseLabelSelector('bad~key=a')).toEqual({
      error: `unable to parse requirement: <nil>: Invalid value: "bad~key": name part must consist of alphanumeric characters, '-', '_' or '.', and must start and end with an alphanumeric character (e.g. 'MyName',  or 'my.name',  or '123-abc', regex used for validation is '([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9]')`,
    });
  });
});
