/**
 * The constraints of the operator pipeline's `ci.yaml` and `release-config.yaml` schemas
 * (operator-pipelines operatorcert/schemas/ci-schema.json, release-config-schema.json), restated
 * keyword by keyword for mini-schema.ts: what each file may hold for the static tests to pass.
 */
import type { MiniSchema } from './mini-schema';

const strings: MiniSchema = { type: 'array', items: { type: 'string' } };

export const CI_SCHEMA: MiniSchema = {
  type: 'object',
  properties: {
    updateGraph: { type: 'string', enum: ['replaces-mode', 'semver-mode'] },
    reviewers: { ...strings, minItems: 1 },
    merge: { type: 'boolean' },
    cert_project_id: { type: 'string' },
    fbc: {
      type: 'object',
      additionalProperties: false,
      properties: {
        enabled: { type: 'boolean' },
        version_promotion_strategy: { type: 'string', enum: ['review-needed', 'always', 'never'] },
        catalog_mapping: {
          type: 'array',
          items: {
            type: 'object',
            properties: {
              template_name: { type: 'string' },
              catalog_names: { ...strings, uniqueItems: true, minItems: 1 },
              type: { type: 'string', enum: ['olm.template.basic', 'olm.semver'] },
            },
            required: ['template_name', 'type', 'catalog_names'],
          },
        },
      },
    },
  },
};

export const RELEASE_CONFIG_SCHEMA: MiniSchema = {
  type: 'object',
  additionalProperties: false,
  properties: {
    merge: { type: 'boolean' },
    catalog_templates: {
      type: 'array',
      items: {
        type: 'object',
        properties: {
          template_name: { type: 'string' },
          channels: { ...strings, minItems: 1, uniqueItems: true },
          defaultChannel: { type: 'string' },
          replaces: { type: 'string' },
          skips: { ...strings, minItems: 1, uniqueItems: true },
          skipRange: { type: 'string' },
        },
        required: ['template_name', 'channels'],
      },
      minItems: 1,
      uniqueItems: true,
    },
  },
  required: ['catalog_templates'],
};
