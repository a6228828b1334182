/**
 * The structural-schema warnings of a bundle's v1 CRDs (src/core/bundle/check-structural.ts), kept
 * beside the other bundle-directory rules (bundle-dir.ts spreads them into its own, in place).
 */
import type { RuleDefinitions } from './types';

const K8S_SCHEMA = 'https://github.com/kubernetes/apiextensions-apiserver/blob/master/pkg/';
const K8S_STRUCTURAL = {
  text: 'apiextensions-apiserver pkg/apiserver/schema/validation.go (validateStructuralInvariants, validateNestedValueValidation)',
  url: `${K8S_SCHEMA}apiserver/schema/validation.go`,
};
const K8S_COMPLETE = {
  text: 'apiextensions-apiserver pkg/apiserver/schema/complete.go (validateStructuralCompleteness)',
  url: `${K8S_SCHEMA}apiserver/schema/complete.go`,
};
const K8S_OPENAPI = {
  text: 'apiextensions-apiserver pkg/apis/apiextensions/validation/validation.go (ValidateCustomResourceDefinitionOpenAPISchema)',
  url: `${K8S_SCHEMA}apis/apiextensions/validation/validation.go`,
};
/** Why the structural-schema warnings are ours although the API server enforces them. */
const STRUCTURAL =
  'The API server rejects the CRD at install time with this text; operator-framework/api drops every CRD ' +
  'error under openAPIV3Schema, so `operator-sdk bundle validate` passes it.';

export const CRD_STRUCTURAL = {
  'bundle-crd-structural-type': {
    severity: 'warning',
    title: 'CRD schema node without a type',
    summary:
      'A v1 CRD schema has no type at the root, on a property or on array items, or a root type other than object.',
    description:
      'A structural schema says the type of every node: `type: object` at the root, a type on each ' +
      'property and on items (x-kubernetes-int-or-string or x-kubernetes-preserve-unknown-fields stand in ' +
      'for it). ' +
      STRUCTURAL,
    message: '%s.type: Required value: must not be empty for specified object fields / … at the root / …',
    upstream: K8S_STRUCTURAL,
  },
  'bundle-crd-structural-items': {
    severity: 'warning',
    title: 'CRD array without items',
    summary: 'A v1 CRD schema node of type array has no items schema.',
    description: 'Give every `type: array` an `items:` schema. ' + STRUCTURAL,
    message: '%s.items: Required value: must be specified',
    upstream: K8S_STRUCTURAL,
  },
  'bundle-crd-structural-metadata': {
    severity: 'warning',
    title: 'CRD schema restricts metadata',
    summary:
      'A v1 CRD schema says more about metadata than name and generateName, types kind or apiVersion as ' +
      'other than string, or names metadata inside allOf/anyOf/oneOf/not.',
    description:
      'The API server owns ObjectMeta: at the root (and in embedded resources) a schema may only give ' +
      '`metadata` `type: object` and restrict name and generateName. Remove descriptions, labels and other ' +
      'fields under metadata. ' +
      STRUCTURAL,
    message:
      '%s.properties[metadata]: Forbidden: must not specify anything other than name and generateName, but ' +
      'metadata is implicitly specified / … must not be specified in a nested context / …',
    upstream: K8S_STRUCTURAL,
  },
  'bundle-crd-structural-extensions': {
    severity: 'warning',
    title: 'CRD schema extensions in conflict',
    summary:
      'x-kubernetes-int-or-string, x-kubernetes-preserve-unknown-fields or x-kubernetes-embedded-resource ' +
      'is combined in a way the API server rejects.',
    description:
      'int-or-string excludes preserve-unknown-fields and embedded-resource; an embedded resource is ' +
      '`type: object`, without additionalProperties, with properties unless it preserves unknown fields; ' +
      'preserve-unknown-fields is true or absent, never false. ' +
      STRUCTURAL,
    message:
      '%s.x-kubernetes-preserve-unknown-fields: Invalid value: true: must be false if x-kubernetes-int-or-string is true / …',
    upstream: K8S_STRUCTURAL,
  },
  'bundle-crd-structural-value-validation': {
    severity: 'warning',
    title: 'CRD value validation says what the structure should',
    summary:
      'A schema under allOf/anyOf/oneOf/not sets type, default, description, nullable, additionalProperties ' +
      'or an x-kubernetes extension, or names a field the structural schema does not have.',
    description:
      'Value validations only constrain values; the structure (types, defaults, descriptions, extensions, the ' +
      'fields themselves) is stated once outside them. Move those keys to the node itself, and declare ' +
      'every property a root allOf/anyOf/oneOf/not names. ' +
      STRUCTURAL,
    message:
      '%s.anyOf[0].type: Forbidden: must be empty to be structural / %s: Required value: because it is defined in %s',
    upstream: K8S_COMPLETE,
  },
  'bundle-crd-structural-additional-properties': {
    severity: 'warning',
    title: 'CRD additionalProperties beside properties',
    summary:
      'A v1 CRD schema node has both properties and additionalProperties (other than `true`), or ' +
      'additionalProperties at the root.',
    description:
      'properties describe a struct, additionalProperties a map; a node is one or the other. Drop ' +
      '`additionalProperties: false` (unknown fields are pruned anyway). ' +
      STRUCTURAL,
    message: '%s.additionalProperties: Forbidden: additionalProperties and properties are mutual exclusive',
    upstream: K8S_OPENAPI,
  },
} as const satisfies RuleDefinitions;
