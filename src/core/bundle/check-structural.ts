/**
 * Structural schema checks of an apiextensions.k8s.io/v1 CRD version, ported from the API server
 * (apiextensions-apiserver pkg/apiserver/schema: convert.go NewStructural, validation.go
 * validateStructuralInvariants / validateNestedValueValidation, complete.go; and
 * pkg/apis/apiextensions/validation ValidateCustomResourceDefinitionOpenAPISchema for
 * additionalProperties beside properties and x-kubernetes-preserve-unknown-fields: false).
 *
 * operator-framework/api's CRD validator drops every error whose field contains `openAPIV3Schema`,
 * so `operator-sdk bundle validate` passes such a CRD and the cluster rejects it at install: these
 * are our warnings, worded as Kubernetes' field errors so a search finds the upstream answer.
 */
import {
  FieldPath,
  STRUCTURAL_KEYS,
  set,
  typeOf,
  flag,
  props,
  schemas,
  sub,
  isIntOrStringAnyOf,
  Errors,
  convertible,
  type Schema,
  type Level,
  type StructuralError,
} from './structural-schema';

export type { StructuralError, StructuralRule } from './structural-schema';

/** validation.go validateStructuralInvariants. */
function invariants(s: Schema, lvl: Level, p: FieldPath, e: Errors): void {
  const type = typeOf(s);
  const items = sub(s, 'items');
  if (type === 'array' && !items)
    e.required('bundle-crd-structural-items', p.child('items'), 'must be specified');
  if (items) invariants(items, 'item', p.child('items'), e);
  for (const [k, v] of props(s)) invariants(v, 'field', p.child('properties').key(k), e);

  const hasAdditional = set(s, 'additionalProperties');
  if (hasAdditional) {
    if (lvl === 'root')
      e.forbidden(
        'bundle-crd-structural-additional-properties',
        p.child('additionalProperties'),
        'must not be used at the root',
      );
    const ap = sub(s, 'additionalProperties');
    if (ap) invariants(ap, 'field', p.child('additionalProperties'), e);
  }

  const intOrString = flag(s, 'x-kubernetes-int-or-string');
  const preserve = flag(s, 'x-kubernetes-preserve-unknown-fields');
  const embedded = flag(s, 'x-kubernetes-embedded-resource');
  if (intOrString && preserve)
    e.invalid(
      'bundle-crd-structural-extensions',
      p.child('x-kubernetes-preserve-unknown-fields'),
      true,
      'must be false if x-kubernetes-int-or-string is true',
    );
  if (intOrString && embedded)
    e.invalid(
      'bundle-crd-structural-extensions',
      p.child('x-kubernetes-embedded-resource'),
      true,
      'must be false if x-kubernetes-int-or-string is true',
    );

  const anyOf = schemas(s, 'anyOf');
  const allOf = schemas(s, 'allOf');
  const skipAnyOf = isIntOrStringAnyOf(anyOf);
  const skipFirstAllOfAnyOf = allOf.length >= 1 && isIntOrStringAnyOf(schemas(allOf[0] as Schema, 'anyOf'));
  valueValidation(s, skipAnyOf, skipFirstAllOfAnyOf, lvl, p, e);

  const checkMetadata = lvl === 'root' || embedded;
  if (embedded && type !== 'object') {
    if (type === '')
      e.required(
        'bundle-crd-structural-extensions',
        p.child('type'),
        'must be object if x-kubernetes-embedded-resource is true',
      );
    else
      e.invalid(
        'bundle-crd-structural-extensions',
        p.child('type'),
        type,
        'must be object if x-kubernetes-embedded-resource is true',
      );
  } else if (type === '' && !intOrString && !preserve) {
    const where = {
      root: 'at the root',
      item: 'for specified array items',
      field: 'for specified object fields',
    };
    e.required('bundle-crd-structural-type', p.child('type'), `must not be empty ${where[lvl]}`);
  }
  if (embedded && hasAdditional)
    e.forbidden(
      'bundle-crd-structural-extensions',
      p.child('additionalProperties'),
      'must not be used if x-kubernetes-embedded-resource is set',
    );
  if (lvl === 'root' && type !== '' && type !== 'object')
    e.invalid('bundle-crd-structural-type', p.child('type'), type, 'must be object at the root');

  const properties = new Map(props(s));
  for (const k of ['kind', 'apiVersion']) {
    const f = properties.get(k);
    if (f && checkMetadata && typeOf(f) !== 'string')
      e.invalid(
        'bundle-crd-structural-metadata',
        p.child('properties').key(k).child('type'),
        typeOf(f),
        'must be string',
      );
  }
  const metadata = properties.get('metadata');
  if (metadata) metadataInvariants(metadata, checkMetadata, lvl, p.child('properties').key('metadata'), e);

  if (embedded && !preserve && properties.size === 0)
    e.required(
      'bundle-crd-structural-extensions',
      p.child('properties'),
      'must not be empty if x-kubernetes-embedded-resource is true without x-kubernetes-preserve-unknown-fields',
    );
}

/** validation.go validateStructuralMetadataInvariants: metadata may only restrict name and generateName. */
function metadataInvariants(s: Schema, checkMetadata: boolean, lvl: Level, p: FieldPath, e: Errors): void {
  if (checkMetadata && typeOf(s) !== 'object')
    e.invalid('bundle-crd-structural-metadata', p.child('type'), typeOf(s), 'must be object');
  if (lvl !== 'root') return;
  const names = props(s).map(([k]) => k);
  const nameOnly =
    names.length > 0 && names.every((k) => k === 'name' || k === 'generateName') && names.length <= 2;
  // type and default are cleared before the comparison; properties too when they are name/generateName.
  const extra = STRUCTURAL_KEYS.filter(
    (k) => k !== 'type' && k !== 'default' && !(k === 'properties' && nameOnly) && set(s, k),
  );
  if (extra.length > 0)
    e.forbidden(
      'bundle-crd-structural-metadata',
      p,
      'must not specify anything other than name and generateName, but metadata is implicitly specified',
    );
}

/** validation.go validateValueValidation: the allOf/anyOf/oneOf/not under a structural node. */
function valueValidation(
  v: Schema,
  skipAnyOf: boolean,
  skipFirstAllOfAnyOf: boolean,
  lvl: Level,
  p: FieldPath,
  e: Errors,
): void {
  if (!skipAnyOf) schemas(v, 'anyOf').forEach((x, i) => nested(x, false, lvl, p.child('anyOf').key(i), e));
  schemas(v, 'allOf').forEach((x, i) =>
    nested(x, skipFirstAllOfAnyOf && i === 0, lvl, p.child('allOf').key(i), e),
  );
  schemas(v, 'oneOf').forEach((x, i) => nested(x, false, lvl, p.child('oneOf').key(i), e));
  const not = sub(v, 'not');
  if (not) nested(not, false, lvl, p.child('not'), e);
}

const NESTED_FORBIDDEN: [key: string, detail: string][] = [
  ['default', 'must be undefined to be structural'],
  ['title', 'must be empty to be structural'],
  ['description', 'must be empty to be structural'],
  ['nullable', 'must be false to be structural'],
  ['x-kubernetes-preserve-unknown-fields', 'must be false to be structural'],
  ['x-kubernetes-embedded-resource', 'must be false to be structural'],
  ['x-kubernetes-int-or-string', 'must be false to be structural'],
  ['x-kubernetes-list-map-keys', 'must be empty to be structural'],
  ['x-kubernetes-list-type', 'must be undefined to be structural'],
  ['x-kubernetes-map-type', 'must be undefined to be structural'],
  ['x-kubernetes-validations', 'must be empty to be structural'],
];

/** validation.go validateNestedValueValidation: a value validation may not say what the structure says. */
function nested(v: Schema, skipAnyOf: boolean, lvl: Level, p: FieldPath, e: Errors): void {
  const rule = 'bundle-crd-structural-value-validation';
  valueValidation(v, skipAnyOf, false, lvl, p, e);
  const items = sub(v, 'items');
  if (items) nested(items, false, lvl, p.child('items'), e);
  for (const [k, f] of props(v)) nested(f, false, 'field', p.child('properties').key(k), e);
  if (typeOf(v) !== '') e.forbidden(rule, p.child('type'), 'must be empty to be structural');
  if (set(v, 'additionalProperties'))
    e.forbidden(rule, p.child('additionalProperties'), 'must be undefined to be structural');
  for (const [k, detail] of NESTED_FORBIDDEN) if (set(v, k)) e.forbidden(rule, p.child(k), detail);
  if (props(v).some(([k]) => k === 'metadata'))
    e.forbidden(
      'bundle-crd-structural-metadata',
      p.child('properties').key('metadata'),
      'must not be specified in a nested context',
    );
}

/** complete.go: every field or array a root value validation names must be specified outside it too. */
function completeness(root: Schema, p: FieldPath, e: Errors): void {
  const walkValue = (v: Schema, s: Schema | undefined, sPath: FieldPath, vPath: FieldPath) => {
    const not = sub(v, 'not');
    if (not) walkNested(not, s, sPath, vPath.child('not'));
    for (const k of ['allOf', 'anyOf', 'oneOf'])
      schemas(v, k).forEach((x, i) => walkNested(x, s, sPath, vPath.child(k).key(i)));
  };
  const walkNested = (v: Schema, s: Schema | undefined, sPath: FieldPath, vPath: FieldPath) => {
    if (!s) {
      e.required(
        'bundle-crd-structural-value-validation',
        sPath,
        `because it is defined in ${vPath.text}`,
        vPath.segs,
      );
      return;
    }
    walkValue(v, s, sPath, vPath);
    const vItems = sub(v, 'items');
    if (vItems) walkNested(vItems, sub(s, 'items'), sPath.child('items'), vPath.child('items'));
    const sProps = new Map(props(s));
    for (const [k, f] of props(v)) {
      walkNested(f, sProps.get(k), sPath.child('properties').key(k), vPath.child('properties').key(k));
    }
  };
  walkValue(root, root, p, p);
}

/**
 * ValidateCustomResourceDefinitionOpenAPISchema's checks that concern structure: additionalProperties
 * beside properties (unless `additionalProperties: true`), x-kubernetes-preserve-unknown-fields: false.
 */
function openApi(s: Schema, p: FieldPath, e: Errors): void {
  if (set(s, 'additionalProperties') && props(s).length > 0 && s.additionalProperties !== true)
    e.forbidden(
      'bundle-crd-structural-additional-properties',
      p.child('additionalProperties'),
      'additionalProperties and properties are mutual exclusive',
    );
  const apSchema = sub(s, 'additionalProperties');
  if (apSchema) openApi(apSchema, p.child('additionalProperties'), e);
  for (const [k, v] of props(s)) openApi(v, p.child('properties').key(k), e);
  const not = sub(s, 'not');
  if (not) openApi(not, p.child('not'), e);
  for (const k of ['allOf', 'oneOf', 'anyOf'])
    schemas(s, k).forEach((x, i) => openApi(x, p.child(k).key(i), e));
  const items = sub(s, 'items');
  if (items) openApi(items, p.child('items'), e);
  if (s['x-kubernetes-preserve-unknown-fields'] === false)
    e.invalid(
      'bundle-crd-structural-extensions',
      p.child('x-kubernetes-preserve-unknown-fields'),
      false,
      'must be true or undefined',
    );
}

/**
 * The structural errors of one version's schema, in the API server's order: the structural ones
 * sorted by text (ValidateStructural sorts them), then the OpenAPI schema ones.
 */
export function structuralErrors(schema: Schema, versionIndex: number): StructuralError[] {
  const root = new FieldPath(`spec.versions[${versionIndex}].schema.openAPIV3Schema`, []);
  const structural = new Errors();
  if (convertible(schema)) {
    invariants(schema, 'root', root, structural);
    completeness(schema, root, structural);
  }
  structural.list.sort((a, b) => (a.message < b.message ? -1 : a.message > b.message ? 1 : 0));
  const other = new Errors();
  openApi(schema, root, other);
  return [...structural.list, ...other.list];
}
