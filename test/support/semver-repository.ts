/**
 * A repository of ours with one semver template (minor channels 0.1 and 0.2 of package foo) and the
 * catalog it renders at v4.18, as one opm release or another wrote it: `repository(head)` with
 * stable-v0.2's head linked as opm v1.37–v1.60 did (OLDER: no edge to stable-v0.1) or as a current
 * opm does (CURRENT); `extra` blobs; with `pkg`, that package blob and bundles that keep their CSV
 * (an icon and a description a current opm copies into the package).
 */
import { writeTree } from './cli-run';

export const TEMPLATE = [
  'schema: olm.semver',
  'generateMinorChannels: true',
  'stable:',
  '  bundles:',
  '    - image: quay.io/acme/foo-bundle:v0.1.0',
  '    - image: quay.io/acme/foo-bundle:v0.2.0',
  '    - image: quay.io/acme/foo-bundle:v0.2.1',
  '',
].join('\n');

export type Entry = { name: string; replaces?: string; skips?: string[] };

/** A CSV with an icon and a description, kept whole in the bundle (olm.bundle.object), as up to 4.16. */
function csvObject(version: string): object {
  const csv = {
    apiVersion: 'operators.coreos.com/v1alpha1',
    kind: 'ClusterServiceVersion',
    metadata: { name: `foo.v${version}` },
    spec: {
      version,
      description: 'Foo operator',
      icon: [{ base64data: 'PHN2Zy8+', mediatype: 'image/svg+xml' }],
    },
  };
  return { type: 'olm.bundle.object', value: { data: Buffer.from(JSON.stringify(csv)).toString('base64') } };
}

function bundle(version: string, withCsv = false): object {
  return {
    schema: 'olm.bundle',
    name: `foo.v${version}`,
    package: 'foo',
    image: `quay.io/acme/foo-bundle:v${version}`,
    properties: [
      { type: 'olm.package', value: { packageName: 'foo', version } },
      ...(withCsv ? [csvObject(version)] : []),
    ],
  };
}

/**
 * The catalog as committed: stable-v0.2's head linked as `head` says, and `extra` blobs; with
 * `pkg`, that package blob and bundles that keep their CSV.
 */
export function repository(head: Entry, extra: object[] = [], pkg?: object): string {
  const withCsv = pkg !== undefined;
  const blobs = [
    pkg ?? { schema: 'olm.package', name: 'foo', defaultChannel: 'stable-v0.2' },
    { schema: 'olm.channel', name: 'stable-v0.1', package: 'foo', entries: [{ name: 'foo.v0.1.0' }] },
    { schema: 'olm.channel', name: 'stable-v0.2', package: 'foo', entries: [{ name: 'foo.v0.2.0' }, head] },
    ...extra,
    bundle('0.1.0', withCsv),
    bundle('0.2.0', withCsv),
    bundle('0.2.1', withCsv),
  ];
  return writeTree({
    'v4.18/catalog-template.yaml': TEMPLATE,
    'v4.18/catalog/foo/catalog.json': blobs.map((b) => JSON.stringify(b, null, 4)).join('\n') + '\n',
  });
}

export const OLDER = { name: 'foo.v0.2.1', skips: ['foo.v0.2.0'] };
export const CURRENT = { name: 'foo.v0.2.1', replaces: 'foo.v0.1.0', skips: ['foo.v0.2.0'] };
