import { describe, expect, it } from 'vitest';
import {
  parseSemverTemplate,
  renderSemverTemplate,
  type BundleResolver,
  type RenderedBundle,
} from '../../../src/core/template';
import { bundleFromImage, errorOf, resolveByName, templateYaml } from './helpers';

/** fbc-rules §8.2 "Bundle resolution": each error text exactly, and which input triggers it. */

function renderWith(text: string, resolve: BundleResolver = resolveByName) {
  return renderSemverTemplate(parseSemverTemplate(text), resolve);
}

const POST = 'render: unable to post-process bundle info: ';

describe('bundle resolution', () => {
  it('requires every image to render to exactly one bundle', () => {
    const none: BundleResolver = () => [];
    expect(errorOf(() => renderWith(templateYaml({ stable: ['a-v1.0.0'] }), none))).toBe(
      'bundle reference "img/a-v1.0.0" resulted in 0 bundles, expected 1',
    );
    const two: BundleResolver = (image) => [bundleFromImage(image), bundleFromImage(image)];
    expect(errorOf(() => renderWith(templateYaml({ stable: ['a-v1.0.0'] }), two))).toBe(
      'bundle reference "img/a-v1.0.0" resulted in 2 bundles, expected 1',
    );
  });

  it('reports a template without any bundle', () => {
    expect(errorOf(() => renderWith('schema: olm.semver\n'))).toBe(
      'render: no bundles specified or no bundles could be rendered',
    );
  });

  it('passes a resolver error through unchanged, like opm passes the render error', () => {
    const failing: BundleResolver = (image) => {
      throw new Error(`no bundle in the catalog has image ${image}`);
    };
    expect(errorOf(() => renderWith(templateYaml({ stable: ['a-v1.0.0'] }), failing))).toBe(
      'no bundle in the catalog has image img/a-v1.0.0',
    );
  });

  it('renders an image listed in several archetypes once', () => {
    const seen: string[] = [];
    const counting: BundleResolver = (image) => {
      seen.push(image);
      return resolveByName(image);
    };
    const out = renderWith(
      templateYaml({ candidate: ['a-v1.0.0'], stable: ['a-v1.0.0', 'a-v1.1.0'] }),
      counting,
    );
    expect(seen).toEqual(['img/a-v1.0.0', 'img/a-v1.1.0']);
    expect(out.bundles.map((b) => b.name)).toEqual(['a-v1.0.0', 'a-v1.1.0']);
  });

  it('matches list entries to rendered bundles through the rendered image (e.g. a digest)', () => {
    const byDigest: BundleResolver = (image) => [{ ...bundleFromImage(image), image: `${image}@sha256:abc` }];
    const out = renderWith(templateYaml({ stable: ['a-v1.0.0'] }), byDigest);
    expect(out.bundles[0]?.image).toBe('img/a-v1.0.0@sha256:abc');
    expect(out.channels.map((c) => c.name)).toEqual(['stable-v1.0']);
  });
});

describe('post-processing bundle info', () => {
  it('rejects the same bundle name twice in one list', () => {
    expect(errorOf(() => renderWith(templateYaml({ stable: ['a-v1.0.0', 'a-v1.1.0', 'a-v1.0.0'] })))).toBe(
      POST + 'duplicate bundle name "a-v1.0.0"',
    );
  });

  it('allows the same bundle in different lists', () => {
    const out = renderWith(templateYaml({ fast: ['a-v1.0.0'], stable: ['a-v1.0.0'] }));
    expect(out.channels.map((c) => c.name)).toEqual(['fast-v1.0', 'stable-v1.0']);
  });

  it('rejects versions that differ only by build metadata', () => {
    expect(errorOf(() => renderWith(templateYaml({ stable: ['a-v1.0.0+1', 'a-v1.0.0+2'] })))).toBe(
      POST +
        'encountered bundle versions which differ only by build metadata, which cannot be ordered: ' +
        'bundle version "1.0.0+2" cannot be compared to "1.0.0"',
    );
  });

  // Upstream TestBailOnVersionBuildMetadata. opm walks a map, so which bundles it names varies
  // (fbc-rules Appendix A.4); this port names the later ones in template order.
  it('lists every conflicting version in one aggregate', () => {
    const text = templateYaml({
      stable: ['a-v1.3.1', 'a-v1.3.1-alpha', 'a-v1.3.1-alpha+2001Jan21', 'a-v1.3.1-alpha+2003May06'],
    });
    expect(errorOf(() => renderWith(text))).toBe(
      POST +
        'encountered bundle versions which differ only by build metadata, which cannot be ordered: ' +
        '[bundle version "1.3.1-alpha+2001Jan21" cannot be compared to "1.3.1-alpha", ' +
        'bundle version "1.3.1-alpha+2003May06" cannot be compared to "1.3.1-alpha"]',
    );
  });

  it('treats two bundles with exactly the same version as a build-metadata conflict', () => {
    const sameVersion: BundleResolver = (image) => [
      { ...bundleFromImage(image), version: '1.0.0', name: image.slice(4) },
    ];
    expect(
      errorOf(() => renderWith(templateYaml({ stable: ['a-v1.0.0', 'a-v1.0.0-other'] }), sameVersion)),
    ).toBe(
      POST +
        'encountered bundle versions which differ only by build metadata, which cannot be ordered: ' +
        'bundle version "1.0.0" cannot be compared to "1.0.0"',
    );
  });

  it('checks build metadata per list: the same version in two lists is fine', () => {
    expect(() => renderWith(templateYaml({ fast: ['a-v1.0.0+1'], stable: ['a-v1.0.0+2'] }))).not.toThrow();
  });

  it('takes the package from the first bundle seen (candidate, then fast, then stable)', () => {
    expect(errorOf(() => renderWith(templateYaml({ candidate: ['a-v1.0.0'], stable: ['b-v1.1.0'] })))).toBe(
      POST + 'bundle "b" does not belong to this package: "a"',
    );
    const out = renderWith(templateYaml({ fast: ['b-v1.0.0'] }));
    expect(out.package.name).toBe('b');
    expect(out.channels[0]?.package).toBe('b');
  });

  it('reports an invalid version with the blang message', () => {
    expect(errorOf(() => renderWith(templateYaml({ stable: ['a-v1.0'] })))).toBe(
      POST + 'bundle "a-v1.0" has invalid version "1.0": No Major.Minor.Patch elements found',
    );
    expect(errorOf(() => renderWith(templateYaml({ stable: ['a-v01.0.0'] })))).toBe(
      POST +
        'bundle "a-v01.0.0" has invalid version "01.0.0": Major number must not contain leading zeroes "01"',
    );
  });

  describe('when the resolver supplies properties', () => {
    const withProps =
      (properties: unknown[]): BundleResolver =>
      (image) => [{ ...bundleFromImage(image), properties }];

    it('reads package and version from the olm.package property', () => {
      const out = renderWith(
        templateYaml({ stable: ['x-v9.9.9'] }),
        withProps([
          { type: 'olm.gvk', value: { group: 'g', kind: 'K', version: 'v1' } },
          { type: 'olm.package', value: { packageName: 'real', version: '2.0.0' } },
        ]),
      );
      expect(out.package.name).toBe('real');
      expect(out.channels.map((c) => c.name)).toEqual(['stable-v2.0']);
      expect(out.bundles[0]?.properties).toHaveLength(2);
    });

    it('needs exactly one olm.package property (the message says "multiple" even for none)', () => {
      expect(errorOf(() => renderWith(templateYaml({ stable: ['a-v1.0.0'] }), withProps([])))).toBe(
        POST + 'bundle "a-v1.0.0" has multiple "olm.package" properties, expected exactly 1',
      );
      const pkg = { type: 'olm.package', value: { packageName: 'a', version: '1.0.0' } };
      expect(errorOf(() => renderWith(templateYaml({ stable: ['a-v1.0.0'] }), withProps([pkg, pkg])))).toBe(
        POST + 'bundle "a-v1.0.0" has multiple "olm.package" properties, expected exactly 1',
      );
    });

    it('reports a property that does not parse', () => {
      expect(
        errorOf(() =>
          renderWith(
            templateYaml({ stable: ['a-v1.0.0'] }),
            withProps([{ type: 'olm.package', value: { packageName: 'a', version: 1 } }]),
          ),
        ),
      ).toBe(
        POST +
          'parse properties for bundle "a-v1.0.0": parse property[0] of type "olm.package": json: cannot unmarshal number into Go struct field Package.version of type string',
      );
      expect(
        errorOf(() => renderWith(templateYaml({ stable: ['a-v1.0.0'] }), withProps([{ type: 'olm.foo' }]))),
      ).toBe(
        POST +
          'parse properties for bundle "a-v1.0.0": parse property[0] of type "olm.foo": unexpected end of JSON input',
      );
    });
  });
});

describe('the package blob', () => {
  const withCsv: BundleResolver = (image) => {
    const b: RenderedBundle = bundleFromImage(image);
    return [
      {
        ...b,
        csv: {
          description: `description of ${b.name}`,
          icon: { base64data: 'aWNvbg==', mediatype: 'image/png' },
        },
      },
    ];
  };

  it('copies description and icon from the CSV of the default channel head', () => {
    const out = renderWith(
      templateYaml({ candidate: ['a-v2.0.0'], stable: ['a-v1.0.0', 'a-v1.0.1'] }),
      withCsv,
    );
    expect(out.package).toEqual({
      schema: 'olm.package',
      name: 'a',
      defaultChannel: 'stable-v1.0',
      icon: { base64data: 'aWNvbg==', mediatype: 'image/png' },
      description: 'description of a-v1.0.1',
    });
  });

  it('has no description or icon when the head has no CSV or there is no default channel', () => {
    expect(renderWith(templateYaml({ stable: ['a-v1.0.0'] })).package).toEqual({
      schema: 'olm.package',
      name: 'a',
      defaultChannel: 'stable-v1.0',
    });
    expect(renderWith(templateYaml({ candidate: ['a-v0.0.0-rc1'] }), withCsv).package).toEqual({
      schema: 'olm.package',
      name: 'a',
      defaultChannel: '',
    });
  });
});
