/**
 * Port of Masterminds/sprig v3.3.0 strings_test.go (51 cases), plus Go behaviour beyond it whose
 * expected values were produced by sprig v3.3.0 itself.
 *
 * Left out: TestRandomString (4 cases: randAlphaNum, randAlpha, randAscii, randNumeric are random
 * and not ported).
 */
import { describe, expect, it } from 'vitest';
import { call, callError, f, int, len, out, run, toStringFunc } from './helpers';

describe('strings_test.go', () => {
  it('TestSubstr, TestSubstr_shorterString', () => {
    expect(run(f.substr, int(0), int(3), 'fooo')).toBe('foo');
    expect(run(f.substr, int(0), int(10), 'foo')).toBe('foo');
  });

  it('TestTrunc', () => {
    expect(run(f.trunc, int(3), 'foooooo')).toBe('foo');
    expect(run(f.trunc, int(-3), 'baaaaaar')).toBe('aar');
    expect(run(f.trunc, int(-999), 'baaaaaar')).toBe('baaaaaar');
    expect(run(f.trunc, int(0), 'baaaaaz')).toBe('');
  });

  it('TestQuote', () => {
    expect(run(f.quote, 'a', 'b', 'c')).toBe('"a" "b" "c"');
    expect(run(f.quote, '"a"', 'b', 'c')).toBe('"\\"a\\"" "b" "c"');
    expect(run(f.quote, int(1), int(2), int(3))).toBe('"1" "2" "3"');
    expect(run(f.quote, null)).toBe('');
  });

  it('TestSquote', () => {
    expect(run(f.squote, 'a', 'b', 'c')).toBe("'a' 'b' 'c'");
    expect(run(f.squote, int(1), int(2), int(3))).toBe("'1' '2' '3'");
    expect(run(f.squote, null)).toBe('');
  });

  it('TestContains', () => {
    expect(call(f.contains, 'cat', 'fair catch')).toBe(true);
    expect(call(f.hasPrefix, 'cat', 'catch')).toBe(true);
    expect(call(f.hasSuffix, 'cat', 'ducat')).toBe(true);
  });

  it('TestTrim', () => {
    expect(run(f.trim, '   5.00   ')).toBe('5.00');
    expect(run(f.trimAll, '$', '$5.00$')).toBe('5.00');
    expect(run(f.trimPrefix, '$', '$5.00')).toBe('5.00');
    expect(run(f.trimSuffix, '$', '5.00$')).toBe('5.00');
  });

  it('TestSplit, TestSplitn', () => {
    expect(out((call(f.split, '$', 'foo$bar$baz') as Record<string, string>)._0 ?? null)).toBe('foo');
    expect(out((call(f.splitn, '$', int(2), 'foo$bar$baz') as Record<string, string>)._0 ?? null)).toBe(
      'foo',
    );
  });

  it('TestToString', () => {
    expect(run(f.kindOf, call(toStringFunc, int(1)))).toBe('string');
  });

  it('TestToStrings', () => {
    const s = call(f.toStrings, call(f.list, int(1), int(2), int(3))) as string[];
    expect(run(f.kindOf, s[1] ?? null)).toBe('string');
    expect(run(f.toStrings, call(f.list, int(1), null, int(2)))).toBe('[1 2]');
  });

  it('TestJoin', () => {
    expect(run(f.join, '-', call(f.tuple, 'a', 'b', 'c'))).toBe('a-b-c');
    expect(run(f.join, '-', call(f.tuple, int(1), int(2), int(3)))).toBe('1-2-3');
    expect(run(f.join, '-', ['a', 'b', 'c'])).toBe('a-b-c');
    expect(run(f.join, '-', 'abc')).toBe('abc');
    expect(run(f.join, '-', [int(1), int(2), int(3)])).toBe('1-2-3');
    expect(run(f.join, '-', ['1', null, '2'])).toBe('1-2');
  });

  it('TestSortAlpha', () => {
    expect(run(f.join, '', call(f.sortAlpha, call(f.list, 'c', 'a', 'b')))).toBe('abc');
    expect(run(f.join, '', call(f.sortAlpha, call(f.list, int(2), int(1), int(4), int(3))))).toBe('1234');
  });

  it('TestBase64EncodeDecode, TestBase32EncodeDecode', () => {
    expect(run(f.b64enc, 'coffee')).toBe('Y29mZmVl');
    expect(run(f.b64dec, 'Y29mZmVl')).toBe('coffee');
    expect(run(f.b32enc, 'coffee')).toBe('MNXWMZTFMU======');
    expect(run(f.b32dec, 'MNXWMZTFMU======')).toBe('coffee');
  });

  it('TestGoutils', () => {
    expect(run(f.abbrev, int(5), 'hello world')).toBe('he...');
    expect(run(f.abbrevboth, int(5), int(10), '1234 5678 9123')).toBe('...5678...');
    expect(run(f.nospace, 'h e l l o ')).toBe('hello');
    expect(run(f.untitle, 'First Try')).toBe('first try');
    expect(run(f.initials, 'First Try')).toBe('FT');
    expect(run(f.wrap, int(5), 'Hello World')).toBe('Hello\nWorld');
    expect(run(f.wrapWith, int(5), '\t', 'Hello World')).toBe('Hello\tWorld');
  });

  it('TestCat', () => {
    expect(run(f.cat, 'a', 'b', 'c')).toBe('a b c');
    expect(run(f.cat, 'a', 'b', null)).toBe('a b');
  });

  it('TestIndent, TestNindent', () => {
    expect(run(f.indent, int(4), 'a\nb\nc')).toBe('    a\n    b\n    c');
    expect(run(f.nindent, int(4), 'a\nb\nc')).toBe('\n    a\n    b\n    c');
  });

  it('TestReplace', () => {
    expect(run(f.replace, ' ', '-', 'I Am Henry VIII')).toBe('I-Am-Henry-VIII');
  });

  it('TestPlural', () => {
    const num = BigInt(len('two'));
    expect(`${num} ${run(f.plural, '1 char', 'chars', num)}`).toBe('3 chars');
    expect(run(f.plural, 'cheese', '%d chars', BigInt(len('t')))).toBe('cheese');
  });
});

describe('beyond upstream (expected values from sprig v3.3.0)', () => {
  it('substr and trunc cut Go bytes; a cut character reads as U+FFFD per byte', () => {
    expect(run(f.trunc, int(5), '日本語 テキスト')).toBe('日\ufffd\ufffd');
    expect(run(f.substr, int(1), int(5), '日本語 テキスト')).toBe('\ufffd\ufffd\ufffd\ufffd');
    expect(run(f.abbrevboth, int(5), int(10), '日本語 テキスト')).toBe('...\ufffd語...');
  });

  it('substr panics like Go slicing', () => {
    expect(callError(f.substr, int(-1), int(5), 'foo')).toBe(
      'runtime error: slice bounds out of range [:5] with length 3',
    );
    expect(callError(f.substr, int(-1), int(-2), 'foo')).toBe(
      'runtime error: slice bounds out of range [:-2]',
    );
    expect(callError(f.substr, int(4), int(-1), 'foo')).toBe(
      'runtime error: slice bounds out of range [4:3]',
    );
    expect(callError(f.substr, int(2), int(1), 'foo')).toBe('runtime error: slice bounds out of range [2:1]');
  });

  it('repeat and indent panic on a negative count', () => {
    expect(callError(f.repeat, int(-1), 'x')).toBe('strings: negative Repeat count');
    expect(callError(f.indent, int(-1), 'x')).toBe('strings: negative Repeat count');
  });

  it('upper, lower, title use Go simple case mapping', () => {
    expect(run(f.upper, 'ß straße')).toBe('ß STRAßE');
    expect(run(f.lower, 'İstanbul')).toBe('istanbul');
    expect(run(f.upper, 'ᾀ ᾳ ᾈ')).toBe('ᾈ ᾼ ᾈ');
    expect(run(f.title, 'ǆemal ǅ Ǆ')).toBe('ǅemal ǅ ǅ');
    expect(run(f.title, 'ა ბ')).toBe('ა ბ');
    expect(run(f.title, 'hello_world foo-bar baz.qux 1st a\u00a0b')).toBe(
      'Hello_world Foo-Bar Baz.Qux 1st A\u00a0B',
    );
    expect(run(f.swapcase, 'Hello wORLD ǅ')).toBe('hELLO World ǆ');
  });

  it('nospace and initials work on bytes, re-encoding each as a rune (goutils)', () => {
    expect(run(f.nospace, 'héllo wörld')).toBe('hÃ©llowÃ¶rld');
    expect(run(f.nospace, 'héllo')).toBe('héllo');
    expect(run(f.initials, 'émile zola')).toBe('Ãz');
  });

  it('wrap works on bytes and keeps long words unless wrapWith', () => {
    expect(run(f.wrap, int(10), 'The quick brown fox jumps over the lazy dog')).toBe(
      'The quick\nbrown fox\njumps over\nthe lazy\ndog',
    );
    expect(run(f.wrap, int(3), 'supercalifragilistic is long')).toBe('supercalifragilistic\nis\nlong');
    expect(run(f.wrapWith, int(3), '|', 'supercalifragilistic is long')).toBe(
      'sup|erc|ali|fra|gil|ist|ic|is|lon|g',
    );
  });

  it('quote and squote print other values with %v', () => {
    expect(run(f.quote, int(1), 2.5, true, null, 'a"b', 'é\u0000')).toBe('"1" "2.5" "true" "a\\"b" "é\\x00"');
    expect(run(f.squote, [int(1), 'a'], { a: int(1) })).toBe("'[1 a]' 'map[a:1]'");
    expect(run(f.cat, 'a', null, int(1), [int(1), null], 1e21, 1e-7, 1234567)).toBe(
      'a 1 [1 <nil>] 1e+21 1e-07 1.234567e+06',
    );
  });

  it('split and splitList on an empty separator split runes', () => {
    expect(run(f.splitList, '', 'a😀b')).toBe('[a 😀 b]');
    expect(run(f.typeOf, call(f.splitList, ',', 'a,b'))).toBe('[]string');
    expect(run(f.typeOf, call(f.split, ',', 'a,b'))).toBe('map[string]string');
    expect(run(f.splitn, '', int(2), 'abc')).toBe('map[_0:a _1:bc]');
    expect(run(f.splitn, ',', int(0), 'a,b')).toBe('map[]');
  });

  it('replace with an empty old string inserts around every rune', () => {
    expect(run(f.replace, '', '-', 'a😀')).toBe('-a-😀-');
  });

  it('sortAlpha sorts in Go byte order, a []string in place, a non-list into one string', () => {
    expect(run(f.sortAlpha, ['b', 'B', 'a', '_', 'é', int(10), int(9)])).toBe('[10 9 B _ a b é]');
    expect(run(f.sortAlpha, null)).toBe('[<nil>]');
    const l = call(f.splitList, ',', 'b,a');
    call(f.sortAlpha, l);
    expect(out(l)).toBe('[a b]');
  });

  it('b64dec and b32dec return the decoding error as text', () => {
    expect(run(f.b64dec, 'Y29mZm')).toBe('illegal base64 data at input byte 4');
    expect(run(f.b64dec, 'Y2=9')).toBe('illegal base64 data at input byte 2');
    expect(run(f.b32dec, 'MNXWMZTFMU')).toBe('illegal base32 data at input byte 8');
    expect(run(f.b32dec, 'M=======')).toBe('illegal base32 data at input byte 1');
    expect(run(f.b32dec, '\nMNXW\r\nMZTF MU======')).toBe('illegal base32 data at input byte 8');
  });
});
