import { describe, expect, it } from 'vitest';
import { goFormatFloat } from '../../../src/core/template/go-format';
import { resolvePlainScalar } from '../../../src/core/template/go-yaml';

/** go-yaml v2 `resolve()` for plain scalars (YAML 1.1), which decides how template values are read and quoted. */
describe('resolvePlainScalar', () => {
  it.each([
    ['yes', 'bool'],
    ['Off', 'bool'],
    ['y', 'bool'],
    ['TRUE', 'bool'],
    ['tRUE', 'str'],
    ['', 'null'],
    ['~', 'null'],
    ['Null', 'null'],
    ['1_000', 'int'],
    ['0x1F', 'int'],
    ['-0o17', 'int'],
    ['010', 'int'],
    ['08', 'float'],
    ['1.', 'float'],
    ['.5', 'float'],
    ['1e3', 'float'],
    ['.inf', 'float'],
    ['+.Inf', 'float'],
    ['1e400', 'str'],
    ['1.0.0', 'str'],
    ['v1.0.0', 'str'],
    ['2001-12-14', 'timestamp'],
    ['2001-12-14T21:59:43.10Z', 'timestamp'],
    ['2001-12-14 21:59:43', 'timestamp'],
    ['2001-13-14', 'str'],
    ['1:20', 'str'],
    ['<<', 'str'],
  ])('%j resolves to %s', (text, tag) => {
    expect(resolvePlainScalar(text).tag).toBe(tag);
  });

  it('reads octal and hex ints and keeps uint64 precision', () => {
    expect(resolvePlainScalar('010').value).toEqual({ kind: 'int', value: 8n });
    expect(resolvePlainScalar('18446744073709551615').value).toEqual({ kind: 'int', value: 2n ** 64n - 1n });
    expect(resolvePlainScalar('18446744073709551616').tag).toBe('float');
  });
});

describe('goFormatFloat (strconv.FormatFloat with g, -1)', () => {
  it.each([
    [1, 32, '1'],
    [1.1, 32, '1.1'],
    [0.1, 64, '0.1'],
    [1e6, 64, '1e+06'],
    [123456, 64, '123456'],
    [1234567.5, 64, '1.2345675e+06'],
    [0.0001, 64, '0.0001'],
    [0.00001, 64, '1e-05'],
    [16777217, 32, '1.6777216e+07'],
    [-2.5, 64, '-2.5'],
  ])('%d at %d bits is %s', (f, bits, text) => {
    expect(goFormatFloat(f, bits as 32 | 64)).toBe(text);
  });
});
