/**
 * JSON Schema for a Crossplane package's meta file (crossplane.yaml: meta.pkg.crossplane.io
 * Configuration, Provider or Function), for editor help only: completion of keys and kinds, hover
 * text, warnings on a misspelt key of a dependsOn entry. What Crossplane itself checks is in
 * read-package.ts (the located findings); this schema stays permissive where Crossplane is.
 */
import type { JsonSchema } from '../schema/fbc-schema';

const str = (description: string, extra: JsonSchema = {}): JsonSchema => ({
  type: 'string',
  description,
  ...extra,
});

const DEPENDENCY: JsonSchema = {
  type: 'object',
  description:
    'A package this one needs: name it with exactly one of provider, configuration, function or package, and constrain its version.',
  properties: {
    provider: str(
      'The Provider package, an OCI reference without tag (xpkg.upbound.io/upbound/provider-aws-s3).',
    ),
    configuration: str('The Configuration package, an OCI reference without tag.'),
    function: str('The Function package, an OCI reference without tag.'),
    package: str('Any package, an OCI reference without tag; give its kind and apiVersion.'),
    apiVersion: str('The API version of the package kind (pkg.crossplane.io/v1), with package.'),
    kind: str('The package kind, with package.', { enum: ['Provider', 'Configuration', 'Function'] }),
    version: str(
      'A semantic version constraint (">=v1.0.0", "v0.23.0", "~v1.2") or a digest (sha256:…). Quote constraints starting with > or <.',
      { examples: ['>=v1.0.0', 'v0.1.0'] },
    ),
  },
  additionalProperties: false,
  defaultSnippets: [
    { label: 'provider', body: { provider: '$1', version: '${2:>=v1.0.0}' } },
    { label: 'configuration', body: { configuration: '$1', version: '${2:>=v0.1.0}' } },
    { label: 'function', body: { function: '$1', version: '${2:>=v0.1.0}' } },
  ],
};

export const CROSSPLANE_META_SCHEMA: JsonSchema = {
  $schema: 'http://json-schema.org/draft-07/schema#',
  title: 'Crossplane package metadata (crossplane.yaml)',
  type: 'object',
  required: ['apiVersion', 'kind', 'metadata'],
  properties: {
    apiVersion: str('The meta API version.', {
      enum: [
        'meta.pkg.crossplane.io/v1',
        'meta.pkg.crossplane.io/v1beta1',
        'meta.pkg.crossplane.io/v1alpha1',
      ],
    }),
    kind: str('What this package is.', { enum: ['Configuration', 'Provider', 'Function'] }),
    metadata: {
      type: 'object',
      properties: {
        name: str('The package name.'),
        annotations: {
          type: 'object',
          description: 'meta.crossplane.io/maintainer, source, license, description, readme…',
          additionalProperties: { type: 'string' },
        },
        labels: { type: 'object', additionalProperties: { type: 'string' } },
      },
    },
    spec: {
      type: 'object',
      properties: {
        crossplane: {
          type: 'object',
          description: 'The Crossplane versions this package runs on.',
          properties: { version: str('A semantic version constraint, e.g. ">=v1.14.1-0".') },
        },
        dependsOn: { type: 'array', description: 'The packages this one needs.', items: DEPENDENCY },
        controller: {
          type: 'object',
          description: 'A Provider or Function: its controller image and permissions.',
          properties: {
            image: str('The controller image (OCI reference).'),
            permissionRequests: { type: 'array', items: { type: 'object' } },
          },
        },
        capabilities: {
          type: 'array',
          description: 'Capabilities the package declares.',
          items: { type: 'string' },
        },
      },
    },
  },
};
