/**
 * The few JSON Schema keywords the operator pipeline's ci.yaml and release-config.yaml schemas use
 * (type, enum, required, properties, additionalProperties: false, items, minItems, uniqueItems),
 * checked as python-jsonschema 4.26's Draft202012Validator does: every keyword on its own (a wrong
 * type does not silence `enum`), each error in its words with Python's repr of the value, sorted as
 * the pipeline sorts them (`sorted(iter_errors(), key=str)`, whose text starts with the message).
 * Hand-written rather than Ajv because the pipeline prints jsonschema's messages, which Ajv's are not;
 * test/unit/policy/mini-schema.test.ts checks the verdicts agree with Ajv's.
 */
import type { JsonPath } from '../location';
import { pyRepr } from './py-repr';

export type SchemaType = 'object' | 'array' | 'string' | 'boolean';

export interface MiniSchema {
  type?: SchemaType;
  enum?: readonly string[];
  required?: readonly string[];
  properties?: Readonly<Record<string, MiniSchema>>;
  additionalProperties?: boolean;
  items?: MiniSchema;
  minItems?: number;
  uniqueItems?: boolean;
}

export interface SchemaError {
  message: string;
  /** Where in the document (jsonschema's `absolute_path`). */
  path: JsonPath;
  keyword: keyof MiniSchema;
  /** For additionalProperties: the first unexpected key, to point at it. */
  key?: string;
}

function isObject(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

function isType(v: unknown, t: SchemaType): boolean {
  if (t === 'object') return isObject(v);
  if (t === 'array') return Array.isArray(v);
  return typeof v === t;
}

/** jsonschema's equality for uniqueItems: structural, a bool never equal to a number. */
function same(a: unknown, b: unknown): boolean {
  if (Array.isArray(a) && Array.isArray(b)) return a.length === b.length && a.every((x, i) => same(x, b[i]));
  if (isObject(a) && isObject(b)) {
    const ka = Object.keys(a);
    return ka.length === Object.keys(b).length && ka.every((k) => k in b && same(a[k], b[k]));
  }
  return a === b;
}

function walk(schema: MiniSchema, v: unknown, path: JsonPath, out: SchemaError[]): void {
  const err = (keyword: keyof MiniSchema, message: string, key?: string) =>
    out.push({ keyword, message, path, ...(key !== undefined && { key }) });
  if (schema.type && !isType(v, schema.type))
    err('type', `${pyRepr(v)} is not of type ${pyRepr(schema.type)}`);
  if (schema.enum && !schema.enum.some((e) => same(e, v)))
    err('enum', `${pyRepr(v)} is not one of ${pyRepr(schema.enum)}`);
  if (isObject(v)) {
    for (const r of schema.required ?? [])
      if (!(r in v)) err('required', `${pyRepr(r)} is a required property`);
    const props = schema.properties ?? {};
    for (const [k, sub] of Object.entries(props)) if (k in v) walk(sub, v[k], [...path, k], out);
    if (schema.additionalProperties === false) {
      const extra = Object.keys(v)
        .filter((k) => !(k in props))
        .sort();
      if (extra.length > 0)
        err(
          'additionalProperties',
          `Additional properties are not allowed (${extra.map(pyRepr).join(', ')} ${extra.length === 1 ? 'was' : 'were'} unexpected)`,
          extra[0],
        );
    }
  }
  if (Array.isArray(v)) {
    if (schema.items) v.forEach((x, i) => walk(schema.items as MiniSchema, x, [...path, i], out));
    if (schema.minItems !== undefined && v.length < schema.minItems)
      err('minItems', `${pyRepr(v)} ${schema.minItems === 1 ? 'should be non-empty' : 'is too short'}`);
    if (schema.uniqueItems && v.some((x, i) => v.findIndex((y) => same(x, y)) !== i))
      err('uniqueItems', `${pyRepr(v)} has non-unique elements`);
  }
}

/** Every error of `value` against `schema`, in the order the pipeline prints them. */
export function schemaErrors(schema: MiniSchema, value: unknown): SchemaError[] {
  const out: SchemaError[] = [];
  walk(schema, value, [], out);
  return out.sort((a, b) => (a.message < b.message ? -1 : a.message > b.message ? 1 : 0));
}
