/**
 * apimachinery v0.36.3's own tables for label selectors (kubernetes/apimachinery, the release Fleet
 * and operator-controller build with): pkg/api/validate/content/kube_test.go TestIsLabelKey and
 * TestIsLabelValue (every case), pkg/apis/meta/v1/helpers_test.go TestLabelSelectorAsSelector
 * (every case but `nil`, which Fleet and operator-controller both handle before asking), and
 * pkg/labels/selector_test.go TestRequirementConstructor for the operators a LabelSelector can
 * hold. Upstream compares error types and fields; here the whole text a user reads, as
 * field.Error and the aggregate print it.
 *
 * Left out of TestRequirementConstructor: Equals with two values, Gt and Lt (x5, x11–x15): a
 * LabelSelector's matchLabels always gives Equals one value, and it has no Gt/Lt operator.
 */
import { describe, expect, it } from 'vitest';
import { isLabelKey, isValidLabelValue as isLabelValue } from '../../../src/core/kube/k8s-names';
import { labelSelectorAsSelector, type LabelSelector } from '../../../src/core/kube/label-selector';

const KEY_REGEX =
  "name part must consist of alphanumeric characters, '-', '_' or '.', and must start and end with an alphanumeric character (e.g. 'MyName',  or 'my.name',  or '123-abc', regex used for validation is '([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9]')";
const VALUE_REGEX =
  "a valid label must be an empty string or consist of alphanumeric characters, '-', '_' or '.', and must start and end with an alphanumeric character (e.g. 'MyValue',  or 'my_value',  or '12345', regex used for validation is '(([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9])?')";
const PREFIX_REGEX =
  "prefix part a lowercase RFC 1123 subdomain must consist of lower case alphanumeric characters, '-' or '.', and must start and end with an alphanumeric character (e.g. 'example.com', regex used for validation is '[a-z0-9]([-a-z0-9]*[a-z0-9])?(\\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*')";

describe('TestIsLabelKey', () => {
  it.each([
    'simple',
    'now-with-dashes',
    '1-starts-with-num',
    '1234',
    'simple/simple',
    'now-with-dashes/simple',
    'now-with-dashes/now-with-dashes',
    'now.with.dots/simple',
    'now-with.dashes-and.dots/simple',
    '1-num.2-num/3-num',
    '1234/5678',
    '1.2.3.4/5678',
    'Uppercase_Is_OK_123',
    'example.com/Uppercase_Is_OK_123',
    'requests.storage-foo',
    'a'.repeat(63),
    'a'.repeat(253) + '/' + 'b'.repeat(63),
  ])('accepts %s', (key) => {
    expect(isLabelKey(key)).toEqual([]);
  });

  it.each([
    ['nospecialchars%^=@', [KEY_REGEX]],
    ['cantendwithadash-', [KEY_REGEX]],
    ['-cantstartwithadash-', [KEY_REGEX]],
    [
      'only/one/slash',
      [
        "a valid label key must consist of alphanumeric characters, '-', '_' or '.', and must start and end with an alphanumeric character (e.g. 'MyName',  or 'my.name',  or '123-abc', regex used for validation is '([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9]') with an optional DNS subdomain prefix and '/' (e.g. 'example.com/MyName')",
      ],
    ],
    ['Example.com/abc', [PREFIX_REGEX]],
    ['example_com/abc', [PREFIX_REGEX]],
    ['example.com/', ['name part must be non-empty', KEY_REGEX]],
    ['/simple', ['prefix part must be non-empty']],
    ['a'.repeat(64), ['name part must be no more than 63 bytes']],
    ['a'.repeat(254) + '/abc', ['prefix part must be no more than 253 bytes']],
  ])('refuses %s', (key, errs) => {
    expect(isLabelKey(key)).toEqual(errs);
  });
});

describe('TestIsLabelValue', () => {
  it.each(['simple', 'now-with-dashes', '1-starts-with-num', 'end-with-num-1', '1234', 'a'.repeat(63), ''])(
    'accepts %j',
    (value) => {
      expect(isLabelValue(value)).toEqual([]);
    },
  );

  it.each([
    ['nospecialchars%^=@', [VALUE_REGEX]],
    ['Tama-nui-te-rā.is.Māori.sun', [VALUE_REGEX]],
    ['\\backslashes\\are\\bad', [VALUE_REGEX]],
    ['-starts-with-dash', [VALUE_REGEX]],
    ['ends-with-dash-', [VALUE_REGEX]],
    ['.starts.with.dot', [VALUE_REGEX]],
    ['ends.with.dot.', [VALUE_REGEX]],
    ['a'.repeat(64), ['must be no more than 63 bytes']],
  ])('refuses %s', (value, errs) => {
    expect(isLabelValue(value)).toEqual(errs);
  });
});

/** The selector's error, or 'ok' with the labels it matches among `sets`. */
function run(s: LabelSelector, ...sets: Record<string, string>[]): string | boolean[] {
  const r = labelSelectorAsSelector(s);
  return typeof r === 'function' ? sets.map(r) : r.error;
}

describe('TestLabelSelectorAsSelector', () => {
  const matchExpressions = [{ key: 'baz', operator: 'In', values: ['qux', 'norf'] }];
  it('an empty selector selects everything', () => {
    expect(run({}, {}, { a: 'b' })).toEqual([true, true]);
  });
  it('foo=bar', () => {
    expect(run({ matchLabels: { foo: 'bar' } }, { foo: 'bar' }, { foo: 'baz' }, {})).toEqual([
      true,
      false,
      false,
    ]);
  });
  it('baz in (norf,qux)', () => {
    expect(run({ matchExpressions }, { baz: 'norf' }, { baz: 'qux' }, { baz: 'x' }, {})).toEqual([
      true,
      true,
      false,
      false,
    ]);
  });
  it('baz in (norf,qux),foo=bar', () => {
    expect(
      run({ matchLabels: { foo: 'bar' }, matchExpressions }, { baz: 'qux', foo: 'bar' }, { baz: 'qux' }),
    ).toEqual([true, false]);
  });
  it('Exists with values is an error', () => {
    expect(run({ matchExpressions: [{ key: 'baz', operator: 'Exists', values: ['qux', 'norf'] }] })).toBe(
      'values: Invalid value: ["qux","norf"]: values set must be empty for exists and does not exist',
    );
  });
});

describe('TestRequirementConstructor (the operators of a LabelSelector)', () => {
  const expr = (key: string, operator: string, values?: string[]): LabelSelector => ({
    matchExpressions: [{ key, operator, ...(values ? { values } : {}) }],
  });
  it.each([
    [
      'x1',
      'In',
      undefined,
      "values: Invalid value: null: for 'in', 'notin' operators, values set can't be empty",
    ],
    [
      'x2',
      'NotIn',
      [],
      "values: Invalid value: null: for 'in', 'notin' operators, values set can't be empty",
    ],
    [
      'x8',
      'Exists',
      ['foo'],
      'values: Invalid value: ["foo"]: values set must be empty for exists and does not exist',
    ],
    [
      'a'.repeat(254),
      'Exists',
      undefined,
      `key: Invalid value: "${'a'.repeat(254)}": name part must be no more than 63 bytes`,
    ],
    ['x18', 'unsupportedOp', undefined, '"unsupportedOp" is not a valid label selector operator'],
  ])('%s %s %j', (key, op, values, error) => {
    expect(run(expr(key, op, values))).toBe(error);
  });

  it.each([
    ['x3', 'In', ['foo']],
    ['x4', 'NotIn', ['foo']],
    ['x6', 'Exists', undefined],
    ['x7', 'DoesNotExist', undefined],
    ['x9', 'In', ['bar']],
  ])('%s %s %j is a requirement', (key, op, values) => {
    expect(typeof labelSelectorAsSelector(expr(key, op, values))).toBe('function');
  });

  it('x16, x17: a matchLabels value that is no label value', () => {
    expect(run({ matchLabels: { x16: 'a'.repeat(254) } })).toBe(
      `values[0][x16]: Invalid value: "${'a'.repeat(254)}": must be no more than 63 bytes`,
    );
    expect(run({ matchLabels: { x17: 'a b' } })).toBe(`values[0][x17]: Invalid value: "a b": ${VALUE_REGEX}`);
  });
});

describe('aggregates and matching (ours, from labels.NewRequirement and field.ErrorList.ToAggregate)', () => {
  it('every complaint of one requirement, in brackets', () => {
    expect(run({ matchExpressions: [{ key: 'bad key', operator: 'In', values: ['ok', 'not ok'] }] })).toBe(
      `[key: Invalid value: "bad key": ${KEY_REGEX}, values[1][bad key]: Invalid value: "not ok": ${VALUE_REGEX}]`,
    );
  });

  it('matchLabels before matchExpressions; the first failing requirement is the error', () => {
    const r = labelSelectorAsSelector({
      matchLabels: { 'a/b/c': 'x' },
      matchExpressions: [{ key: 'k', operator: 'Nope' }],
    });
    expect(r).toMatchObject({ path: ['matchLabels', 'a/b/c'] });
    expect((r as { error: string }).error).toMatch(/^key: Invalid value: "a\/b\/c": a valid label key /);
  });

  it('NotIn and DoesNotExist match labels without the key', () => {
    expect(run(expr2('NotIn', ['a']), {}, { k: 'a' }, { k: 'b' })).toEqual([true, false, true]);
    expect(run(expr2('DoesNotExist'), {}, { k: '' })).toEqual([true, false]);
  });

  it('a length counts UTF-8 bytes, as Go', () => {
    // 21 three-byte characters: 63 bytes is no error of length (the expression refuses them anyway).
    expect(isLabelValue('€'.repeat(21))).toEqual([VALUE_REGEX]);
    expect(isLabelValue('€'.repeat(22))).toEqual(['must be no more than 63 bytes', VALUE_REGEX]);
  });
});

function expr2(operator: string, values?: string[]): LabelSelector {
  return { matchExpressions: [{ key: 'k', operator, ...(values ? { values } : {}) }] };
}
