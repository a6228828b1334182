/**
 * What a drift is made of, grouped as a maintainer fixes it: channel entries/edges, bundles added or
 * removed, bundle content, properties, package metadata, other blobs; each naming the opm behaviour
 * (the pinned operator-registry release) the render assumes.
 */
import { describe, expect, it } from 'vitest';
import { loadFile } from '../../../src/core/load';
import { explainDrift } from '../../../src/core/template/drift-explain';
import { compareWithCommitted } from '../../../src/core/template/template-drift';

const pkg = (extra: object = {}) => ({
  schema: 'olm.package',
  name: 'foo',
  defaultChannel: 'stable',
  ...extra,
});
const channel = (entries: object[]) => ({ schema: 'olm.channel', name: 'stable', package: 'foo', entries });
const bundle = (version: string, extra: object[] = [], image = `quay.io/acme/foo:v${version}`) => ({
  schema: 'olm.bundle',
  name: `foo.v${version}`,
  package: 'foo',
  image,
  properties: [{ type: 'olm.package', value: { packageName: 'foo', version } }, ...extra],
});

describe('explainDrift', () => {
  it('groups every kind of difference, in a fixed order, with what the render assumes', () => {
    const rendered = [
      pkg({ description: 'Foo' }),
      channel([
        { name: 'foo.v1.0.0' },
        { name: 'foo.v1.1.0', replaces: 'foo.v1.0.0' },
        { name: 'foo.v1.2.0', replaces: 'foo.v1.1.0' },
      ]),
      bundle('1.0.0'),
      bundle('1.1.0', [{ type: 'olm.maxOpenShiftVersion', value: '4.18' }]),
      bundle('1.2.0'),
      { schema: 'olm.deprecations', package: 'foo', entries: [] },
    ];
    const committed = [
      pkg(),
      channel([
        { name: 'foo.v1.0.0' },
        { name: 'foo.v1.1.0', skips: ['foo.v1.0.0'] },
        { name: 'foo.v0.9.0' },
      ]),
      bundle('1.0.0', [], 'quay.io/other/foo:v1.0.0'),
      bundle('1.1.0'),
      bundle('0.9.0'),
    ];
    const dc = loadFile('c.json', committed.map((b) => JSON.stringify(b)).join('\n')).dc;
    const d = compareWithCommitted(rendered, { dc });
    expect(explainDrift(d, { level: 'bundle-object-to-csv-metadata', schema: 'olm.template.basic' })).toEqual(
      [
        {
          id: 'channels',
          title: 'channel entries/edges',
          assumes: 'as the template lists them',
          items: [
            'stable: entry foo.v1.2.0 added by the render',
            'stable: entry foo.v0.9.0 not in the render',
            'stable: foo.v1.1.0 replaces none → foo.v1.0.0',
            'stable: foo.v1.1.0 skips foo.v1.0.0 → none',
          ],
        },
        {
          id: 'bundles',
          title: 'bundles added/removed',
          assumes: "exactly the template's images",
          items: ['foo.v1.2.0 added by the render', 'foo.v0.9.0 committed, not in the render'],
        },
        {
          id: 'bundle-content',
          title: 'bundle content',
          assumes:
            "each image read from its digest in the repository's catalogs, at migrate level bundle-object-to-csv-metadata",
          items: ['foo.v1.0.0: image quay.io/other/foo:v1.0.0 → quay.io/acme/foo:v1.0.0'],
        },
        {
          id: 'properties',
          title: 'properties',
          assumes: 'as opm v1.73.0 renders the image',
          items: ['foo.v1.1.0: olm.maxOpenShiftVersion'],
        },
        {
          id: 'package',
          title: 'package metadata',
          assumes: 'as the template writes it',
          items: ['foo: description'],
        },
        {
          id: 'other',
          title: 'other blobs',
          assumes: 'copied from the template as written',
          items: ['olm.deprecations foo added by the render'],
        },
      ],
    );
  });

  it('a semver template: channels and the package blob as the pinned opm generates them', () => {
    const dc = loadFile('c.json', JSON.stringify(pkg())).dc;
    const groups = explainDrift(
      compareWithCommitted([pkg({ icon: { base64data: 'AA==', mediatype: 'image/png' } })], { dc }),
      {
        level: 'none',
        schema: 'olm.semver',
      },
    );
    expect(groups).toEqual([
      {
        id: 'package',
        title: 'package metadata',
        assumes: "opm v1.73.0 writes the default channel head's CSV icon and description",
        items: ['foo: icon'],
      },
    ]);
  });

  it('nothing differs: no group', () => {
    const blobs = [pkg(), channel([{ name: 'foo.v1.0.0' }]), bundle('1.0.0')];
    const dc = loadFile('c.json', blobs.map((b) => JSON.stringify(b)).join('\n')).dc;
    expect(explainDrift(compareWithCommitted(blobs, { dc }), { level: 'none' })).toEqual([]);
  });
});
