/**
 * What the API server accepts or refuses in a ClusterExtension, every applicable case of
 * operator-controller's internal/operator-controller/controllers/clusterextension_admission_test.go
 * and api/v1/validation_test.go (TestValidate) at df2c201d70e83d02eae23597d604269fa1baf20a.
 * Upstream creates each object on an envtest API server; here the same object, written as the
 * manifest `olmv1 preview` reads (what buildClusterExtension sends, as JSON), goes through
 * readClusterExtension: a case upstream accepts reads, a case it refuses is refused with an error
 * containing upstream's expected text.
 *
 * Left out (they need a cluster): TestClusterExtensionAdmissionServiceAccountLifecycle's two update
 * cases (immutability compares with the stored object), the deprecation warning the
 * ValidatingAdmissionPolicy adds for spec.serviceAccount (a warning, not a refusal), TestValidate's
 * ClusterObjectSet cases (an object `olmv1` never reads), and api/v1/clusterextension_types_test.go
 * (it parses Go constants).
 */
import { describe, expect, it } from 'vitest';
import { readClusterExtension } from '../../../src/core/olmv1';

type Obj = Record<string, unknown>;

/** buildClusterExtension: metadata plus the spec as Go's JSON writes it (omitempty fields left out). */
function manifest(spec: Obj): string {
  return JSON.stringify({
    apiVersion: 'olm.operatorframework.io/v1',
    kind: 'ClusterExtension',
    metadata: { name: 'test-extension' },
    spec,
  });
}
const catalogSpec = (catalog: Obj, extra: Obj = {}) => ({
  source: { sourceType: 'Catalog', catalog: { packageName: 'package', ...catalog } },
  namespace: 'default',
  ...extra,
});

function check(spec: Obj, errMsg: string | string[]) {
  const r = readClusterExtension(manifest(spec), 'ce.yaml');
  const wanted = typeof errMsg === 'string' ? (errMsg === '' ? [] : [errMsg]) : errMsg;
  if (wanted.length === 0) {
    expect(r).not.toHaveProperty('error');
    return;
  }
  expect(r).toHaveProperty('error');
  const error = (r as { error: string }).error;
  expect(
    error.startsWith('ce.yaml: ClusterExtension.olm.operatorframework.io "test-extension" is invalid: '),
  ).toBe(true);
  // Upstream accepts any one of its messages (they changed across API server versions).
  expect(
    wanted.some((m) => error.includes(m)),
    `${JSON.stringify(wanted)} in ${error}`,
  ).toBe(true);
}

describe('TestClusterExtensionSourceConfig', () => {
  const sourceTypeEmptyErrors = ['Invalid value: "null"', 'Invalid value: null'];
  const cases: [string, string, string, string[]][] = [
    ['sourceType is null', '', 'Catalog', sourceTypeEmptyErrors],
    ['sourceType is invalid', 'Invalid', 'Catalog', ['spec.source.sourceType: Unsupported value']],
    ['catalog field does not exist', 'Catalog', '', ['spec.source: Invalid value']],
    ['sourceConfig has required fields', 'Catalog', 'Catalog', []],
  ];
  for (const [name, sourceType, unionField, errMsgs] of cases)
    it(name, () =>
      check(
        {
          source: {
            sourceType,
            ...(unionField === 'Catalog' ? { catalog: { packageName: 'test-package' } } : {}),
          },
          namespace: 'default',
        },
        errMsgs,
      ),
    );
});

function table(test: string, cases: [string, unknown, string][], spec: (v: unknown) => Obj) {
  describe(test, () => {
    for (const [name, value, errMsg] of cases) it(name, () => check(spec(value), errMsg));
  });
}

const pkgRegex = 'packageName must be a valid DNS1123 subdomain';
table(
  'TestClusterExtensionAdmissionPackageName',
  [
    ['no package name', '', pkgRegex],
    [
      'long package name',
      'x'.repeat(254),
      'spec.source.catalog.packageName: Too long: may not be more than 253',
    ],
    ['leading digits with hypens', '0my-1package-9name', ''],
    ['trailing digits with hypens', 'my0-package1-name9', ''],
    ['digits with hypens', '012-345-678-9', ''],
    ['letters with hypens', 'abc-def-ghi-jkl', ''],
    ['letters only', 'abcdefghi', ''],
    ['letters with digits', 'abc123def456ghi789', ''],
    ['digits only', '1234567890', ''],
    ['single character', 'a', ''],
    ['single digit', '1', ''],
    ['single hypen', '-', pkgRegex],
    ['uppercase letters', 'ABC-DEF-GHI-JKL', pkgRegex],
    ['special characters', 'my-$pecial-package-name', pkgRegex],
    ['dot separated', 'some.package', ''],
    ['underscore separated', 'some_package', pkgRegex],
    ['starts with dot', '.some.package', pkgRegex],
    ['multiple sequential separators', 'a.-b', pkgRegex],
  ],
  (packageName) => catalogSpec({ packageName }),
);

const badVersion = 'invalid version expression';
table(
  'TestClusterExtensionAdmissionVersion',
  [
    ['empty semver', '', ''],
    ['simple semver', '1.2.3', ''],
    ['semver with pre-release and metadata', '1.2.3-alpha.1+metadata', ''],
    ['semver with pre-release', '1.2.3-alpha-beta', ''],
    ['>= operator', '>=1.2.3', ''],
    ['=> operator', '=>1.2.3', ''],
    ['>= operator with space', '>= 1.2.3', ''],
    [">= operator with 'v' prefix", '>=v1.2.3', ''],
    [">= operator with space and 'v' prefix", '>= v1.2.3', ''],
    ['<= operator', '<=1.2.3', ''],
    ['=< operator', '=<1.2.3', ''],
    ['= operator', '=1.2.3', ''],
    ['!= operator', '!=1.2.3', ''],
    ['< operator', '<1.2.3', ''],
    ['> operator', '>1.2.3', ''],
    ['~ operator', '~1.2.2', ''],
    ['~> operator', '~>1.2.3', ''],
    ['^ operator', '^1.2.3', ''],
    ["with 'v' prefix", 'v1.2.3', ''],
    ['with lower-case y-stream', '1.x', ''],
    ['with upper-case Y-stream', '1.X', ''],
    ['with asterisk y-stream', '1.*', ''],
    ['with lower-case z-stream', '1.2.x', ''],
    ['with upper-case Z-stream', '1.2.X', ''],
    ['with asterisk z-stream', '1.2.*', ''],
    ['multiple operators space-separated', '>=1.2.3 <2.3.4', ''],
    ['multiple operators comma-separated', '>=1.2.3,<2.3.4', ''],
    ['multiple operators comma-and-space-separated', '>=1.2.3, <2.3.4', ''],
    ['multiple operators OR-separated', '<1.2.3||>2.3.4', ''],
    ['multiple operarors OR-and-space-separated', '<1.2.3|| >2.3.4', ''],
    ['multiple operators space-and-OR-separated', '<1.2.3 ||>2.3.4', ''],
    ['multiple operators space-and-OR-and-space-separated', '<1.2.3 || >2.3.4', ''],
    ['multiple operators with comma and OR separation', '>1.0.0,<1.2.3 || >2.1.0', ''],
    ['multiple operators with pre-release data', '<1.2.3-abc >2.3.4-def', ''],
    ['multiple operators with pre-release and metadata', '<1.2.3-abc+def >2.3.4-ghi+jkl', ''],
    ['invalid characters', 'invalid-semver', badVersion],
    ['too many components', '1.2.3.4', badVersion],
    ['invalid character in pre-release', '1.2.3-beta!', badVersion],
    ['invalid pre-release/4th component', '1.2.3.alpha', badVersion],
    ['extra dot', '1..2.3', badVersion],
    ['invalid metadata', '1.2.3-pre+bad_metadata', badVersion],
    ['negative component', '1.2.-3', badVersion],
    ['leading dot', '.1.2.3', badVersion],
    ['invalid << operator', '<<1.2.3', badVersion],
    ['invalid >> operator', '>>1.2.3', badVersion],
    ['invalid >~ operator', '>~1.2.3', badVersion],
    ['invalid == operator', '==1.2.3', badVersion],
    ['invalid =! operator', '=!1.2.3', badVersion],
    ['invalid ! operator', '!1.2.3', badVersion],
    ['invalid y-stream wildcard', '1.Y', badVersion],
    ['invalid AND separator', '>1.2.3 && <2.3.4', badVersion],
    ['invalid semicolon separator', '>1.2.3;<2.3.4', badVersion],
    ['leading zero in x-stream', '01.2.3', badVersion],
    ['leading zero in y-stream', '1.02.3', badVersion],
    ['leading zero in z-stream', '1.2.03', badVersion],
    ['unsupported hyphen (range) operator', '1.2.3 - 2.3.4', badVersion],
    [
      'valid semver, but too long',
      '1234567890.1234567890.12345678901234567890123456789012345678901234',
      'spec.source.catalog.version: Too long: may not be more than 64',
    ],
  ],
  // version is omitempty: Go's client leaves an empty one out.
  (version) => catalogSpec(version === '' ? {} : { version }),
);

const badChannel = 'channels entries must be valid DNS1123 subdomains';
table(
  'TestClusterExtensionAdmissionChannel',
  [
    ['no channel name', [''], badChannel],
    ['hyphen-separated', ['hyphenated-name'], ''],
    ['dot-separated', ['dotted.name'], ''],
    ['includes version', ['channel-has-version-1.0.1'], ''],
    [
      'long channel name',
      ['x'.repeat(254)],
      'spec.source.catalog.channels[0]: Too long: may not be more than 253',
    ],
    ['spaces', ['spaces spaces'], badChannel],
    ['capitalized', ['Capitalized'], badChannel],
    ['camel case', ['camelCase'], badChannel],
    ['invalid characters', ['many/invalid$characters+in_name'], badChannel],
    ['starts with hyphen', ['-start-with-hyphen'], badChannel],
    ['ends with hyphen', ['end-with-hyphen-'], badChannel],
    ['starts with period', ['.start-with-period'], badChannel],
    ['ends with period', ['end-with-period.'], badChannel],
    ['contains underscore', ['some_thing'], badChannel],
    ['multiple sequential separators', ['a.-b'], badChannel],
  ],
  (channels) => catalogSpec({ channels }),
);

const badNamespace = 'namespace must be a valid DNS1123 label';
table(
  'TestClusterExtensionAdmissionInstallNamespace',
  [
    ['just alphanumeric', 'justalphanumberic1', ''],
    ['hyphen-separated', 'hyphenated-name', ''],
    ['no install namespace', '', badNamespace],
    ['dot-separated', 'dotted.name', badNamespace],
    ['longest valid install namespace', 'x'.repeat(63), ''],
    ['too long install namespace name', 'x'.repeat(64), 'spec.namespace: Too long: may not be more than 63'],
    ['spaces', 'spaces spaces', badNamespace],
    ['capitalized', 'Capitalized', badNamespace],
    ['camel case', 'camelCase', badNamespace],
    ['invalid characters', 'many/invalid$characters+in_name', badNamespace],
    ['starts with hyphen', '-start-with-hyphen', badNamespace],
    ['ends with hyphen', 'end-with-hyphen-', badNamespace],
    ['starts with period', '.start-with-period', badNamespace],
    ['ends with period', 'end-with-period.', badNamespace],
  ],
  (namespace) => catalogSpec({}, { namespace }),
);

const badSA = 'name must be a valid DNS1123 subdomain';
table(
  'TestClusterExtensionAdmissionServiceAccount',
  [
    ['just alphanumeric', 'justalphanumeric1', ''],
    ['hyphen-separated', 'hyphenated-name', ''],
    ['dot-separated', 'dotted.name', ''],
    ['longest valid service account name', 'x'.repeat(253), ''],
    [
      'too long service account name',
      'x'.repeat(254),
      'spec.serviceAccount.name: Too long: may not be more than 253',
    ],
    ['empty service account name (omitzero drops the field)', '', ''],
    ['spaces', 'spaces spaces', badSA],
    ['capitalized', 'Capitalized', badSA],
    ['camel case', 'camelCase', badSA],
    ['invalid characters', 'many/invalid$characters+in_name', badSA],
    ['starts with hyphen', '-start-with-hyphen', badSA],
    ['ends with hyphen', 'end-with-hyphen-', badSA],
    ['starts with period', '.start-with-period', badSA],
    ['ends with period', 'end-with-period.', badSA],
    ['multiple sequential separators', 'a.-b', badSA],
  ],
  (name) => catalogSpec({}, name === '' ? {} : { serviceAccount: { name } }),
);

describe('TestClusterExtensionAdmissionServiceAccountLifecycle', () => {
  it('create without serviceAccount succeeds', () => check(catalogSpec({}), ''));
  it('create with valid serviceAccount.name succeeds', () =>
    check(catalogSpec({}, { serviceAccount: { name: 'my-sa' } }), ''));
});

table(
  'TestClusterExtensionAdmissionInstall',
  [
    [
      'install specified, nothing configured',
      {},
      'at least one of [preflight] are required when install is specified',
    ],
    [
      'install specified, preflight configured',
      { preflight: { crdUpgradeSafety: { enforcement: 'None' } } },
      '',
    ],
    ['install not specified', undefined, ''],
  ],
  (install) => catalogSpec({}, install === undefined ? {} : { install }),
);

table(
  'Test_ClusterExtensionAdmissionInlineConfig',
  [
    [
      'rejects valid json that is not of an object type',
      true,
      'spec.config.inline in body must be of type object',
    ],
    ['rejects empty json object', {}, 'spec.config.inline in body should have at least 1 properties'],
    ['accepts valid json object with configuration', { key: 'value' }, ''],
    [
      'accepts valid json object with nested configuration',
      { key: { foo: ['bar', 'baz'], h4x0r: 1337 } },
      '',
    ],
  ],
  (inline) => catalogSpec({}, { config: { configType: 'Inline', inline } }),
);

// TestValidate's defaultExtensionSpec: namespace "ns", packageName "test"; progressDeadlineMinutes is omitempty.
table(
  'TestValidate',
  [
    ['ClusterExtension: invalid progress deadline < 10', 9, 'spec.progressDeadlineMinutes'],
    ['ClusterExtension: valid progress deadline = 10', 10, ''],
    ['ClusterExtension: valid progress deadline = 360', 360, ''],
    ['ClusterExtension: valid progress deadline = 720', 720, ''],
    ['ClusterExtension: invalid progress deadline > 720', 721, 'spec.progressDeadlineMinutes'],
    ['ClusterExtension: no progress deadline set', 0, ''],
  ],
  (minutes) => ({
    namespace: 'ns',
    source: { sourceType: 'Catalog', catalog: { packageName: 'test' } },
    ...(minutes === 0 ? {} : { progressDeadlineMinutes: minutes }),
  }),
);

// Not an upstream case: the CRD's metav1.LabelSelector schema (no upstream table asserts it).
describe('catalog selector schema', () => {
  it('an expression without key or operator is refused; the operator itself is the resolver’s to judge', () => {
    check(catalogSpec({ selector: { matchExpressions: [{ values: ['a'] }] } }), [
      'spec.source.catalog.selector.matchExpressions[0].key: Required value, spec.source.catalog.selector.matchExpressions[0].operator: Required value',
    ]);
    check(catalogSpec({ selector: { matchExpressions: [{ key: 'k', operator: 'Sometimes' }] } }), '');
    check(catalogSpec({ selector: { matchLabels: { k: 1 } } }), [
      'spec.source.catalog.selector.matchLabels.k: Invalid value: "integer": spec.source.catalog.selector.matchLabels.k in body must be of type string: "integer"',
    ]);
  });
});

// Not an upstream case: CEL's matches() is RE2, whose \s is ASCII white space only.
describe('version expression white space', () => {
  it('a tab separates constraints, a no-break space does not', () => {
    check(catalogSpec({ version: '>=1.0.0\t<2.0.0' }), '');
    check(catalogSpec({ version: '>=1.0.0\u00a0<2.0.0' }), 'invalid version expression');
  });
});

// Not an upstream case: the CRD's rule one level down (preflight must name crdUpgradeSafety).
describe('install.preflight without crdUpgradeSafety', () => {
  it('is refused with the CRD rule’s message at spec.install.preflight', () => {
    check(catalogSpec({}, { install: { preflight: {} } }), [
      'spec.install.preflight: Invalid value: "object": at least one of [crdUpgradeSafety] are required when preflight is specified',
    ]);
  });
});

// Not an upstream case: a type error blocks the CEL rules, as apiextensions says in a field error of
// no path; a list past its maxItems is "Too many".
describe('errors that stop or bound the checks', () => {
  it('a field of the wrong type: the CEL rules are not run, and the API server says so', () => {
    check(catalogSpec({ packageName: 'Not_A_Name' }, { namespace: 5 }), [
      'spec.namespace: Invalid value: "integer": spec.namespace in body must be of type string: "integer", <nil>: Invalid value: null: some validation rules were not checked because the object was invalid; correct the existing errors to complete validation',
    ]);
  });
  it('more than 256 channels', () => {
    const channels = Array.from({ length: 257 }, (_, i) => `c${i}`);
    check(catalogSpec({ channels }), [
      'spec.source.catalog.channels: Too many: 257: must have at most 256 items',
    ]);
  });
});
