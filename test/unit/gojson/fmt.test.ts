import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  compareGoStrings,
  goFloatV,
  goFormatT,
  goFormatV,
  goJsonEncodeLine,
  goJsonIndent,
  goJsonMarshal,
  goJsonString,
  goQuote,
  goScanValue,
} from '../../../src/core/gojson';

describe('fmt and strconv', () => {
  it('%q quotes like strconv.Quote', () => {
    expect(goQuote('name')).toBe('"name"');
    expect(goQuote('a"b\\c')).toBe('"a\\"b\\\\c"');
    expect(goQuote('tab\there\n\u0001\u007f')).toBe('"tab\\there\\n\\x01\\x7f"');
    expect(goQuote('é中😀')).toBe('"é中😀"');
    expect(goQuote('\u00a0\u200b')).toBe('"\\u00a0\\u200b"');
  });

  it('%v of float64 uses the shortest digits and %e from exponent 6', () => {
    expect([5, 1.5, 100000, 1e6, 1234567, 0.0001, 0.00001, -2.5e-7, 1e21].map(goFloatV)).toEqual([
      '5',
      '1.5',
      '100000',
      '1e+06',
      '1.234567e+06',
      '0.0001',
      '1e-05',
      '-2.5e-07',
      '1e+21',
    ]);
  });

  it('%t and %v of decoded values, as opm prints them in R8', () => {
    expect([goFormatT(true), goFormatV(true)]).toEqual(['true', 'true']);
    expect([goFormatT(5), goFormatV(5)]).toEqual(['%!t(float64=5)', '5']);
    expect([goFormatT({}), goFormatV({})]).toEqual(['map[]', 'map[]']);
    expect([goFormatT(['a']), goFormatV(['a'])]).toEqual(['[%!t(string=a)]', '[a]']);
    expect([goFormatT(null), goFormatV(null)]).toEqual(['%!t(<nil>)', '<nil>']);
    expect(goFormatT({ b: [false, null], a: 1 })).toBe(
      'map[%!t(string=a):%!t(float64=1) %!t(string=b):[false <nil>]]',
    );
    expect(goFormatV({ b: { c: 'x y' }, a: 1e6 })).toBe('map[a:1e+06 b:map[c:x y]]');
  });

  it('orders strings by UTF-8 bytes', () => {
    expect(['b', 'B', 'a', '\uffff', '😀', 'é'].sort(compareGoStrings)).toEqual([
      'B',
      'a',
      'b',
      'é',
      '\uffff',
      '😀',
    ]);
  });
});

describe('encoding/json output', () => {
  it('sorts keys, formats float64 like Go, and escapes strings like Go ≥ 1.22', () => {
    expect(goJsonMarshal({ b: 1, a: [true, null, 0.5, 1e21, 1e-7, 123456789012345680000] })).toBe(
      '{"a":[true,null,0.5,1e+21,1e-7,123456789012345680000],"b":1}',
    );
    expect(goJsonString('<a&b>\b\f\u0000\u2028"\\')).toBe('"<a&b>\\b\\f\\u0000\\u2028\\"\\\\"');
    expect(goJsonString('<a&b>', true)).toBe('"\\u003ca\\u0026b\\u003e"');
    expect(goJsonString('\ud800x')).toBe('"\ufffdx"');
    expect(goJsonEncodeLine({ k: '<v>' })).toBe('{"k":"<v>"}\n');
    expect(() => goJsonMarshal({ x: Infinity })).toThrow('json: unsupported value: +Inf');
  });

  it('indents like json.Indent', () => {
    expect(goJsonIndent('{"a":[1,{}],"b":[],"c":{"d":"x, y: z"}}', '', '    ')).toBe(
      '{\n    "a": [\n        1,\n        {}\n    ],\n    "b": [],\n    "c": {\n        "d": "x, y: z"\n    }\n}',
    );
    expect(goJsonIndent('[ 1 , 2 ]', '', '  ')).toBe('[\n  1,\n  2\n]');
    expect(goJsonIndent('["a\\"b\\\\", "\\\\"]', '', ' ')).toBe('[\n "a\\"b\\\\",\n "\\\\"\n]');
  });

  it('indents any JSON value as JSON.stringify does with the same indent (escapes and empty containers too)', () => {
    fc.assert(
      fc.property(fc.jsonValue(), (v) => {
        expect(goJsonIndent(JSON.stringify(v), '', '    ')).toBe(JSON.stringify(v, null, 4));
      }),
    );
  });

  it('indents a value that is one long string, escapes included, as that string', () => {
    const s = `"${'x'.repeat(5_000_000)}\\"y"`;
    expect(goJsonIndent(s, '', '    ')).toBe(s);
  });
});

describe('Go JSON scanner (syntax error texts)', () => {
  const problem = (s: string) => goScanValue(s, 0).problem;
  it.each([
    ['{"a" 1}', "invalid character '1' after object key", 6],
    ['{"a":1 "b":2}', `invalid character '"' after object key:value pair`, 8],
    ['[1 2]', "invalid character '2' after array element", 4],
    ['{,}', "invalid character ',' looking for beginning of object key string", 2],
    ['[tru]', "invalid character ']' in literal true (expecting 'e')", 5],
    ['[01]', "invalid character '1' after array element", 3],
    ['[1.]', "invalid character ']' after decimal point in numeric literal", 4],
    ['[1e]', "invalid character ']' in exponent of numeric literal", 4],
    ['["\\x"]', "invalid character 'x' in string escape code", 4],
    ['["a\u0001"]', "invalid character '\\x01' in string literal", 4],
    ['[é]', "invalid character 'Ã' looking for beginning of value", 2],
    ["['a']", "invalid character '\\'' looking for beginning of value", 2],
  ])('%s', (text, msg, offset) => {
    expect(problem(text)).toMatchObject({ msg, byteOffset: offset, eof: false });
  });

  it('finds the end of a value and reports truncation', () => {
    expect(goScanValue('  {"a": [1, "}"]} {"b": 2}', 0)).toEqual({ end: 17 });
    expect(goScanValue('123 ', 0)).toEqual({ end: 3 });
    expect(goScanValue('"str"', 0)).toEqual({ end: 5 });
    expect(goScanValue('{"a": [', 0).problem).toMatchObject({
      eof: true,
      msg: 'unexpected end of JSON input',
    });
  });
});
