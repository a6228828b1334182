/**
 * fmt's verbs as the print, printf and println builtins use them: a table whose expected outputs
 * were produced by Go itself (go1.19.8, `template.New("values").Parse(…).Execute` with the data
 * below decoded from JSON), covering flags, width, precision, `*`, argument indexes, the
 * `%!verb(type=value)` error forms, and floats rounded half to even on their exact value.
 *
 * Not covered by an upstream table: fmt's own fmt_test.go is written against Go values (structs,
 * pointers, complex numbers, byte slices) that templates here cannot hold.
 */
import { describe, expect, it } from 'vitest';
import { type GoMap, executeTemplate, parseTemplate } from '../../../../src/core/go/template';
import { FmtLimitError, sprint, sprintf, sprintln } from '../../../../src/core/go/template/printf';

// JSON numbers are float64, as in Go's run.
const data: GoMap = { l: ['a', 'b'], li: [1, 2], m: { b: 'x', a: 1.5, c: null }, ln: [null, 'x', [1, true]] };

const printfTests: [string, string][] = [
  [
    '{{printf "%d|%5d|%-5d|%05d|%+d|% d|%x|%X|%#x|%o|%#o|%O|%b|%#b" 42 42 42 -42 42 42 255 255 255 8 8 8 5 5}}',
    '42|   42|42   |-0042|+42| 42|ff|FF|0xff|10|010|0o10|101|0b101',
  ],
  [
    '{{printf "%c|%q|%+q|%U|%#U|%.6U" 65 65 233 65 128512 65}}',
    "A|'A'|'\\u00e9'|U+0041|U+1F600 '😀'|U+000041",
  ],
  ['{{printf "%.3d|%.0d|%5.0d|%08.3d|%-08d|" 7 0 0 7 7}}', '007||     |     007|7       |'],
  [
    '{{printf "%v|%s|%q|%+q|%#q|%x|% X|%#x|% #x" "héllo" "a" "a\\tb" "é😀" "a`b" "hi" "hi" "hi" "hi"}}',
    'héllo|a|"a\\tb"|"\\u00e9\\U0001f600"|"a`b"|6869|68 69|0x6869|0x68 0x69',
  ],
  [
    '{{printf "%.2s|%8s|%-8s|%08s|%8.3q|" "héllo" "x" "y" "z" "abcdef"}}',
    'hé|       x|y       |0000000z|   "abc"|',
  ],
  [
    '{{printf "%v|%f|%.2f|%e|%E|%g|%G|%.3g|%.10g" 3.14159 3.14159 2.675 1234.5678 0.000012 100000000.0 1e-9 123456.0 1.0}}',
    '3.14159|3.141590|2.67|1.234568e+03|1.200000E-05|1e+08|1E-09|1.23e+05|1',
  ],
  [
    '{{printf "%8.3f|%-8.3f|%08.3f|%+.1f|% .1f|%+08.2f" 3.14159 3.14159 -3.14159 2.5 2.5 3.14159}}',
    '   3.142|3.142   |-003.142|+2.5| 2.5|+0003.14',
  ],
  [
    '{{printf "%.0f %.0f %.0f %.1f %.1f %.2f %.1f" 0.5 1.5 2.5 0.25 0.35 1.005 0.05}}',
    '0 2 2 0.2 0.3 1.00 0.1',
  ],
  ['{{printf "%#g|%#.0f|%#.3e|%#v" 1.0 3.0 100.0 1.0}}', '1.00000|3.|1.000e+02|1'],
  [
    '{{printf "%v %v %v %v %v %v" 1e6 1e-5 123456.0 1234567.0 100.0 1e21}}',
    '1e+06 1e-05 123456 1.234567e+06 100 1e+21',
  ],
  [
    '{{printf "%b|%x|%X|%#x|%.3x|%.0x" 1.0 1.0 -0.5 3.0 0.1 1.5}}',
    '4503599627370496p-52|0x1p+00|-0X1P-01|0x1.8000p+01|0x1.99ap-04|0x1p+01',
  ],
  [
    '{{printf "%.15g|%.17g|%.20f|%g|%g" 0.1 0.1 0.1 5e-324 1.7976931348623157e308}}',
    '0.1|0.10000000000000001|0.10000000000000000555|5e-324|1.7976931348623157e+308',
  ],
  ['{{printf "%t|%v|%5t|%-7t|" true false true false}}', 'true|false| true|false  |'],
  [
    '{{printf "%v|%d|%s|%5v|%-5v|%T" nil nil nil nil nil nil}}',
    '<nil>|%!d(<nil>)|%!s(<nil>)|<nil>|<nil>|<nil>',
  ],
  ['{{printf "%T %T %T %T" 1 1.5 "s" true}}', 'int float64 string bool'],
  ['{{printf "%d" "x"}}', '%!d(string=x)'],
  ['{{printf "%s" 1.5}}', '%!s(float64=1.5)'],
  ['{{printf "%t" 1}}', '%!t(int=1)'],
  ['{{printf "%d %d" 1}}', '1 %!d(MISSING)'],
  ['{{printf "%d" 1 2 "x" nil}}', '1%!(EXTRA int=2, string=x, <nil>)'],
  ['{{printf "%z" 1}}', '%!z(int=1)'],
  ['{{printf "abc%"}}', 'abc%!(NOVERB)'],
  ['{{printf "%-"}}', '%!(NOVERB)'],
  ['{{printf "%!" 1}}', '%!!(int=1)'],
  ['{{printf "%[2]d %[1]d" 1 2}}', '2 1'],
  ['{{printf "%[3]d" 1}}', '%!d(BADINDEX)'],
  ['{{printf "%[0]d" 1}}', '%!d(BADINDEX)'],
  ['{{printf "%[x]d" 1}}', '%!d(BADINDEX)'],
  ['{{printf "%[1]d %d %d" 1 2}}', '1 2 %!d(MISSING)'],
  ['{{printf "%[2]*[1]d|" 12 5}}', '   12|'],
  ['{{printf "%*d|%-*d|%.*f|%*s|" 5 1 5 2 2 3.14159 -6 "ab"}}', '    1|2    |3.14|ab    |'],
  ['{{printf "%*d" "x" 1}}', '%!(BADWIDTH)1'],
  ['{{printf "%.*d" -1 5}}', '%!(BADPREC)5'],
  ['{{printf "%*d" 10000000 1}}', '%!(BADWIDTH)1'],
  ['{{printf "%6.2f%%|%%d|%5%|" 12.3456}}', ' 12.35%|%d|%|'],
  [
    '{{printf "%v|%d|%s|%q|%x|%3v" .l .li .li .l .l .li}}',
    '[a b]|[%!d(float64=1) %!d(float64=2)]|[%!s(float64=1) %!s(float64=2)]|["a" "b"]|[61 62]|[  1   2]',
  ],
  [
    '{{printf "%v|%#v|%+v|%s|%d" .m .m .m .m .m}}',
    'map[a:1.5 b:x c:<nil>]|map[string]interface {}{"a":1.5, "b":"x", "c":interface {}(nil)}|map[a:1.5 b:x c:<nil>]|map[a:%!s(float64=1.5) b:x c:<nil>]|map[%!d(string=a):%!d(float64=1.5) %!d(string=b):%!d(string=x) %!d(string=c):<nil>]',
  ],
  [
    '{{printf "%v|%#v|%s" .ln .ln .ln}}',
    '[<nil> x [1 true]]|[]interface {}{interface {}(nil), "x", []interface {}{1, true}}|[<nil> x [%!s(float64=1) %!s(bool=true)]]',
  ],
  ['{{printf "%x|%X|% x" "" "é" "ab"}}', '|C3A9|61 62'],
  ['{{printf "%.1q|%.3x" "héllo" "abcdef"}}', '"h"|616263'],
  ['{{printf "%5.1v|%6.2v|%-6.1v|" 3.14159 "hello" 2.5}}', '    3|    he|2     |'],
];

describe('printf (checked against go1.19.8)', () => {
  it.each(printfTests)('%s', (text, want) => {
    expect(executeTemplate(parseTemplate(text), data)).toBe(want);
  });
});

describe('Sprint and Sprintln spacing', () => {
  it('adds a space between operands when neither is a string', () => {
    expect(sprint([1n, 2n, 'a', 'b', 3n, null, ['x']])).toBe('1 2ab3 <nil> [x]');
    expect(sprint(['a', 1n, 2n, 'b'])).toBe('a1 2b');
    expect(sprintln([1n, 'a', null])).toBe('1 a <nil>\n');
    expect(sprint([])).toBe('');
  });

  it("bounds widths as Go's parsenum and intFromArg do, and stops at the caller's limit", () => {
    // parsenum checks the bound before each digit: a width just over a million still passes.
    expect(sprintf('%1000001d', [1n]).length).toBe(1000001);
    expect(sprintf('%100000000d', [1n])).toBe('%!(NOVERB)%!(EXTRA int=1)');
    expect(sprintf('%*d', [1000001n, 1n])).toBe('%!(BADWIDTH)1');
    expect(() => sprintf('%5000000d', [1n], 1000)).toThrow(FmtLimitError);
  });
});
