/**
 * Port of Masterminds/sprig v3.3.0 functions_test.go (25 of 28 cases) and functions_linux_test.go
 * (6 cases, all of them), plus checks of the FuncMap against functions.go's genericMap and Go
 * behaviour beyond the upstream cases (expected values produced by sprig v3.3.0).
 *
 * Left out: TestEnv and TestExpandEnv (env and expandenv are removed from Fleet's FuncMap),
 * TestShuffle (random; shuffle is not ported).
 */
import { describe, expect, it } from 'vitest';
import { SPRIG_NOT_PORTED } from '../../../../src/core/go/sprig';
import { f, run } from './helpers';

/** sprig v3.3.0 functions.go genericMap keys. */
const GENERIC_MAP =
  `abbrev abbrevboth add add1 add1f addf adler32sum ago all any append atoi b32dec b32enc b64dec
b64enc base bcrypt biggest buildCustomCert camelcase cat ceil chunk clean coalesce compact concat contains date
dateInZone dateModify date_in_zone date_modify decryptAES deepCopy deepEqual default derivePassword dict dig dir div
divf duration durationRound empty encryptAES env expandenv ext fail first float64 floor fromJson genCA genCAWithKey
genPrivateKey genSelfSignedCert genSelfSignedCertWithKey genSignedCert genSignedCertWithKey get getHostByName has
hasKey hasPrefix hasSuffix hello htmlDate htmlDateInZone htpasswd indent initial initials int int64 isAbs join
kebabcase keys kindIs kindOf last list lower max maxf merge mergeOverwrite min minf mod mul mulf mustAppend mustChunk
mustCompact mustDateModify mustDeepCopy mustFirst mustFromJson mustHas mustInitial mustLast mustMerge
mustMergeOverwrite mustPrepend mustPush mustRegexFind mustRegexFindAll mustRegexMatch mustRegexReplaceAll
mustRegexReplaceAllLiteral mustRegexSplit mustRest mustReverse mustSlice mustToDate mustToJson mustToPrettyJson
mustToRawJson mustUniq mustWithout must_date_modify nindent nospace now omit osBase osClean osDir osExt osIsAbs pick
pluck plural prepend push quote randAlpha randAlphaNum randAscii randBytes randInt randNumeric regexFind regexFindAll
regexMatch regexQuoteMeta regexReplaceAll regexReplaceAllLiteral regexSplit repeat replace rest reverse round semver
semverCompare seq set sha1sum sha256sum sha512sum shuffle slice snakecase sortAlpha split splitList splitn squote sub
subf substr swapcase ternary title toDate toDecimal toJson toPrettyJson toRawJson toString toStrings trim trimAll
trimPrefix trimSuffix trimall trunc tuple typeIs typeIsLike typeOf uniq unixEpoch unset until untilStep untitle upper
urlJoin urlParse uuidv4 values without wrap wrapWith`.split(/\s+/);

const FLEET_REMOVED = ['env', 'expandenv', 'getHostByName'];

describe('the FuncMap (functions.go)', () => {
  it('ports or lists every genericMap name except what Fleet removes', () => {
    const ported = Object.keys(f);
    const all = [...ported, ...SPRIG_NOT_PORTED].sort();
    const want = GENERIC_MAP.filter((n) => !FLEET_REMOVED.includes(n)).sort();
    expect(all).toEqual(want);
    expect(ported.filter((n) => SPRIG_NOT_PORTED.includes(n))).toEqual([]);
  });

  it('has no inherited names', () => {
    expect(f['constructor' as string]).toBeUndefined();
    expect(Object.getPrototypeOf(f)).toBeNull();
  });

  it('declares parameters consistently', () => {
    for (const [name, fn] of Object.entries(f)) {
      expect(Array.isArray(fn.params), name).toBe(true);
      if (fn.variadic) expect(fn.params.length, name).toBeGreaterThan(0);
    }
  });
});

describe('functions_test.go', () => {
  it('TestBase, TestDir, TestIsAbs, TestClean, TestExt', () => {
    expect(run(f.base, 'foo/bar')).toBe('bar');
    expect(run(f.dir, 'foo/bar/baz')).toBe('foo/bar');
    expect(run(f.isAbs, '/foo')).toBe('true');
    expect(run(f.isAbs, 'foo')).toBe('false');
    expect(run(f.clean, '/foo/../foo/../bar')).toBe('/bar');
    expect(run(f.ext, '/foo/bar/baz.txt')).toBe('.txt');
  });

  it.each([
    ['FirstName', 'first_name'],
    ['HTTPServer', 'http_server'],
    ['NoHTTPS', 'no_https'],
    ['GO_PATH', 'go_path'],
    ['GO PATH', 'go_path'],
    ['GO-PATH', 'go_path'],
  ])('TestSnakeCase %s', (input, want) => {
    expect(run(f.snakecase, input)).toBe(want);
  });

  it.each([
    ['http_server', 'HttpServer'],
    ['_camel_case', '_CamelCase'],
    ['no_https', 'NoHttps'],
    ['_complex__case_', '_Complex_Case_'],
    ['all', 'All'],
  ])('TestCamelCase %s', (input, want) => {
    expect(run(f.camelcase, input)).toBe(want);
  });

  it.each([
    ['FirstName', 'first-name'],
    ['HTTPServer', 'http-server'],
    ['NoHTTPS', 'no-https'],
    ['GO_PATH', 'go-path'],
    ['GO PATH', 'go-path'],
    ['GO-PATH', 'go-path'],
  ])('TestKebabCase %s', (input, want) => {
    expect(run(f.kebabcase, input)).toBe(want);
  });

  it('TestRegex', () => {
    expect(run(f.regexQuoteMeta, '1.2.3')).toBe('1\\.2\\.3');
    expect(run(f.regexQuoteMeta, 'pretzel')).toBe('pretzel');
  });
});

describe('functions_linux_test.go', () => {
  it('TestOsBase, TestOsDir, TestOsIsAbs, TestOsClean, TestOsExt', () => {
    expect(run(f.osBase, 'foo/bar')).toBe('bar');
    expect(run(f.osDir, 'foo/bar/baz')).toBe('foo/bar');
    expect(run(f.osIsAbs, '/foo')).toBe('true');
    expect(run(f.osIsAbs, 'foo')).toBe('false');
    expect(run(f.osClean, '/foo/../foo/../bar')).toBe('/bar');
    expect(run(f.osExt, '/foo/bar/baz.txt')).toBe('.txt');
  });
});

describe('beyond upstream: Go behaviour of the same functions', () => {
  it('hello', () => {
    expect(run(f.hello)).toBe('Hello!');
  });

  it.each([
    ['', '.'],
    ['a/b/../../..', '..'],
    ['//a//b/./c/', '/a/b/c'],
    ['../../a/../b', '../../b'],
    ['/..', '/'],
  ])('clean %j', (input, want) => {
    expect(run(f.clean, input)).toBe(want);
  });

  it.each([
    ['', '.'],
    ['/', '/'],
    ['a/b/', 'b'],
  ])('base %j', (input, want) => {
    expect(run(f.base, input)).toBe(want);
  });

  it.each([
    ['', '.'],
    ['a', '.'],
    ['/a', '/'],
    ['a/b/', 'a/b'],
  ])('dir %j', (input, want) => {
    expect(run(f.dir, input)).toBe(want);
  });

  it.each([
    ['http2xx', 'http_2xx'],
    ['HTTP20xOK', 'http_20x_ok'],
    ['Duration2m3s', 'duration_2m3s'],
    ['Bld4Floor3rd', 'bld4_floor_3rd'],
    ['a.b', 'a.b'],
    ['', ''],
  ])('snakecase %j (xstrings samples)', (input, want) => {
    expect(run(f.snakecase, input)).toBe(want);
  });

  it.each([
    ['some words', 'SomeWords'],
    ['GOLANG_IS_GREAT', 'GolangIsGreat'],
    ['__', '___'],
    ['a', 'A'],
    ['', ''],
  ])('camelcase %j (xstrings ToPascalCase)', (input, want) => {
    expect(run(f.camelcase, input)).toBe(want);
  });
});
