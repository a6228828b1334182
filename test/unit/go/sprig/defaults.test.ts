/**
 * Port of Masterminds/sprig v3.3.0 defaults_test.go (42 cases, all of them), plus Go behaviour
 * beyond it whose expected values were produced by sprig v3.3.0 itself.
 *
 * Template data: `.Nothing` on upstream's map[string]string is "", and a missing key or a field
 * of nil in a map[string]interface{} is nil, which is what those cases pass here.
 */
import { describe, expect, it } from 'vitest';
import { call, callError, f, int, out, run } from './helpers';

describe('defaults_test.go', () => {
  it('TestDefault', () => {
    expect(run(f.default, 'foo', '')).toBe('foo');
    expect(run(f.default, 'foo', int(234))).toBe('234');
    expect(run(f.default, 'foo', 2.34)).toBe('2.34');
    expect(run(f.default, '123', '')).toBe('123');
    expect(run(f.default, '123')).toBe('123');
  });

  it.each([
    [int(1), '0'],
    [int(0), '1'],
    ['', '1'],
    [0.0, '1'],
    [false, '1'],
    [null, '1'],
    [null, '1'],
  ])('TestEmpty %s', (v, want) => {
    expect(call(f.empty, v) ? '1' : '0').toBe(want);
  });

  it('TestCoalesce', () => {
    expect(run(f.coalesce, int(1))).toBe('1');
    expect(run(f.coalesce, '', int(0), null, int(2))).toBe('2');
    expect(run(f.coalesce, '', int(0), null, int(2))).toBe('2');
    expect(run(f.coalesce, '', int(2), int(0), int(0), int(0))).toBe('2');
    expect(run(f.coalesce, '', int(2), int(3), int(4), int(5))).toBe('2');
    expect(run(f.coalesce)).toBe('<no value>');
    expect(run(f.coalesce, null, null, null, 'airplane')).toBe('airplane');
  });

  it('TestAll', () => {
    expect(run(f.all, int(1))).toBe('true');
    expect(run(f.all, '', int(0), null, int(2))).toBe('false');
    expect(run(f.all, '', int(0), null, int(2))).toBe('false');
    expect(run(f.all, '', int(2), int(0), int(0), int(0))).toBe('false');
    expect(run(f.all, '', int(2), int(3), int(4), int(5))).toBe('false');
    expect(run(f.all)).toBe('true');
    expect(run(f.all, null, null, null, 'airplane')).toBe('false');
  });

  it('TestAny', () => {
    expect(run(f.any, int(1))).toBe('true');
    expect(run(f.any, '', int(0), null, int(2))).toBe('true');
    expect(run(f.any, '', int(0), null, int(2))).toBe('true');
    expect(run(f.any, '', int(2), int(3), int(4), int(5))).toBe('true');
    expect(run(f.any, '', int(0), int(0), int(0), int(0))).toBe('false');
    expect(run(f.any)).toBe('false');
    expect(run(f.any, null, null, null, 'airplane')).toBe('true');
  });

  it('TestFromJson', () => {
    expect(run(f.fromJson, '{"foo": 55}')).toBe('map[foo:55]');
    const v = call(f.fromJson, '{"foo": 55}') as Record<string, number>;
    expect(out(v.foo ?? null)).toBe('55');
  });

  const top = { bool: true, string: 'test', number: int(42) };

  it('TestToJson', () => {
    expect(run(f.toJson, top)).toBe('{"bool":true,"number":42,"string":"test"}');
  });

  it('TestToPrettyJson', () => {
    expect(run(f.toPrettyJson, top)).toBe('{\n  "bool": true,\n  "number": 42,\n  "string": "test"\n}');
  });

  it('TestToRawJson', () => {
    expect(run(f.toRawJson, { ...top, html: '<HEAD>' })).toBe(
      '{"bool":true,"html":"<HEAD>","number":42,"string":"test"}',
    );
  });

  it('TestTernary', () => {
    expect(run(f.ternary, 'foo', 'bar', true)).toBe('foo');
    expect(run(f.ternary, 'foo', 'bar', true)).toBe('foo');
    expect(run(f.ternary, 'foo', 'bar', false)).toBe('bar');
    expect(run(f.ternary, 'foo', 'bar', false)).toBe('bar');
  });
});

describe('beyond upstream (expected values from sprig v3.3.0)', () => {
  it('empty: NaN is not zero, containers by length', () => {
    expect(call(f.empty, NaN)).toBe(false);
    expect(call(f.empty, [])).toBe(true);
    expect(call(f.empty, [null])).toBe(false);
    expect(call(f.empty, {})).toBe(true);
  });

  it('toJson escapes HTML, toRawJson does not; floats in Go form', () => {
    const v = { '<html>': 'a&b', é: '\u2028', z: [int(1), 2.5, 'x', null, { y: true }, 1e21, 1e-7] };
    expect(run(f.toJson, v)).toBe(
      '{"\\u003chtml\\u003e":"a\\u0026b","z":[1,2.5,"x",null,{"y":true},1e+21,1e-7],"é":"\\u2028"}',
    );
    expect(run(f.toRawJson, v)).toBe(
      '{"<html>":"a&b","z":[1,2.5,"x",null,{"y":true},1e+21,1e-7],"é":"\\u2028"}',
    );
    expect(run(f.toPrettyJson, [])).toBe('[]');
    expect(run(f.toPrettyJson, { a: [], b: {} })).toBe('{\n  "a": [],\n  "b": {}\n}');
  });

  it('an unencodable value: toJson gives "", toRawJson panics, must* return the error', () => {
    expect(run(f.toJson, NaN)).toBe('');
    expect(run(f.toPrettyJson, Infinity)).toBe('');
    expect(callError(f.toRawJson, NaN)).toBe('json: unsupported value: NaN');
    expect(callError(f.mustToJson, -Infinity)).toBe('json: unsupported value: -Inf');
    expect(callError(f.mustToPrettyJson, { a: Infinity })).toBe('json: unsupported value: +Inf');
  });

  it.each([
    ['', 'unexpected end of JSON input'],
    ['   ', 'unexpected end of JSON input'],
    ['{', 'unexpected end of JSON input'],
    ['nul', "invalid character ' ' in literal null (expecting 'l')"],
    ['-', "invalid character ' ' in numeric literal"],
    ['{"a":1}x', "invalid character 'x' after top-level value"],
    ['1 2', "invalid character '2' after top-level value"],
    ["{'a': 1}", "invalid character '\\'' looking for beginning of object key string"],
    ['[1,]', "invalid character ']' looking for beginning of value"],
    ['é', "invalid character 'Ã' looking for beginning of value"],
    ['[1, 1e400]', 'json: cannot unmarshal number 1e400 into Go value of type float64'],
  ])('mustFromJson %j fails with Go text', (input, message) => {
    expect(callError(f.mustFromJson, input)).toBe(message);
  });

  it('fromJson swallows errors; numbers are float64', () => {
    expect(run(f.fromJson, '{')).toBe('<no value>');
    expect(run(f.fromJson, '[1, 1e400, 2.5]')).toBe('[1 <nil> 2.5]');
    expect(run(f.typeOf, call(f.fromJson, '123'))).toBe('float64');
    expect(run(f.fromJson, '"\\ud800"')).toBe('\ufffd');
    expect(run(f.fromJson, '{"a":1,"a":2}')).toBe('map[a:2]');
  });

  it('fail returns its message as the error', () => {
    expect(callError(f.fail, 'boom')).toBe('boom');
  });

  it('default keeps the type of the given value', () => {
    expect(run(f.typeOf, call(f.default, 'def', 2.5))).toBe('float64');
    expect(run(f.default, 'def', [])).toBe('def');
  });
});
