import type { JsonPath } from '../location';
import { FBC_SCHEMA, type JsonSchema } from './fbc-schema';

/**
 * A small JSON Schema checker for the keywords fbc-schema.ts uses (no dependency: ajv would add
 * ~120 kB to the worker for one fixed schema). It checks blobs of JSON-stream files, which
 * Monaco's JSON service cannot (it stops at the first value), and proves the schema against real
 * catalogs in the unit tests. Messages follow Monaco's JSON service wording.
 */

export interface SchemaProblem {
  /** Where in the blob: the key for a missing or unknown property is the object's path plus the key. */
  path: JsonPath;
  message: string;
  /** 'key': the problem is the property name itself (unknown key); else its value. */
  at: 'key' | 'value';
}

type Json = unknown;

function typeOf(v: Json): string {
  if (v === null) return 'null';
  if (Array.isArray(v)) return 'array';
  if (typeof v === 'number') return Number.isInteger(v) ? 'integer' : 'number';
  return typeof v;
}

function typeMatches(want: NonNullable<JsonSchema['type']>, v: Json): boolean {
  const t = typeOf(v);
  return want === t || (want === 'number' && t === 'integer');
}

function deepEqual(a: Json, b: Json): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}

function resolve(root: JsonSchema, s: JsonSchema): JsonSchema {
  let cur = s;
  for (let guard = 0; cur.$ref && guard < 16; guard++) {
    const m = /^#\/definitions\/(.+)$/.exec(cur.$ref);
    const target = m ? root.definitions?.[m[1] as string] : undefined;
    if (!target) throw new Error(`unsupported $ref ${cur.$ref}`);
    cur = target;
  }
  return cur;
}

const isObject = (v: Json): v is Record<string, Json> => typeOf(v) === 'object';

function check(root: JsonSchema, schema: JsonSchema, v: Json, path: JsonPath, out: SchemaProblem[]): void {
  const s = resolve(root, schema);
  if (s.type && !typeMatches(s.type, v)) {
    out.push({ path, at: 'value', message: `Incorrect type. Expected "${s.type}".` });
    return;
  }
  if ('const' in s && !deepEqual(s.const, v)) {
    out.push({ path, at: 'value', message: `Value must be ${JSON.stringify(s.const)}.` });
  }
  if (s.enum && !s.enum.some((e) => deepEqual(e, v))) {
    out.push({
      path,
      at: 'value',
      message: `Value is not accepted. Valid values: ${s.enum.map((e) => JSON.stringify(e)).join(', ')}.`,
    });
  }
  if (typeof v === 'string') {
    if (s.minLength !== undefined && v.length < s.minLength)
      out.push({
        path,
        at: 'value',
        message: `String is shorter than the minimum length of ${s.minLength}.`,
      });
    if (s.maxLength !== undefined && v.length > s.maxLength)
      out.push({ path, at: 'value', message: `String is longer than the maximum length of ${s.maxLength}.` });
    if (s.pattern !== undefined && !new RegExp(s.pattern, 'u').test(v))
      out.push({ path, at: 'value', message: `String does not match the pattern of "${s.pattern}".` });
  }
  if (isObject(v)) {
    for (const key of s.required ?? []) {
      if (!(key in v)) out.push({ path, at: 'value', message: `Missing property "${key}".` });
    }
    for (const [key, value] of Object.entries(v)) {
      const sub = s.properties?.[key];
      if (sub) check(root, sub, value, [...path, key], out);
      else if (s.additionalProperties === false)
        out.push({ path: [...path, key], at: 'key', message: `Property ${key} is not allowed.` });
      else if (typeof s.additionalProperties === 'object')
        check(root, s.additionalProperties, value, [...path, key], out);
    }
  }
  if (Array.isArray(v) && s.items) {
    v.forEach((item, i) => check(root, s.items as JsonSchema, item, [...path, i], out));
  }
  for (const sub of s.allOf ?? []) {
    const r = resolve(root, sub);
    if (r.if) {
      const probe: SchemaProblem[] = [];
      check(root, r.if, v, path, probe);
      if (probe.length === 0 && r.then) check(root, r.then, v, path, out);
    } else check(root, r, v, path, out);
  }
}

/** Problems of one decoded blob against the FBC schema (or `schema`), in document order. */
export function validateBlob(blob: Json, schema: JsonSchema = FBC_SCHEMA): SchemaProblem[] {
  const out: SchemaProblem[] = [];
  check(schema, schema, blob, [], out);
  return out;
}
