/**
 * Port of Masterminds/sprig v3.3.0 regex_test.go (56 cases, all of them), plus Go behaviour
 * beyond it whose expected values were produced by sprig v3.3.0 itself (Go's regexp), and the
 * patterns this port refuses rather than answer differently from Go.
 *
 * The Go-side tests call regexMatch & co. directly and check lengths; here they go through the
 * FuncMap entries with the same arguments.
 */
import { describe, expect, it } from 'vitest';
import type { GoValue } from '../../../../src/core/go/template/values';
import { call, callError, f, int, run } from './helpers';

const length = (v: GoValue): number => (v as readonly GoValue[]).length;

describe('regex_test.go', () => {
  const email = '[A-Za-z0-9._%+-]+@[A-Za-z0-9.-]+\\.[A-Za-z]{2,}';
  const emailCases = [
    ['test@acme.com', true],
    ['Test@Acme.Com', true],
    ['test', false],
    ['test.com', false],
    ['test@acme', false],
  ] as const;

  it.each(emailCases)('TestRegexMatch %s', (s, want) => {
    expect(call(f.regexMatch, email, s)).toBe(want);
  });

  it.each(emailCases)('TestMustRegexMatch %s', (s, want) => {
    expect(call(f.mustRegexMatch, email, s)).toBe(want);
  });

  const findAllCases = [
    ['aa', -1, 1],
    ['aaaaaaaa', 1, 1],
    ['aaaa', -1, 2],
    ['none', -1, 0],
  ] as const;

  for (const fn of ['regexFindAll', 'mustRegexFindAll'] as const) {
    it.each(findAllCases)(`${fn} a{2} %s %i`, (s, n, want) => {
      expect(length(call(f[fn], 'a{2}', s, int(n)))).toBe(want);
    });
  }

  const findCases = [
    ['foorbar', 'foo'],
    ['foo foe fome', 'foo'],
    ['none', ''],
  ] as const;

  for (const fn of ['regexFind', 'mustRegexFind'] as const) {
    it.each(findCases)(`${fn} fo.? %s`, (s, want) => {
      expect(call(f[fn], 'fo.?', s)).toBe(want);
    });
  }

  const replaceCases = [
    ['T', '-T-T-'],
    ['$1', '--xx-'],
    ['$1W', '---'],
    ['${1}W', '-W-xxW-'],
  ] as const;

  for (const fn of ['regexReplaceAll', 'mustRegexReplaceAll'] as const) {
    it.each(replaceCases)(`${fn} a(x*)b %s`, (repl, want) => {
      expect(call(f[fn], 'a(x*)b', '-ab-axxb-', repl)).toBe(want);
    });
  }

  const literalCases = [
    ['T', '-T-T-'],
    ['$1', '-$1-$1-'],
    ['${1}', '-${1}-${1}-'],
  ] as const;

  for (const fn of ['regexReplaceAllLiteral', 'mustRegexReplaceAllLiteral'] as const) {
    it.each(literalCases)(`${fn} a(x*)b %s`, (repl, want) => {
      expect(call(f[fn], 'a(x*)b', '-ab-axxb-', repl)).toBe(want);
    });
  }

  const splitCases = [
    ['a', 'banana', -1, 4],
    ['a', 'banana', 0, 0],
    ['a', 'banana', 1, 1],
    ['a', 'banana', 2, 2],
    ['z+', 'pizza', -1, 2],
    ['z+', 'pizza', 0, 0],
    ['z+', 'pizza', 1, 1],
    ['z+', 'pizza', 2, 2],
  ] as const;

  for (const fn of ['regexSplit', 'mustRegexSplit'] as const) {
    it.each(splitCases)(`${fn} %s %s %i`, (re, s, n, want) => {
      expect(length(call(f[fn], re, s, int(n)))).toBe(want);
    });
  }

  it('TestRegexQuoteMeta', () => {
    expect(call(f.regexQuoteMeta, '1.2.3')).toBe('1\\.2\\.3');
    expect(call(f.regexQuoteMeta, 'pretzel')).toBe('pretzel');
  });
});

describe('beyond upstream: Go regexp semantics (expected values from sprig v3.3.0)', () => {
  it.each([
    ['(?m)^\\w+$', 'line1\nline two\nl3', '[line1 l3]'],
    ['^\\w+$', 'line1\nl3', '[]'],
    ['(?s)a.b', 'a\nb', '[a\nb]'],
    ['a.b', 'a\rb a\nb', '[a\rb]'],
    ['\\s+', 'a\u00a0b c\u000bd', '[ ]'],
    ['(?i)straße', 'STRASSE straße STRAẞE', '[straße STRAẞE]'],
    ['(?U)a+', 'aaa', '[a a a]'],
    ['(?U)a+?', 'aaa', '[aaa]'],
    ['[[:^digit:]]+', '123 abc 456', '[ abc ]'],
    ['\\p{Greek}+', 'αβγ ΑΒΓ', '[αβγ ΑΒΓ]'],
    ['\\pC', 'a\u0001b', '[\u0001]'],
    ['\\x41\\x{42}\\101', 'ABA', '[ABA]'],
    ['\\Qa.b*\\E+', 'a.b*a.b**', '[a.b* a.b**]'],
    ['x*', 'abc', '[   ]'],
    ['', 'é😀', '[  ]'],
    ['[😀-😂]', 'x😀y😁z', '[😀 😁]'],
  ])('regexFindAll %j on %j', (re, s, want) => {
    expect(run(f.regexFindAll, re, s, int(-1))).toBe(want);
  });

  it('empty matches next to a match are skipped as Go does', () => {
    expect(run(f.regexReplaceAll, 'x*', 'abc', '-')).toBe('-a-b-c-');
    expect(run(f.regexReplaceAll, 'a*', 'baaac', '-')).toBe('-b-c-');
    expect(run(f.regexSplit, 'x*', 'abc', int(-1))).toBe('[a b c]');
    expect(run(f.toJson, call(f.regexSplit, '', '', int(-1)))).toBe('[]');
    expect(run(f.toJson, call(f.regexSplit, 'a', '', int(-1)))).toBe('[""]');
  });

  it.each([
    ['$1', '-ab-axxb-', 'a(x*)b', '--xx-'],
    ['$$', 'ab', 'a', '$b'],
    ['$', 'ab', 'a', '$b'],
    ['${1', 'ab', '(a)', '${1b'],
    ['${}', 'ab', '(a)', '${}b'],
    ['$01', 'ab', '(a)', 'b'],
    ['$10', 'ab', '(a)', 'b'],
    ['${name}$name', 'axxb', '(?P<name>x+)', 'axxxxb'],
    ['é$é', 'ab', '(a)', 'éb'],
  ])('regexReplaceAll expands %j as Go does', (repl, s, re, want) => {
    expect(run(f.regexReplaceAll, re, s, repl)).toBe(want);
  });

  it('no match: regexFindAll gives a nil []string, regexSplit with n 0 too', () => {
    expect(run(f.toJson, call(f.regexFindAll, 'x', 'abc', int(-1)))).toBe('null');
    expect(run(f.toJson, call(f.regexSplit, 'x', 'abc', int(0)))).toBe('null');
    expect(run(f.typeOf, call(f.regexFindAll, 'x', 'abc', int(-1)))).toBe('[]string');
  });

  it.each([
    ['(', 'missing closing ): `(`'],
    [')', 'unexpected ): `)`'],
    ['(a))', 'unexpected ): `(a))`'],
    ['((a)', 'missing closing ): `((a)`'],
    ['[a', 'missing closing ]: `[a`'],
    ['[z-a]', 'invalid character class range: `z-a`'],
    ['a**', 'invalid nested repetition operator: `**`'],
    ['a+?*', 'invalid nested repetition operator: `+?*`'],
    ['a{2}{3}', 'invalid nested repetition operator: `{2}{3}`'],
    ['*a', 'missing argument to repetition operator: `*`'],
    ['a|*', 'missing argument to repetition operator: `*`'],
    ['(?i)*', 'missing argument to repetition operator: `*`'],
    ['\\', 'trailing backslash at end of expression: ``'],
    ['\\q', 'invalid escape sequence: `\\q`'],
    ['\\1', 'invalid escape sequence: `\\1`'],
    ['\\x{zz}', 'invalid escape sequence: `\\x{z`'],
    ['\\x4', 'invalid escape sequence: `\\x4`'],
    ['\\C', 'invalid escape sequence: `\\C`'],
    ['\\pX', 'invalid character class range: `\\pX`'],
    ['\\p{Foo}', 'invalid character class range: `\\p{Foo}`'],
    ['[[:foo:]]', 'invalid character class range: `[:foo:]`'],
    ['[\\b]', 'invalid escape sequence: `\\b`'],
    ['(?=a)', 'invalid or unsupported Perl syntax: `(?=`'],
    ['(?<=a)', 'invalid named capture: `(?<=a)`'],
    ['(?P=a)', 'invalid or unsupported Perl syntax: `(?P`'],
    ['(?P<a-b>x)', 'invalid named capture: `(?P<a-b>`'],
    ['(?i-)', 'invalid or unsupported Perl syntax: `(?i-)`'],
    ['a{1001}', 'invalid repeat count: `{1001}`'],
    ['a{2,1}', 'invalid repeat count: `{2,1}`'],
    ['((a{10}){10}){11}', 'invalid repeat count: `{11}`'],
  ])('mustRegexFind %j fails with Go text', (re, message) => {
    expect(callError(f.mustRegexFind, re, 'x')).toBe(`error parsing regexp: ${message}`);
  });

  it('MustCompile panics name the pattern; regexMatch swallows syntax errors', () => {
    expect(callError(f.regexFind, '(', 'x')).toBe(
      'regexp: Compile(`(`): error parsing regexp: missing closing ): `(`',
    );
    expect(callError(f.regexFind, '`(', 'x')).toBe(
      'regexp: Compile("`("): error parsing regexp: missing closing ): ``(`',
    );
    expect(call(f.regexMatch, '(', 'x')).toBe(false);
    expect(callError(f.mustRegexMatch, '(', 'x')).toBe('error parsing regexp: missing closing ): `(`');
  });

  it('a literal { that cannot start a repeat is itself', () => {
    expect(run(f.regexFind, 'a{,3}', 'a{,3}')).toBe('a{,3}');
    expect(run(f.regexFind, 'a{01}', 'a{01}')).toBe('a{01}');
  });
});

describe('patterns this port refuses instead of matching unlike Go', () => {
  it.each([
    ['a(?i)b', '(?i) applies to only part of the pattern'],
    ['(?i:a)b', '(?i) applies to only part of the pattern'],
    ['(|a)+', 'a repeated group that prefers to match the empty string'],
    ['(a*?)+', 'a repeated group that prefers to match the empty string'],
    ['(x*|a)*', 'a repeated group that prefers to match the empty string'],
  ])('%j', (re, reason) => {
    const message = `regexp \`${re}\` is not supported here: ${reason}`;
    expect(callError(f.regexFind, re, 'ab')).toBe(message);
    expect(callError(f.mustRegexFind, re, 'ab')).toBe(message);
    expect(callError(f.regexMatch, re, 'ab')).toBe(message);
  });

  it('(?i) that covers the whole pattern is fine, also next to caseless parts', () => {
    expect(run(f.regexFindAll, '(?i)hello', 'HELLO hello HeLLo', int(-1))).toBe('[HELLO hello HeLLo]');
    expect(run(f.regexFindAll, '(?i)a(?-i)1', 'A1 a1', int(-1))).toBe('[A1 a1]');
  });

  it('a group that some iterations skip cannot be expanded, the match itself can', () => {
    expect(callError(f.regexReplaceAll, '(?:(a)|b)+', 'ab', '<$1>')).toBe(
      'regexp `(?:(a)|b)+` is not supported here: group 1 inside a repetition that can skip it',
    );
    expect(run(f.regexReplaceAll, '(?:(a)|b)+', 'ab', '<x>')).toBe('<x>');
    expect(run(f.regexReplaceAll, '(a|b)+', 'ab', '<$1>')).toBe('<b>');
  });
});
