/**
 * JSON Schema (draft-07) for file-based catalog blobs: olm.package, olm.channel, olm.bundle,
 * olm.deprecations and the olm.* property values opm decodes (fbc-rules §1–§2, the Go types in
 * model/property-types.ts). Written for editor help: Monaco (monaco-yaml, Monaco's JSON service)
 * uses it for completion, hover text and schema warnings, and `validateBlob` checks JSON streams
 * with it. It accepts everything opm accepts where it can (blobs of unknown schemas, unknown
 * property types, fields opm ignores), and flags what opm would reject or silently ignore
 * (a misspelt key, a string where opm wants an object).
 *
 * Only keywords `validate-schema.ts` implements are used: type, enum, const, required, properties,
 * additionalProperties (boolean), items, minLength, maxLength, pattern, if/then, allOf, $ref to
 * #/definitions. Keep it that way, or extend the validator.
 */

export type JsonSchema = {
  $schema?: string;
  $id?: string;
  $ref?: string;
  title?: string;
  description?: string;
  markdownDescription?: string;
  type?: 'object' | 'array' | 'string' | 'boolean' | 'integer' | 'number' | 'null';
  enum?: unknown[];
  const?: unknown;
  required?: string[];
  properties?: Record<string, JsonSchema>;
  additionalProperties?: boolean | JsonSchema;
  items?: JsonSchema;
  minLength?: number;
  maxLength?: number;
  pattern?: string;
  if?: JsonSchema;
  then?: JsonSchema;
  allOf?: JsonSchema[];
  anyOf?: JsonSchema[];
  examples?: unknown[];
  default?: unknown;
  definitions?: Record<string, JsonSchema>;
  defaultSnippets?: { label?: string; body: unknown }[];
};

const str = (description: string, extra: JsonSchema = {}): JsonSchema => ({
  type: 'string',
  description,
  ...extra,
});

const BUNDLE_NAME = 'Bundle name, usually `<package>.v<version>`.';

/** The CSV fields carried by olm.csv.metadata (operator-framework/api v1alpha1). */
const appLink: JsonSchema = {
  type: 'object',
  properties: { name: str('Link text.'), url: str('URL.') },
  additionalProperties: false,
};
const maintainer: JsonSchema = {
  type: 'object',
  properties: { name: str('Maintainer name.'), email: str('Maintainer e-mail.') },
  additionalProperties: false,
};
const gvkFields: Record<string, JsonSchema> = {
  group: str('API group, e.g. `example.com`.'),
  version: str('API version, e.g. `v1alpha1`.'),
  kind: str('Kind, e.g. `MyResource`.'),
};

const propertyValues: Record<string, { description: string; value: JsonSchema }> = {
  'olm.package': {
    description: 'The bundle’s package and version. Every bundle has exactly one.',
    value: {
      type: 'object',
      required: ['packageName', 'version'],
      properties: {
        packageName: str('Must equal the bundle’s `package`.'),
        version: str('Strict semver of the bundle, e.g. `1.2.3`.', { minLength: 1 }),
        release: str('Optional release (dot-separated, at most 20 characters).'),
      },
      additionalProperties: false,
    },
  },
  'olm.gvk': {
    description: 'An API (group/version/kind) the bundle provides.',
    value: {
      type: 'object',
      required: ['group', 'version', 'kind'],
      properties: gvkFields,
      additionalProperties: false,
    },
  },
  'olm.package.required': {
    description: 'Another package this bundle needs installed, in a semver range.',
    value: {
      type: 'object',
      required: ['packageName', 'versionRange'],
      properties: {
        packageName: str('The required package.'),
        versionRange: str('blang/semver range, e.g. `>=1.0.0 <2.0.0`.'),
      },
      additionalProperties: false,
    },
  },
  'olm.gvk.required': {
    description: 'An API (group/version/kind) this bundle needs some other bundle to provide.',
    value: {
      type: 'object',
      required: ['group', 'version', 'kind'],
      properties: gvkFields,
      additionalProperties: false,
    },
  },
  'olm.bundle.object': {
    description: 'One of the bundle’s manifests, base64-encoded (the older, heavier format).',
    value: {
      type: 'object',
      required: ['data'],
      properties: { data: str('Base64 of a JSON or YAML Kubernetes manifest.') },
      additionalProperties: false,
    },
  },
  'olm.csv.metadata': {
    description: 'The ClusterServiceVersion fields shown in catalogs (replaces olm.bundle.object CSVs).',
    value: {
      type: 'object',
      properties: {
        annotations: { type: 'object', description: 'CSV `metadata.annotations` (string values).' },
        apiServiceDefinitions: { type: 'object', description: 'Owned and required API services.' },
        crdDescriptions: { type: 'object', description: 'Owned and required CRDs.' },
        description: str('Long description (markdown).'),
        displayName: str('Name shown in catalogs.'),
        installModes: {
          type: 'array',
          items: {
            type: 'object',
            properties: {
              type: {
                type: 'string',
                enum: ['OwnNamespace', 'SingleNamespace', 'MultiNamespace', 'AllNamespaces'],
              },
              supported: { type: 'boolean' },
            },
            additionalProperties: false,
          },
        },
        keywords: { type: 'array', items: { type: 'string' } },
        labels: { type: 'object', description: 'CSV `metadata.labels`.' },
        links: { type: 'array', items: appLink },
        maintainers: { type: 'array', items: maintainer },
        maturity: str('e.g. `alpha`, `beta`, `stable`.'),
        minKubeVersion: str('Lowest Kubernetes version, e.g. `1.25.0`.'),
        nativeAPIs: {
          type: 'array',
          items: { type: 'object', properties: gvkFields, additionalProperties: false },
        },
        provider: appLink,
      },
      additionalProperties: false,
    },
  },
  'olm.channel': {
    description: 'Legacy: a channel the bundle was published to (ignored by opm for the graph).',
    value: {
      type: 'object',
      properties: { channelName: str('Channel name.') },
      additionalProperties: false,
    },
  },
};

/** `{type, value}` with the value checked by type for the known olm.* types. */
const property: JsonSchema = {
  type: 'object',
  required: ['type', 'value'],
  properties: {
    type: {
      type: 'string',
      description: 'Property type. olm.* types have a fixed value shape; other types may hold any JSON.',
      examples: Object.keys(propertyValues),
    },
    value: { description: 'The property value; its shape depends on `type`.' },
  },
  additionalProperties: false,
  allOf: Object.entries(propertyValues).map(([type, p]) => ({
    if: { properties: { type: { const: type } }, required: ['type'] },
    then: { properties: { value: { ...p.value, description: p.description } } },
  })),
  defaultSnippets: [
    { label: 'olm.package', body: { type: 'olm.package', value: { packageName: '$1', version: '$2' } } },
    { label: 'olm.gvk', body: { type: 'olm.gvk', value: { group: '$1', version: '$2', kind: '$3' } } },
  ],
};

const properties: JsonSchema = {
  type: 'array',
  description: 'Typed properties (`{type, value}`).',
  items: { $ref: '#/definitions/property' },
};

const channelEntry: JsonSchema = {
  type: 'object',
  required: ['name'],
  properties: {
    name: str(BUNDLE_NAME, { minLength: 1 }),
    replaces: str('The bundle this one upgrades from directly (an edge of the replaces chain).'),
    skips: {
      type: 'array',
      description: 'Bundles this one also upgrades from, which the channel then treats as skipped.',
      items: { type: 'string' },
    },
    skipRange: str(
      'blang/semver range of versions that may upgrade straight to this bundle, e.g. `>=1.0.0 <1.2.0`.',
    ),
  },
  additionalProperties: false,
};

const olmPackage: JsonSchema = {
  title: 'olm.package',
  description: 'A package (an operator): its name, default channel, description and icon.',
  type: 'object',
  required: ['schema', 'name'],
  properties: {
    schema: { const: 'olm.package' },
    name: str('Package name: a DNS-1123 label (lower case letters, digits and `-`, at most 63).', {
      minLength: 1,
      maxLength: 63,
      pattern: '^[a-z0-9]([-a-z0-9]*[a-z0-9])?$',
    }),
    defaultChannel: str(
      'The channel installs use when none is given. Must name one of the package’s channels.',
      {
        minLength: 1,
      },
    ),
    description: str('Long description (markdown).'),
    icon: {
      type: 'object',
      description: 'Package icon.',
      required: ['base64data', 'mediatype'],
      properties: {
        base64data: str('Base64 of the image.'),
        mediatype: str('MIME type.', { examples: ['image/svg+xml', 'image/png', 'image/jpeg', 'image/gif'] }),
      },
      additionalProperties: false,
    },
    properties,
  },
  additionalProperties: false,
};

const olmChannel: JsonSchema = {
  title: 'olm.channel',
  description: 'A channel: an ordered list of entries with their upgrade edges.',
  type: 'object',
  required: ['schema', 'package', 'name', 'entries'],
  properties: {
    schema: { const: 'olm.channel' },
    package: str('The package this channel belongs to.', { minLength: 1 }),
    name: str('Channel name, e.g. `stable`.', { minLength: 1 }),
    entries: {
      type: 'array',
      description: 'Channel entries (bundles) and their upgrade edges.',
      items: channelEntry,
    },
    properties,
  },
  additionalProperties: false,
};

const olmBundle: JsonSchema = {
  title: 'olm.bundle',
  description: 'A bundle: one version of the package, its image and properties.',
  type: 'object',
  required: ['schema', 'package', 'name', 'image', 'properties'],
  properties: {
    schema: { const: 'olm.bundle' },
    package: str('The package this bundle belongs to.', { minLength: 1 }),
    name: str(BUNDLE_NAME, { minLength: 1 }),
    image: str('Bundle image pull spec, e.g. `quay.io/org/op-bundle@sha256:…`.'),
    properties,
    relatedImages: {
      type: 'array',
      description: 'Images the bundle uses (for mirroring).',
      items: {
        type: 'object',
        required: ['image'],
        properties: { name: str('Image name.'), image: str('Pull spec.') },
        additionalProperties: false,
      },
    },
  },
  additionalProperties: false,
};

const olmDeprecations: JsonSchema = {
  title: 'olm.deprecations',
  description: 'Deprecation notices for a package, its channels and bundles (at most one blob per package).',
  type: 'object',
  required: ['schema', 'package', 'entries'],
  properties: {
    schema: { const: 'olm.deprecations' },
    package: str('The package the deprecations apply to.', { minLength: 1 }),
    entries: {
      type: 'array',
      items: {
        type: 'object',
        required: ['reference', 'message'],
        properties: {
          reference: {
            type: 'object',
            required: ['schema'],
            properties: {
              schema: {
                type: 'string',
                enum: ['olm.package', 'olm.channel', 'olm.bundle'],
                description: 'What is deprecated.',
              },
              name: str('The channel or bundle name (left out for the package itself).'),
            },
            additionalProperties: false,
          },
          message: str('Shown to users of the deprecated item.', { minLength: 1 }),
        },
        additionalProperties: false,
      },
    },
  },
  additionalProperties: false,
};

export const BLOB_SCHEMAS = {
  'olm.package': olmPackage,
  'olm.channel': olmChannel,
  'olm.bundle': olmBundle,
  'olm.deprecations': olmDeprecations,
} as const;

/** The schema of one catalog blob (one YAML document or one JSON value). */
export const FBC_SCHEMA: JsonSchema = {
  $schema: 'http://json-schema.org/draft-07/schema#',
  $id: 'https://fbc-studio.local/schemas/fbc.schema.json',
  title: 'File-based catalog blob',
  description:
    'One blob of an OLM file-based catalog. `schema` selects its kind; blobs of other schemas are kept but not validated by opm.',
  type: 'object',
  required: ['schema'],
  properties: {
    schema: {
      type: 'string',
      minLength: 1,
      description: 'The blob kind: olm.package, olm.channel, olm.bundle or olm.deprecations.',
      examples: Object.keys(BLOB_SCHEMAS),
    },
  },
  allOf: Object.entries(BLOB_SCHEMAS).map(([name]) => ({
    if: { properties: { schema: { const: name } }, required: ['schema'] },
    then: { $ref: `#/definitions/${name}` },
  })),
  definitions: { ...BLOB_SCHEMAS, property },
};
