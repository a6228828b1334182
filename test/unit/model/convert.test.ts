import { describe, expect, it } from 'vitest';
import { convertToModel } from '../../../src/core/model/convert';
import { addYaml, bundleYaml } from './build-dc';

const pkg = (name: string, def = 'alpha') => `schema: olm.package\nname: ${name}\ndefaultChannel: ${def}\n`;
const chan = (p: string, name: string, ...entries: string[]) =>
  `schema: olm.channel\npackage: ${p}\nname: ${name}\nentries:\n` +
  entries.map((e) => `  - name: ${e}\n`).join('');
const docs = (...d: string[]) => d.join('---\n');

function convert(...d: string[]) {
  return convertToModel(addYaml(docs(...d)));
}
const messages = (...d: string[]) => convert(...d).errors.map((e) => e.message);

describe('convertToModel: opm messages', () => {
  it('R17 → R18 → R19 per package, in load order', () => {
    expect(
      messages(
        'schema: olm.package\n',
        pkg('foo'),
        pkg('foo'),
        pkg('a'.repeat(64)),
        pkg('Foo'),
        pkg('a.'.repeat(40) + 'a'),
      ),
    ).toEqual([
      'config contains package with no name',
      'duplicate package "foo"',
      `invalid package name "${'a'.repeat(64)}": [must be no more than 63 characters]`,
      `invalid package name "Foo": [a lowercase RFC 1123 label must consist of lower case alphanumeric characters or '-', and must start and end with an alphanumeric character (e.g. 'my-name' or '123-abc', regex used for validation is '[a-z0-9]([-a-z0-9]*[a-z0-9])?')]`,
      `invalid package name "${'a.'.repeat(40)}a": [must be no more than 63 characters must not contain dots]`,
    ]);
  });

  it('channel checks R20 → R21 → R22 → R23', () => {
    expect(
      messages(
        pkg('foo'),
        chan('bar', 'alpha', 'x'),
        chan('foo', '', 'x'),
        chan('foo', 'alpha', 'a', 'b', 'a'),
        chan('foo', 'alpha', 'c'),
      ),
    ).toEqual([
      'unknown package "bar" for channel "alpha"',
      'package "foo" contains channel with no name',
      'invalid package "foo", channel "alpha": duplicate entry "a"',
      'package "foo" has duplicate channel "alpha"',
      'no olm.bundle blobs found in package "foo" for olm.channel entries [a b]',
    ]);
  });

  it('bundle checks R24 → R34 in opm order, all of them past the first', () => {
    const bad =
      `schema: olm.bundle\npackage: foo\nname: b2\nimage: Quay.io/Foo/bar\nrelatedImages:\n  - {name: ok, image: ""}\n` +
      `  - {name: bad, image: "quay.io/x@sha256:abc"}\nproperties:\n` +
      `  - type: olm.package\n    value: {packageName: bar, version: "1.0", release: "${'r'.repeat(21)}"}\n`;
    expect(
      messages(
        pkg('foo'),
        chan('foo', 'alpha', 'b1', 'b2', 'b3'),
        bundleYaml('', 'x', '1.0.0'),
        bundleYaml('nope', 'y', '1.0.0'),
        bundleYaml('foo', 'b1', '1.0.0'),
        bundleYaml('foo', 'b1', '1.0.0'),
        bad,
        bundleYaml(
          'foo',
          'b3',
          '1.0.0',
          '  - type: olm.package\n    value: {packageName: foo, version: 1.0.0}\n',
        ),
        bundleYaml('foo', 'b4', '1.0.0'),
      ),
    ).toEqual([
      'package name must be set for bundle "x"',
      'unknown package "nope" for bundle "y"',
      'package "foo" has duplicate bundle "b1"',
      'package "foo" does not match "olm.package" property "bar"',
      'package "foo" bundle "b2" image: invalid image pull spec "Quay.io/Foo/bar": invalid reference format: repository name must be lowercase',
      'package "foo" bundle "b2" relatedImages[1].image: invalid image pull spec "quay.io/x@sha256:abc": invalid reference format',
      'error parsing bundle "b2" version "1.0": No Major.Minor.Patch elements found',
      `error parsing bundle "b2" release version "${'r'.repeat(21)}": invalid release "${'r'.repeat(21)}": exceeds maximum length of 20 characters`,
      'package "foo" bundle "b3" must have exactly 1 "olm.package" property, found 2',
      'package "foo", bundle "b4" not found in any channel entries',
    ]);
  });

  it('R33 lists every bad release segment, one per line', () => {
    const b =
      `schema: olm.bundle\npackage: foo\nname: b\nimage: x\nproperties:\n` +
      `  - type: olm.package\n    value: {packageName: foo, version: 1.0.0, release: "01.!!"}\n`;
    expect(messages(pkg('foo'), chan('foo', 'alpha', 'b'), b)).toEqual([
      'error parsing bundle "b" release version "01.!!": invalid release "01.!!": segment 0: Numeric PreRelease version must not contain leading zeroes "01"\nsegment 1: Invalid character(s) found in prerelease "!!"',
    ]);
  });

  it('R27: the first property that does not decode, with Go json text', () => {
    const b = bundleYaml('foo', 'b', '1.0.0', '  - type: olm.gvk\n    value: [1]\n  - type: olm.foo\n');
    expect(messages(pkg('foo'), chan('foo', 'alpha', 'b'), b)).toEqual([
      'parse properties for bundle "b": parse property[1] of type "olm.gvk": json: cannot unmarshal array into Go value of type property.GVK',
    ]);
  });

  it('R35 checks only the last channel of each package, one error per package in load order', () => {
    expect(
      messages(
        pkg('foo'),
        pkg('bar'),
        chan('foo', 'alpha', 'f1', 'f0'),
        chan('bar', 'alpha', 'b1'),
        chan('foo', 'beta', 'f3', 'f2'),
      ),
    ).toEqual([
      'no olm.bundle blobs found in package "foo" for olm.channel entries [f2 f3]',
      'no olm.bundle blobs found in package "bar" for olm.channel entries [b1]',
    ]);
  });

  it('deprecation checks R36 → R44, with R39 → R40 → schema inside one entry', () => {
    const dep = (p: string, entries = '') => `schema: olm.deprecations\npackage: ${p}\nentries:\n${entries}`;
    expect(
      messages(
        pkg('foo', 'stable'),
        chan('foo', 'alpha', 'b'),
        bundleYaml('foo', 'b', '1.0.0'),
        'schema: olm.deprecations\n',
        dep('nyarl'),
        dep(
          'foo',
          '  - reference: {name: x}\n    message: m\n' +
            '  - reference: {schema: olm.bundle, name: nope}\n    message: m\n' +
            '  - reference: {schema: olm.bundle, name: nope}\n    message: m\n' +
            '  - reference: {schema: olm.channel, name: stable}\n    message: m\n' +
            '  - reference: {schema: olm.channel, name: beta}\n    message: m\n' +
            '  - reference: {schema: olm.package, name: foo}\n    message: m\n' +
            '  - reference: {schema: olm.csv, name: x}\n    message: m\n',
        ),
        dep('foo'),
      ),
    ).toEqual([
      'package name must be set for deprecation item 0',
      'cannot apply deprecations to an unknown package "nyarl"',
      'schema must be set for deprecation entry [0] for package "foo"',
      'cannot deprecate bundle "nope" for package "foo": bundle not found',
      'duplicate deprecation entry declcfg.PackageScopedReference{Schema:"olm.bundle", Name:"nope"} for package "foo"',
      'cannot deprecate channel "beta" for package "foo": channel not found',
      'package name must be empty for deprecated package "foo" (specified "foo")',
      'cannot deprecate object declcfg.PackageScopedReference{Schema:"olm.csv", Name:"x"} referenced by entry 6 for package "foo": object schema unknown',
      'expected a maximum of one deprecation per package: "foo"',
    ]);
  });
});

describe('convertToModel: the model it builds', () => {
  it('D39: one ModelBundle per channel, each with its own edges, sharing the blob', () => {
    const { model, errors } = convert(
      pkg('foo'),
      'schema: olm.channel\npackage: foo\nname: alpha\nentries:\n  - name: v1\n  - name: v2\n    replaces: v1\n',
      "schema: olm.channel\npackage: foo\nname: beta\nentries:\n  - name: v2\n    skipRange: '<0.2.0'\n",
      bundleYaml('foo', 'v1', '0.1.0'),
      bundleYaml('foo', 'v2', '0.2.0'),
    );
    expect(errors).toEqual([]);
    const p = model.packages.get('foo')!;
    const a = p.channels.get('alpha')!.bundles.get('v2')!;
    const b = p.channels.get('beta')!.bundles.get('v2')!;
    expect([a.replaces, a.skipRange, a.entryIndex]).toEqual(['v1', '', 1]);
    expect([b.replaces, b.skipRange, b.entryIndex]).toEqual(['', '<0.2.0', 0]);
    expect(a.version?.raw).toBe('0.2.0');
    expect(a.origin).toEqual(b.origin);
    expect(a.origin?.index).toBe(4);
    expect(b.entryOrigin?.index).toBe(2);
  });

  it('a bundle deprecation reaches every channel listing it; channel and package deprecations attach', () => {
    const { model } = convert(
      pkg('foo', 'gone'),
      chan('foo', 'alpha', 'b'),
      chan('foo', 'beta', 'b'),
      bundleYaml('foo', 'b', '1.0.0'),
      'schema: olm.deprecations\npackage: foo\nentries:\n  - reference: {schema: olm.bundle, name: b}\n    message: old\n' +
        '  - reference: {schema: olm.channel, name: gone}\n    message: bye\n  - reference: {schema: olm.package}\n    message: eol\n',
    );
    const p = model.packages.get('foo')!;
    expect(p.channels.get('alpha')!.bundles.get('b')!.deprecation?.message).toBe('old');
    expect(p.channels.get('beta')!.bundles.get('b')!.deprecation).toMatchObject({
      message: 'old',
      entryIndex: 0,
    });
    expect(p.channels.get('gone')).toMatchObject({ name: 'gone', deprecation: { message: 'bye' } });
    expect(p.channels.get('gone')!.origin).toBeUndefined();
    expect(p.deprecation?.message).toBe('eol');
  });

  it('past an error, the model still holds everything that converted', () => {
    const { model, errors } = convert(
      pkg('foo'),
      chan('foo', 'alpha', 'a', 'a'),
      bundleYaml('foo', 'a', '1.0.0'),
      pkg('foo'),
    );
    expect(errors.map((e) => e.rule)).toEqual(['R18', 'R23']);
    expect([...model.packages.get('foo')!.channels.get('alpha')!.bundles.keys()]).toEqual(['a']);
    expect(model.packages.get('foo')!.channels.get('alpha')!.bundles.get('a')!.image).toContain('foo-bundle');
  });
});

describe('convertToModel: refs point at the most precise field, in the blob’s own spelling', () => {
  it('R22 → the second channel’s name; R23 → the duplicate entry’s name', () => {
    const { errors } = convert(
      pkg('foo'),
      chan('foo', 'alpha', 'a', 'a'),
      'schema: olm.channel\npackage: foo\nNAME: alpha\n',
    );
    expect(errors[0]).toMatchObject({ rule: 'R23', package: 'foo', channel: 'alpha', bundle: 'a' });
    expect(errors[0]!.ref).toMatchObject({ origin: { index: 1 }, path: ['entries', 1, 'name'] });
    expect(errors[1]).toMatchObject({ rule: 'R22', ref: { origin: { index: 2 }, path: ['NAME'] } });
  });

  it('R30 → image, R31 → relatedImages[i].image, R32 → the olm.package version, R34 → name', () => {
    const b = (name: string, extra: string) =>
      `schema: olm.bundle\npackage: foo\nname: ${name}\n${extra}Properties:\n  - type: olm.foo\n    value: 1\n` +
      `  - Type: olm.package\n    Value: {PackageName: foo, Version: "1.0"}\n`;
    const { errors } = convert(
      pkg('foo'),
      chan('foo', 'alpha', 'b1'),
      b('b1', 'Image: "bad image"\nrelatedImages:\n  - {name: x, IMAGE: "Bad"}\n'),
      bundleYaml('foo', 'b9', '1.0.0'),
    );
    expect(errors.map((e) => [e.rule, e.ref?.path])).toEqual([
      ['R30', ['Image']],
      ['R31', ['relatedImages', 0, 'IMAGE']],
      ['R32', ['Properties', 1, 'Value', 'Version']],
      ['R34', ['name']],
    ]);
  });

  it('a missing field falls back to the nearest existing ancestor', () => {
    const { errors } = convert(
      pkg('foo'),
      chan('foo', 'alpha', 'b'),
      'schema: olm.bundle\npackage: foo\nname: b\nimage: x\n',
    );
    expect(errors[0]).toMatchObject({ rule: 'R28', ref: { path: [] } });
  });

  it('deprecation errors point into the deprecations entry', () => {
    const { errors } = convert(
      pkg('foo'),
      chan('foo', 'alpha', 'b'),
      bundleYaml('foo', 'b', '1.0.0'),
      'schema: olm.deprecations\npackage: foo\nentries:\n  - reference: {schema: olm.bundle, name: zz}\n    message: m\n',
    );
    expect(errors[0]).toMatchObject({
      rule: 'R41',
      ref: { origin: { index: 3 }, path: ['entries', 0, 'reference', 'name'] },
    });
  });
});
