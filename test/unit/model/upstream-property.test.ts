/**
 * Ports operator-registry's TestParse (alpha/property/property_test.go at 4f9d6f22, last changed in
 * 6212dc2a): `property.Parse` of a bundle's properties. Ours is `parseBundleProperties`, and a user
 * sees it through ConvertToModel's `parse properties for bundle …` message.
 *
 * Upstream's error cases give a property the raw value `{`, which no catalog file can hold (the blob
 * would not decode). A property with no `value` key is the catalog that reaches Parse with a bad value
 * (Go unmarshals the nil json.RawMessage: "unexpected end of JSON input"), so each error case is a
 * bundle whose one property of that type has no value, and asserts opm's whole message.
 *
 * Left out, with why: TestValidate (`Property.Validate`, which no opm command calls on catalog
 * properties), TestDeduplicate, TestBuild and TestMustBuild (Go constructors for property values,
 * used by opm's own writers, not by validation).
 */
import { describe, expect, it } from 'vitest';
import { parseBundleProperties } from '../../../src/core/model/convert';
import {
  bundleObjectProperty,
  newTestBundle,
  newTestChannel,
  newTestPackage,
  opmMessage,
  packageProperty,
  svgSmallCircle,
} from './upstream-declcfg';

const errorCases: [name: string, type: string][] = [
  ['Error/InvalidPackage', 'olm.package'],
  ['Error/InvalidPackageRequired', 'olm.package.required'],
  ['Error/InvalidGVK', 'olm.gvk'],
  ['Error/InvalidGVKRequired', 'olm.gvk.required'],
  ['Error/InvalidBundleObject', 'olm.bundle.object'],
  ['Error/InvalidOther', 'otherType1'],
];

describe('upstream TestParse', () => {
  for (const [name, type] of errorCases) {
    it(name, () => {
      const blobs = [
        newTestPackage('foo', 'alpha', svgSmallCircle),
        newTestChannel('foo', 'alpha', { name: 'foo.v0.1.0' }),
        newTestBundle('foo', '0.1.0', (b) => {
          b.properties = [{ type, value: undefined }];
        }),
      ];
      expect(opmMessage(...blobs)).toBe(
        `parse properties for bundle "foo.v0.1.0": parse property[0] of type "${type}": unexpected end of JSON input`,
      );
    });
  }

  it('Success/Valid', () => {
    const props = parseBundleProperties([
      packageProperty('package1', '0.1.0'),
      packageProperty('package2', '0.2.0'),
      { type: 'olm.package.required', value: { packageName: 'package3', versionRange: '>=1.0.0 <2.0.0-0' } },
      { type: 'olm.package.required', value: { packageName: 'package4', versionRange: '>=2.0.0 <3.0.0-0' } },
      { type: 'olm.gvk', value: { group: 'group', kind: 'Kind1', version: 'v1' } },
      { type: 'olm.gvk', value: { group: 'group', kind: 'Kind2', version: 'v1' } },
      { type: 'olm.gvk.required', value: { group: 'other', kind: 'Kind3', version: 'v2' } },
      { type: 'olm.gvk.required', value: { group: 'other', kind: 'Kind4', version: 'v2' } },
      bundleObjectProperty('testdata2'),
      { type: 'otherType1', value: { v: 'otherValue1' } },
      { type: 'otherType2', value: ['otherValue2'] },
    ]);
    expect(props.error).toBeUndefined();
    expect(props.packages.map((p) => [p.packageName, p.version])).toEqual([
      ['package1', '0.1.0'],
      ['package2', '0.2.0'],
    ]);
    expect(props.bundleObjects).toBe(1);
  });
});
