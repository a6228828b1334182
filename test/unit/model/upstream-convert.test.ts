/**
 * Ports operator-registry's TestConvertToModel (alpha/declcfg/declcfg_to_model_test.go at 4f9d6f22,
 * last changed in e514cfd6), one `it` per upstream case, with the cfg re-created from
 * helpers_test.go (c74372f8) by ./upstream-declcfg.ts. Each case writes the cfg as one JSON file and
 * asserts what `opm validate` prints for it (real loader): ConvertToModel's error, which for a tree
 * is model.Validate's whole printout; and that the first error has a line to point at.
 *
 * How upstream cfgs become blobs: a Go DeclarativeConfig is lists of typed blobs; ours come from
 * files, so every blob carries its `schema` (upstream's `Bundle{Name: …}` with no Schema is an
 * olm.bundle blob with only a name). Error/BundleInvalidProperties gives a property the raw value
 * `{`, which no file can hold (the blob would not decode); the property with no `value` key is the
 * catalog that reaches the same Go error (Unmarshal of a nil json.RawMessage: "unexpected end of
 * JSON input"), so that is the cfg here.
 *
 * Left out: none of the 41 cases. TestConvertToModelBundle and TestConvertToModelRoundtrip check Go
 * structs (model.Bundle fields, ConvertFromModel) no user sees.
 *
 * Over 400 lines: one upstream table of 41 cases, kept together as upstream keeps it.
 */
import { describe, expect, it } from 'vitest';
import {
  addChannelProperties,
  deprecation,
  newTestBundle,
  newTestChannel,
  newTestPackage,
  opmMessage,
  packageProperty,
  svgSmallCircle,
  testBundleImage,
  testBundleName,
  withNoBundleImage,
  withNoProperties,
  validateFile,
  type Blob,
} from './upstream-declcfg';

interface Case {
  name: string;
  /** The exact message, null for success, or `{ containing }` for upstream's hasErrorContaining. */
  expected: string | null | { containing: string };
  cfg: Blob[];
}

const ownerProps = [{ type: 'owner', value: { group: 'abc.com', name: 'admin' } }];
const fooPkg = () => newTestPackage('foo', 'alpha', svgSmallCircle);
const fooPkgWithOwner = () => newTestPackage('foo', 'alpha', svgSmallCircle, ownerProps);
const alpha = (...names: string[]) => newTestChannel('foo', 'alpha', ...names.map((name) => ({ name })));
const DIGEST = 'abcd1234abcd1234abcd1234abcd1234abcd1234abcd1234abcd1234abcd1234';

const cases: Case[] = [
  {
    name: 'Error/PackageNoName',
    expected: 'config contains package with no name',
    cfg: [newTestPackage('', 'alpha', svgSmallCircle), { schema: 'olm.bundle', name: 'foo.v0.1.0' }],
  },
  {
    name: 'Error/BundleMissingPackageName',
    expected: 'package name must be set for bundle "foo.v0.1.0"',
    cfg: [fooPkg(), { schema: 'olm.bundle', name: 'foo.v0.1.0' }],
  },
  {
    name: 'Error/BundleUnknownPackage',
    expected: 'unknown package "bar" for bundle "bar.v0.1.0"',
    cfg: [fooPkg(), newTestBundle('bar', '0.1.0')],
  },
  {
    name: 'Error/BundleMissingChannel',
    expected: 'package "foo", bundle "foo.v0.1.0" not found in any channel entries',
    cfg: [fooPkg(), newTestBundle('foo', '0.1.0')],
  },
  {
    name: 'Error/BundleInvalidProperties',
    expected:
      'parse properties for bundle "foo.v0.1.0": parse property[2] of type "olm.foo": unexpected end of JSON input',
    cfg: [
      fooPkg(),
      newTestBundle('foo', '0.1.0', (b) => b.properties.push({ type: 'olm.foo', value: undefined })),
    ],
  },
  {
    name: 'Error/BundlePackageMismatch',
    expected: 'package "foo" does not match "olm.package" property "foooperator"',
    cfg: [
      fooPkg(),
      newTestBundle('foo', '0.1.0', (b) => {
        b.properties = [packageProperty('foooperator', '0.1.0')];
      }),
    ],
  },
  {
    name: 'Error/BundleInvalidVersion',
    expected:
      'error parsing bundle "foo.v0.1.0" version "0.1.0.1": Invalid character(s) found in patch number "0.1"',
    cfg: [
      fooPkg(),
      newTestBundle('foo', '0.1.0', (b) => {
        b.properties = [packageProperty('foo', '0.1.0.1')];
      }),
    ],
  },
  {
    name: 'Error/BundleMissingVersion',
    expected: 'error parsing bundle "foo.v" version "": Version string empty',
    cfg: [fooPkg(), newTestBundle('foo', '', () => {})],
  },
  {
    name: 'Error/PackageMissingDefaultChannel',
    expected: 'invalid index:\n└── invalid package "foo":\n    └── default channel must be set',
    cfg: [
      newTestPackage('foo', '', svgSmallCircle),
      newTestChannel('foo', 'bar', { name: testBundleName('foo', '0.1.0') }),
      newTestBundle('foo', '0.1.0'),
    ],
  },
  {
    name: 'Error/PackageNonExistentDefaultChannel',
    expected:
      'invalid index:\n└── invalid package "foo":\n    └── invalid channel "bar":\n        └── channel must contain at least one bundle',
    cfg: [newTestPackage('foo', 'bar', svgSmallCircle), newTestChannel('foo', 'bar')],
  },
  {
    name: 'Error/BundleMissingPackageProperty',
    expected: 'package "foo" bundle "foo.v0.1.0" must have exactly 1 "olm.package" property, found 0',
    cfg: [fooPkg(), newTestBundle('foo', '0.1.0', withNoProperties())],
  },
  {
    name: 'Error/BundleMultiplePackageProperty',
    expected: 'package "foo" bundle "foo.v0.1.0" must have exactly 1 "olm.package" property, found 2',
    cfg: [
      fooPkg(),
      newTestBundle('foo', '0.1.0', (b) => {
        b.properties = [packageProperty('foo', '0.1.0'), packageProperty('foo', '0.1.0')];
      }),
    ],
  },
  {
    name: 'Success/BundleWithDataButMissingImage',
    expected: null,
    cfg: [
      fooPkg(),
      alpha(testBundleName('foo', '0.1.0')),
      newTestBundle('foo', '0.1.0', withNoBundleImage()),
    ],
  },
  {
    name: 'Error/ChannelEntryWithoutBundle',
    expected: 'no olm.bundle blobs found in package "foo" for olm.channel entries [foo.v0.1.0]',
    cfg: [fooPkg(), alpha('foo.v0.1.0')],
  },
  {
    name: 'Error/BundleWithoutChannelEntry',
    expected: 'package "foo", bundle "foo.v0.2.0" not found in any channel entries',
    cfg: [fooPkg(), alpha('foo.v0.1.0'), newTestBundle('foo', '0.2.0')],
  },
  {
    name: 'Error/ChannelMissingName',
    expected: 'package "foo" contains channel with no name',
    cfg: [fooPkg(), newTestChannel('foo', '', { name: 'foo.v0.1.0' }), newTestBundle('foo', '0.2.0')],
  },
  {
    name: 'Error/ChannelMissingPackageName',
    expected: 'unknown package "" for channel "alpha"',
    cfg: [fooPkg(), newTestChannel('', 'alpha', { name: 'foo.v0.1.0' }), newTestBundle('foo', '0.2.0')],
  },
  {
    name: 'Error/ChannelNonExistentPackage',
    expected: 'unknown package "non-existent" for channel "alpha"',
    cfg: [
      fooPkg(),
      newTestChannel('non-existent', 'alpha', { name: 'foo.v0.1.0' }),
      newTestBundle('foo', '0.1.0'),
    ],
  },
  {
    name: 'Error/ChannelDuplicateEntry',
    expected: 'invalid package "foo", channel "alpha": duplicate entry "foo.v0.1.0"',
    cfg: [fooPkg(), alpha('foo.v0.1.0', 'foo.v0.1.0'), newTestBundle('foo', '0.1.0')],
  },
  {
    name: 'Error/DuplicatePackage',
    expected: 'duplicate package "foo"',
    cfg: [fooPkg(), fooPkg(), alpha('foo.v0.1.0'), newTestBundle('foo', '0.1.0')],
  },
  {
    name: 'Error/PackageBreaksRFC1123',
    expected: 'invalid package name "foo.bar": [must not contain dots]',
    cfg: [
      newTestPackage('foo.bar', 'alpha', svgSmallCircle),
      alpha('foo.v0.1.0'),
      newTestBundle('foo', '0.1.0'),
    ],
  },
  {
    name: 'Error/DuplicateChannel',
    expected: 'package "foo" has duplicate channel "alpha"',
    cfg: [fooPkg(), alpha('foo.v0.1.0'), alpha('foo.v0.1.0'), newTestBundle('foo', '0.1.0')],
  },
  {
    name: 'Error/DuplicateBundle',
    expected: 'package "foo" has duplicate bundle "foo.v0.1.0"',
    cfg: [fooPkg(), alpha('foo.v0.1.0'), newTestBundle('foo', '0.1.0'), newTestBundle('foo', '0.1.0')],
  },
  {
    name: 'Success/ValidModel',
    expected: null,
    cfg: [fooPkg(), alpha('foo.v0.1.0'), newTestBundle('foo', '0.1.0')],
  },
  {
    name: 'Success/ValidModelWithChannelProperties',
    expected: null,
    cfg: [
      fooPkg(),
      addChannelProperties(alpha('foo.v0.1.0'), [
        { type: 'user', value: { group: 'xyz.com', name: 'account' } },
      ]),
      newTestBundle('foo', '0.1.0'),
    ],
  },
  {
    name: 'Success/ValidModelWithPackageProperties',
    expected: null,
    cfg: [fooPkgWithOwner(), alpha('foo.v0.1.0'), newTestBundle('foo', '0.1.0')],
  },
  {
    name: 'Error/Deprecation/UnspecifiedPackage',
    expected: 'package name must be set for deprecation item 0',
    cfg: [fooPkgWithOwner(), alpha('foo.v0.1.0'), newTestBundle('foo', '0.1.0'), deprecation('')],
  },
  {
    name: 'Error/Deprecation/OutOfBoundsBundle',
    expected: 'cannot deprecate bundle "foo.v2.0.0" for package "foo": bundle not found',
    cfg: [
      fooPkgWithOwner(),
      alpha('foo.v0.1.0'),
      newTestBundle('foo', '0.1.0'),
      deprecation('foo', {
        schema: 'olm.bundle',
        name: 'foo.v2.0.0',
        message: "foo.v2.0.0 doesn't exist in the first place",
      }),
    ],
  },
  {
    name: 'Error/Deprecation/OutOfBoundsPackage',
    expected: 'cannot apply deprecations to an unknown package "nyarl"',
    cfg: [fooPkgWithOwner(), alpha('foo.v0.1.0'), newTestBundle('foo', '0.1.0'), deprecation('nyarl')],
  },
  {
    name: 'Error/Deprecation/MultiplePerPackage',
    expected: 'expected a maximum of one deprecation per package: "foo"',
    cfg: [
      fooPkgWithOwner(),
      alpha('foo.v0.1.0'),
      newTestBundle('foo', '0.1.0'),
      deprecation('foo', { schema: 'olm.channel', name: 'alpha', message: 'no more alpha channel' }),
      deprecation('foo', {
        schema: 'olm.bundle',
        name: 'foo.v0.1.0',
        message: 'foo.v0.1.0 is dead.  do another thing',
      }),
    ],
  },
  {
    name: 'Error/Deprecation/BadRefSchema',
    expected:
      'cannot deprecate object declcfg.PackageScopedReference{Schema:"badschema", Name:"foo.v2.0.0"} referenced by entry 0 for package "foo": object schema unknown',
    cfg: [
      fooPkgWithOwner(),
      alpha('foo.v0.1.0'),
      newTestBundle('foo', '0.1.0'),
      deprecation('foo', {
        schema: 'badschema',
        name: 'foo.v2.0.0',
        message: "foo.v2.0.0 doesn't exist in the first place",
      }),
    ],
  },
  {
    name: 'Error/Deprecation/DuplicateRef',
    expected:
      'duplicate deprecation entry declcfg.PackageScopedReference{Schema:"olm.bundle", Name:"foo.v0.1.0"} for package "foo"',
    cfg: [
      fooPkgWithOwner(),
      alpha('foo.v0.1.0'),
      newTestBundle('foo', '0.1.0'),
      deprecation(
        'foo',
        { schema: 'olm.bundle', name: 'foo.v0.1.0', message: 'foo.v0.1.0 is bad' },
        { schema: 'olm.bundle', name: 'foo.v0.1.0', message: 'foo.v0.1.0 is bad' },
      ),
    ],
  },
  {
    name: 'Error/InvalidReleaseVersion',
    expected:
      'error parsing bundle "foo.v0.1.0" release version "!!!": invalid release "!!!": segment 0: Invalid character(s) found in prerelease "!!!"',
    cfg: [
      fooPkg(),
      alpha(testBundleName('foo', '0.1.0')),
      newTestBundle('foo', '0.1.0', (b) => {
        b.properties = [packageProperty('foo', '0.1.0', '!!!')];
      }),
    ],
  },
  {
    name: 'Error/InvalidBundleNormalizedName',
    expected: [
      'invalid index:',
      '└── invalid package "foo":',
      '    └── invalid channel "alpha":',
      '        └── invalid bundle "foo.v0.1.0-alpha.1.0.0":',
      '            └── name "foo.v0.1.0-alpha.1.0.0" does not match normalized name "foo-v0.1.0-alpha.1.0.0"',
    ].join('\n'),
    cfg: [
      fooPkg(),
      alpha('foo.v0.1.0-alpha.1.0.0'),
      newTestBundle('foo', '0.1.0', (b) => {
        b.properties = [packageProperty('foo', '0.1.0', 'alpha.1.0.0')];
        b.name = 'foo.v0.1.0-alpha.1.0.0';
      }),
    ],
  },
  {
    name: 'Success/ValidBundleReleaseVersion',
    expected: null,
    cfg: [
      fooPkg(),
      alpha('foo-v0.1.0-alpha.1.0.0'),
      newTestBundle('foo', '0.1.0', (b) => {
        b.properties = [packageProperty('foo', '0.1.0', 'alpha.1.0.0')];
        b.name = 'foo-v0.1.0-alpha.1.0.0';
      }),
    ],
  },
  {
    name: 'Error/BundleReleaseWithBuildMetadata',
    expected: [
      'invalid index:',
      '└── invalid package "foo":',
      '    └── invalid channel "alpha":',
      '        └── invalid bundle "foo.v0.1.0+alpha.1.0.0-0.0.1":',
      '            ├── name "foo.v0.1.0+alpha.1.0.0-0.0.1" does not match normalized name "foo-v0.1.0+alpha.1.0.0-0.0.1"',
      '            └── cannot use build metadata in version with a release version',
    ].join('\n'),
    cfg: [
      fooPkg(),
      alpha('foo.v0.1.0+alpha.1.0.0-0.0.1'),
      newTestBundle('foo', '0.1.0', (b) => {
        b.properties = [packageProperty('foo', '0.1.0+alpha.1.0.0', '0.0.1')];
        b.name = 'foo.v0.1.0+alpha.1.0.0-0.0.1';
      }),
    ],
  },
  {
    name: 'Error/BundleImageInvalidPullSpecUnsupportedDigestSsha256',
    expected: { containing: 'invalid image pull spec' },
    cfg: [
      fooPkg(),
      alpha(testBundleName('foo', '0.1.0')),
      newTestBundle('foo', '0.1.0', (b) => {
        // Misspelled digest algorithm: ssha256 instead of sha256 (unsupported hash type).
        b.image = `quay.io/operator-framework/foo-bundle@ssha256:${DIGEST}abcd1234`;
      }),
    ],
  },
  {
    name: 'Error/BundleImageInvalidPullSpecUnsupportedDigestMd5',
    expected: { containing: 'invalid image pull spec' },
    cfg: [
      fooPkg(),
      alpha(testBundleName('foo', '0.1.0')),
      newTestBundle('foo', '0.1.0', (b) => {
        b.image = 'quay.io/operator-framework/foo-bundle@md5:abcd1234abcd1234abcd1234abcd1234';
      }),
    ],
  },
  {
    name: 'Error/BundleRelatedImageInvalidPullSpecSsha256',
    expected: { containing: 'invalid image pull spec' },
    cfg: [
      fooPkg(),
      alpha(testBundleName('foo', '0.1.0')),
      newTestBundle('foo', '0.1.0', (b) => {
        b.relatedImages = [
          { name: 'bundle', image: testBundleImage('foo', '0.1.0') },
          { name: 'operator', image: `quay.io/operator-framework/my-operator@ssha256:${DIGEST}` },
        ];
      }),
    ],
  },
  {
    name: 'Success/BundleImageValidSha256Digest',
    expected: null,
    cfg: [
      fooPkg(),
      alpha(testBundleName('foo', '0.1.0')),
      newTestBundle('foo', '0.1.0', (b) => {
        b.image = `quay.io/operator-framework/foo-bundle@sha256:${DIGEST}`;
        b.relatedImages = [
          { name: 'bundle', image: `quay.io/operator-framework/foo-bundle@sha256:${DIGEST}` },
        ];
      }),
    ],
  },
  {
    name: 'Success/BundleImageValidTagWithDigest',
    expected: null,
    cfg: [
      fooPkg(),
      alpha(testBundleName('foo', '0.1.0')),
      newTestBundle('foo', '0.1.0', (b) => {
        b.image = `quay.io/operator-framework/foo-bundle:v0.1.0@sha256:${DIGEST}`;
        b.relatedImages = [
          { name: 'bundle', image: `quay.io/operator-framework/foo-bundle:v0.1.0@sha256:${DIGEST}` },
        ];
      }),
    ],
  },
];

describe('upstream TestConvertToModel: what opm validate prints', () => {
  it('ports all 41 upstream cases', () => {
    expect(cases).toHaveLength(41);
  });

  for (const c of cases) {
    it(c.name, async () => {
      const result = await validateFile(...c.cfg);
      const actual = result.opmMessage;
      if (c.expected !== null && typeof c.expected === 'object') {
        expect(actual).toContain(c.expected.containing);
      } else {
        expect(actual).toBe(c.expected);
      }
      // The same blobs without the loader (as build-dc.ts reads them) give the same message.
      expect(opmMessage(...c.cfg)).toBe(actual);
      // Beyond opm: the first error points at a line of the file.
      if (c.expected !== null) {
        const first = result.diagnostics.find((d) => d.source === 'opm' && d.severity === 'error');
        expect(first?.location?.start.line).toBeGreaterThan(0);
      }
    });
  }
});
