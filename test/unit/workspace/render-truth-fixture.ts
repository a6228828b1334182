/**
 * A repository of ours laid out as the Konflux-built product repositories are: one basic template
 * per OpenShift version (the same blob), rendered without a migrate level up to 4.16 (bundles keep
 * their CSV as olm.bundle.object) and with bundle-object-to-csv-metadata from 4.17 (olm.csv.metadata).
 * The csv.metadata values are written out by hand as opm builds them (MustBuildCSVMetadata: its
 * struct's field order, empty fields dropped, empty owned/required structs kept), not by our code.
 * Two hand edits: the v4.16 catalog gives bundle foo.v0.1.0 a property its image does not have, and
 * the v4.19 catalog's channel gained a skips edge the template does not have.
 */

export const DIGEST_1 = 'sha256:' + '1'.repeat(64);
export const DIGEST_2 = 'sha256:' + '2'.repeat(64);
export const IMAGE_1 = `quay.io/acme/foo-bundle@${DIGEST_1}`;
export const IMAGE_2 = `quay.io/acme/foo-bundle@${DIGEST_2}`;

function csv(version: string): Record<string, unknown> {
  return {
    apiVersion: 'operators.coreos.com/v1alpha1',
    kind: 'ClusterServiceVersion',
    metadata: { name: `foo.v${version}`, annotations: { capabilities: 'Basic Install' } },
    spec: {
      displayName: 'Foo',
      description: 'Foo operator',
      version,
      provider: { name: 'Acme' },
      installModes: [{ type: 'AllNamespaces', supported: true }],
      maturity: 'alpha',
      install: { strategy: 'deployment' },
    },
  };
}

/** What opm writes for csv(version) with bundle-object-to-csv-metadata. */
function csvMetadata(): Record<string, unknown> {
  return {
    annotations: { capabilities: 'Basic Install' },
    apiServiceDefinitions: {},
    crdDescriptions: {},
    description: 'Foo operator',
    displayName: 'Foo',
    installModes: [{ type: 'AllNamespaces', supported: true }],
    maturity: 'alpha',
    provider: { name: 'Acme' },
  };
}

type Form = 'bundle-object' | 'csv-metadata';

function bundle(version: string, image: string, form: Form, extra: object[] = []) {
  const content =
    form === 'bundle-object'
      ? {
          type: 'olm.bundle.object',
          value: { data: Buffer.from(JSON.stringify(csv(version))).toString('base64') },
        }
      : { type: 'olm.csv.metadata', value: csvMetadata() };
  return {
    schema: 'olm.bundle',
    name: `foo.v${version}`,
    package: 'foo',
    image,
    properties: [{ type: 'olm.package', value: { packageName: 'foo', version } }, ...extra, content],
  };
}

function catalog(form: Form, opts: { staleProperty?: boolean; extraSkips?: boolean } = {}): string {
  const blobs = [
    { schema: 'olm.package', name: 'foo', defaultChannel: 'stable' },
    {
      schema: 'olm.channel',
      name: 'stable',
      package: 'foo',
      entries: [
        { name: 'foo.v0.1.0' },
        {
          name: 'foo.v0.2.0',
          replaces: 'foo.v0.1.0',
          ...(opts.extraSkips ? { skips: ['foo.v0.0.9'] } : {}),
        },
      ],
    },
    bundle(
      '0.1.0',
      IMAGE_1,
      form,
      opts.staleProperty ? [{ type: 'olm.maxOpenShiftVersion', value: '4.16' }] : [],
    ),
    bundle('0.2.0', IMAGE_2, form),
  ];
  return blobs.map((b) => JSON.stringify(b, null, 4)).join('\n') + '\n';
}

export const TEMPLATE = [
  'schema: olm.template.basic',
  'entries:',
  '  - schema: olm.package',
  '    name: foo',
  '    defaultChannel: stable',
  '  - schema: olm.channel',
  '    package: foo',
  '    name: stable',
  '    entries:',
  '      - name: foo.v0.1.0',
  '      - name: foo.v0.2.0',
  '        replaces: foo.v0.1.0',
  `  - schema: olm.bundle`,
  `    image: ${IMAGE_1}`,
  `  - schema: olm.bundle`,
  `    image: ${IMAGE_2}`,
  '',
].join('\n');

/** The repository's files (path → text). */
export function migrateLevelRepository(): Record<string, string> {
  return {
    LICENSE: 'Apache-2.0\n',
    'v4.16/catalog-template.yaml': TEMPLATE,
    'v4.16/catalog/foo/catalog.json': catalog('bundle-object', { staleProperty: true }),
    'v4.17/catalog-template.yaml': TEMPLATE,
    'v4.17/catalog/foo/catalog.json': catalog('csv-metadata'),
    'v4.19/catalog-template.yaml': TEMPLATE,
    'v4.19/catalog/foo/catalog.json': catalog('csv-metadata', { extraSkips: true }),
  };
}

/** One file per OpenShift version (`catalogs/foo-v4.18.json`) and one template at the root. */
export function fileCatalogRepository(): Record<string, string> {
  return {
    'catalog-template.yaml': TEMPLATE,
    'catalogs/foo-v4.16.json': catalog('bundle-object'),
    'catalogs/foo-v4.18.json': catalog('csv-metadata'),
  };
}

/** The same with a hand edit in the 4.16 file (a property foo.v0.1.0's image does not have). */
export function staleFileCatalogRepository(): Record<string, string> {
  return {
    ...fileCatalogRepository(),
    'catalogs/foo-v4.16.json': catalog('bundle-object', { staleProperty: true }),
  };
}

/** The v4.17+ catalog's text (what render-template prints at bundle-object-to-csv-metadata). */
export const CSV_METADATA_CATALOG = catalog('csv-metadata');
export const BUNDLE_OBJECT_CATALOG = catalog('bundle-object');
