/**
 * JSON Schema for an ImageSetConfiguration (mirror.openshift.io/v2alpha1), for editor help: keys,
 * hover text and completion of `mirror.operators`, and a warning on a key oc-mirror v2 would refuse
 * there (it decodes with DisallowUnknownFields: `packages[].bundles` stops it since CLID-303). The
 * other stanzas (platform, additionalImages, helm) are left open. What oc-mirror checks, with its
 * texts, is isc.ts.
 */
import type { JsonSchema } from '../schema/fbc-schema';
import { PATH_COMPONENT } from './image-ref';

const VERSION = 'A semantic version (Masterminds: 1.2.3, v1.2, 1.2.3-rc.1).';

/** An object oc-mirror decodes strictly (DisallowUnknownFields): one key required, no other key allowed. */
function strict(required: string, properties: Record<string, JsonSchema>): JsonSchema {
  return { type: 'object', required: [required], additionalProperties: false, properties };
}

const RANGE: Record<string, JsonSchema> = {
  minVersion: {
    type: 'string',
    description: `The lowest version to keep: bundles from it up to the channel head are mirrored. ${VERSION}`,
  },
  maxVersion: {
    type: 'string',
    description: `The highest version to keep. ${VERSION}`,
  },
};

const CHANNEL = strict('name', {
  name: { type: 'string', description: 'A channel of the package; only the channels listed are kept.' },
  ...RANGE,
});

const PACKAGE = strict('name', {
  name: { type: 'string', description: 'The package (olm.package name). Only listed packages are kept.' },
  defaultChannel: {
    type: 'string',
    description: "The package's default channel in the mirror; needed when the catalog's is filtered out.",
  },
  channels: {
    type: 'array',
    description: 'The channels to keep (default: all). Without a range, each keeps only its head.',
    items: CHANNEL,
  },
  ...RANGE,
});

const OPERATOR = strict('catalog', {
  catalog: { type: 'string', description: 'The catalog image (or oci:// path) to filter.' },
  targetCatalog: {
    type: 'string',
    description:
      'The repository path of the rebuilt catalog in the mirror: path components only, no registry, tag or digest (oc-mirror refuses them).',
    // oc-mirror's IsValidPathComponent (image-ref.ts).
    pattern: PATH_COMPONENT.source,
  },
  targetTag: { type: 'string', description: 'The tag of the rebuilt catalog in the mirror.' },
  full: {
    type: 'boolean',
    description:
      'Keep every bundle of the listed packages and channels (every package when none is listed) instead of the heads.',
  },
  packages: {
    type: 'array',
    description: 'The packages to keep (default: all, heads only).',
    items: PACKAGE,
  },
});

export const ISC_SCHEMA: JsonSchema = {
  $id: 'https://fbc-studio.local/schemas/imageset-configuration.schema.json',
  title: 'ImageSetConfiguration (oc-mirror v2)',
  type: 'object',
  required: ['kind', 'mirror'],
  properties: {
    kind: { const: 'ImageSetConfiguration', description: 'oc-mirror reads only this kind here.' },
    apiVersion: { const: 'mirror.openshift.io/v2alpha1' },
    mirror: {
      type: 'object',
      properties: {
        operators: { type: 'array', description: 'The operator catalogs to mirror.', items: OPERATOR },
      },
    },
  },
};
