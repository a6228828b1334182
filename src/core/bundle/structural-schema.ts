/**
 * A CRD's openAPIV3Schema as the API server's NewStructural (apiextensions-apiserver
 * pkg/apiserver/schema/convert.go) reads it: which fields it keeps, which count as set (Go's zero
 * values do not), which make the conversion fail, and the field paths of its errors. The rules that
 * use it are in check-structural.ts.
 */
import type { JsonPath } from '../location';
import type { RuleIds } from '../rules';
import { isObject } from './read-bundle';

export type StructuralRule = RuleIds<
  | 'bundle-crd-structural-type'
  | 'bundle-crd-structural-items'
  | 'bundle-crd-structural-metadata'
  | 'bundle-crd-structural-extensions'
  | 'bundle-crd-structural-value-validation'
  | 'bundle-crd-structural-additional-properties'
>;

export interface StructuralError {
  rule: StructuralRule;
  /** Kubernetes' field.Error text: `<field path>: <type>[: <value>]: <detail>`. */
  message: string;
  /** Where to point, relative to the schema root (openAPIV3Schema). */
  at: JsonPath;
}

export type Schema = Record<string, unknown>;

/** k8s field.Path: `.name` for a child, `[key]` for a map key or a list index. */
export class FieldPath {
  constructor(
    readonly text: string,
    readonly segs: JsonPath,
  ) {}
  child(name: string): FieldPath {
    return new FieldPath(`${this.text}.${name}`, [...this.segs, name]);
  }
  key(k: string | number): FieldPath {
    return new FieldPath(`${this.text}[${k}]`, [...this.segs, k]);
  }
}

export type Level = 'root' | 'item' | 'field';

/** The JSONSchemaProps fields NewStructural keeps (unknown keys are dropped when the CRD decodes). */
export const STRUCTURAL_KEYS = [
  'type',
  'description',
  'title',
  'nullable',
  'default',
  'additionalProperties',
  'items',
  'properties',
  'format',
  'maximum',
  'exclusiveMaximum',
  'minimum',
  'exclusiveMinimum',
  'maxLength',
  'minLength',
  'pattern',
  'maxItems',
  'minItems',
  'uniqueItems',
  'multipleOf',
  'maxProperties',
  'minProperties',
  'required',
  'enum',
  'allOf',
  'anyOf',
  'oneOf',
  'not',
  'x-kubernetes-embedded-resource',
  'x-kubernetes-int-or-string',
  'x-kubernetes-list-map-keys',
  'x-kubernetes-list-type',
  'x-kubernetes-map-type',
  'x-kubernetes-validations',
  'x-kubernetes-preserve-unknown-fields',
];

/** Fields that make NewStructural fail (the API server reports those through other checks). */
export const UNSUPPORTED_KEYS = [
  'id',
  '$schema',
  '$ref',
  'patternProperties',
  'dependencies',
  'additionalItems',
  'definitions',
];

/** Go's zero value, as a decoded JSON field would hold it. */
export function isZero(v: unknown): boolean {
  if (v === undefined || v === null || v === false || v === '' || v === 0) return true;
  if (Array.isArray(v)) return v.length === 0;
  return isObject(v) && Object.keys(v).length === 0;
}

/** Fields Go holds as pointers or interfaces: set as soon as they are written, even as 0 or false. */
export const POINTER_KEYS = new Set([
  'default',
  'additionalProperties',
  'maximum',
  'minimum',
  'maxLength',
  'minLength',
  'maxItems',
  'minItems',
  'multipleOf',
  'maxProperties',
  'minProperties',
  'not',
  'x-kubernetes-list-type',
  'x-kubernetes-map-type',
]);

/** Whether the field is set as NewStructural sees it (Go's zero value or nil is unset). */
export function set(s: Schema, k: string): boolean {
  const v = s[k];
  return POINTER_KEYS.has(k) ? v !== undefined && v !== null : !isZero(v);
}

export function typeOf(s: Schema): string {
  return typeof s.type === 'string' ? s.type : '';
}

export function flag(s: Schema, k: string): boolean {
  return s[k] === true;
}

export function props(s: Schema): [string, Schema][] {
  const p = s.properties;
  if (!isObject(p)) return [];
  // Kubernetes sorts its errors; walking keys in order keeps equal texts in a stable place too.
  return Object.keys(p)
    .sort()
    .map((k) => [k, isObject(p[k]) ? p[k] : {}]);
}

export function schemas(s: Schema, k: string): Schema[] {
  const v = s[k];
  return Array.isArray(v) ? v.map((x) => (isObject(x) ? x : {})) : [];
}

export function sub(s: Schema, k: string): Schema | undefined {
  const v = s[k];
  return isObject(v) ? v : undefined;
}

/** `{type: integer}` then `{type: string}` and nothing else: the int-or-string pattern. */
export function isIntOrStringAnyOf(list: Schema[]): boolean {
  const only = (x: Schema, t: string) =>
    typeOf(x) === t && STRUCTURAL_KEYS.every((k) => k === 'type' || isZero(x[k]));
  return list.length === 2 && only(list[0] as Schema, 'integer') && only(list[1] as Schema, 'string');
}

export function goValue(v: unknown): string {
  return typeof v === 'string' ? JSON.stringify(v) : String(v);
}

export class Errors {
  readonly list: StructuralError[] = [];
  required(rule: StructuralRule, p: FieldPath, detail: string, at: JsonPath = p.segs): void {
    this.list.push({ rule, message: `${p.text}: Required value: ${detail}`, at });
  }
  forbidden(rule: StructuralRule, p: FieldPath, detail: string): void {
    this.list.push({ rule, message: `${p.text}: Forbidden: ${detail}`, at: p.segs });
  }
  invalid(rule: StructuralRule, p: FieldPath, value: unknown, detail: string): void {
    this.list.push({ rule, message: `${p.text}: Invalid value: ${goValue(value)}: ${detail}`, at: p.segs });
  }
}

/** Whether NewStructural converts the schema (else the API server reports other errors instead). */
export function convertible(s: Schema): boolean {
  if (UNSUPPORTED_KEYS.some((k) => set(s, k))) return false;
  if (s['x-kubernetes-preserve-unknown-fields'] === false) return false;
  if (Array.isArray(s.items)) return false;
  const children = [
    ...props(s).map(([, v]) => v),
    ...schemas(s, 'allOf'),
    ...schemas(s, 'anyOf'),
    ...schemas(s, 'oneOf'),
  ];
  for (const k of ['items', 'additionalProperties', 'not']) {
    const c = sub(s, k);
    if (c) children.push(c);
  }
  return children.every(convertible);
}
