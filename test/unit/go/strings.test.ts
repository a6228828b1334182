import { describe, expect, it } from 'vitest';
import {
  goAtoi,
  goItoaPlusOne,
  goQuote,
  goTrimSpace,
  indexGoDigit,
  utf8Length,
} from '../../../src/core/go/strings';

describe('goQuote (Go %q)', () => {
  it.each([
    ['', '""'],
    ['abc 1.0', '"abc 1.0"'],
    ['a"b\\c', '"a\\"b\\\\c"'],
    ['\t\n\r\v\f\u0007\b', '"\\t\\n\\r\\v\\f\\a\\b"'],
    ['\u0000\u001f\u007f', '"\\x00\\x1f\\x7f"'],
    ['\u0085\u00a0\u00ad\ufeff', '"\\u0085\\u00a0\\u00ad\\ufeff"'],
    ['é٣日本', '"é٣日本"'],
    ['😀', '"😀"'],
    ['\u{e0001}', '"\\U000e0001"'],
    ['\ud800x', '"\ufffdx"'],
  ])('%j → %s', (input, quoted) => {
    expect(goQuote(input)).toBe(quoted);
  });
});

describe('other Go string helpers', () => {
  it('goTrimSpace trims Go whitespace only', () => {
    expect(goTrimSpace(' \t\n\u0085\u00a0\u3000>=\u2003')).toBe('>=');
    expect(goTrimSpace('\ufeff>=')).toBe('\ufeff>=');
  });

  it('indexGoDigit finds the first Unicode decimal digit', () => {
    expect(indexGoDigit('>=1.0.0')).toBe(2);
    expect(indexGoDigit('é٣')).toBe(1);
    expect(indexGoDigit('\u{1d7ce}')).toBe(0);
    expect(indexGoDigit('abc')).toBe(-1);
  });

  it('utf8Length counts bytes', () => {
    expect(utf8Length('abc')).toBe(3);
    expect(utf8Length('é')).toBe(2);
    expect(utf8Length('日')).toBe(3);
    expect(utf8Length('😀')).toBe(4);
    expect(utf8Length('\ud800')).toBe(3);
  });

  it('goAtoi / goItoaPlusOne follow strconv on int64', () => {
    expect(goAtoi('+7')).toBe(7n);
    expect(goAtoi('-07')).toBe(-7n);
    expect(goAtoi('')).toBeUndefined();
    expect(goAtoi('-')).toBeUndefined();
    expect(goAtoi('1_0')).toBeUndefined();
    expect(goAtoi('9223372036854775808')).toBeUndefined();
    expect(goItoaPlusOne(9223372036854775807n)).toBe('-9223372036854775808');
  });
});
