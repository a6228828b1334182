import { compareGoStrings } from '../gojson';
import { goFormatFloat } from './go-format';
import { decodeGoYamlStrict, goSharpV, GoYamlError, type GoYamlValue } from './go-yaml';

/**
 * sigs.k8s.io/yaml `UnmarshalStrict(data, &goStruct)`, which opm uses to read templates:
 *   1. go-yaml v2 strict decode into interface{} (duplicate keys are errors),
 *   2. conversion to JSON: map keys become strings, and numbers or booleans become strings when
 *      the target field is a string (so `image: 1.0` reads as "1"),
 *   3. encoding/json with DisallowUnknownFields: keys in sorted order (json.Marshal sorts map keys),
 *      field names matched exactly or else case-insensitively, the first error wins.
 * Error texts follow the libraries (`error converting YAML to JSON: yaml: ...`,
 * `error unmarshaling JSON: while decoding JSON: json: ...`). Those are Go-library texts: the common
 * cases match, exotic input may word things differently.
 */

/** The Go type a value decodes into. Only what templates need: strings, bools, structs, slices. */
export type GoType =
  | { kind: 'string'; name: string }
  | { kind: 'bool' }
  | { kind: 'struct'; pkg: string; name: string; fields: readonly GoField[] }
  | { kind: 'slice'; elem: GoType };

export interface GoField {
  /** The json tag name. */
  json: string;
  type: GoType;
}

export class GoUnmarshalError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'GoUnmarshalError';
  }
}

type JsonValue = null | boolean | string | { num: string } | JsonValue[] | Map<string, JsonValue>;

function typeString(t: GoType): string {
  switch (t.kind) {
    case 'string':
      return t.name;
    case 'bool':
      return 'bool';
    case 'struct':
      return `${t.pkg}.${t.name}`;
    case 'slice':
      return '[]' + typeString(t.elem);
  }
}

/** encoding/json's case folding of field names (foldName): ASCII upper case, plus the two odd folds. */
function foldName(s: string): string {
  let out = '';
  for (const ch of s) {
    const c = ch.codePointAt(0) as number;
    if (c < 0x80) out += ch.toUpperCase();
    else if (c === 0x17f) out += 'S';
    else if (c === 0x212a) out += 'K';
    else out += ch.toLowerCase().toUpperCase();
  }
  return out;
}

function findField(t: GoType | undefined, key: string): GoField | undefined {
  if (!t || t.kind !== 'struct') return undefined;
  const exact = t.fields.find((f) => f.json === key);
  if (exact) return exact;
  const folded = foldName(key);
  return t.fields.find((f) => foldName(f.json) === folded);
}

function goInfSpelling(s: string): string {
  return s === '+Inf' ? '.inf' : s === '-Inf' ? '-.inf' : s === 'NaN' ? '.nan' : s;
}

function keyString(k: GoYamlValue, v: GoYamlValue): string {
  switch (k.kind) {
    case 'string':
      return k.value;
    case 'int':
      return k.value.toString();
    case 'float':
      return goInfSpelling(goFormatFloat(k.value, 32));
    case 'bool':
      return k.value ? 'true' : 'false';
    default:
      throw new GoUnmarshalError(
        `error converting YAML to JSON: unsupported map key of type: %!s(<nil>), key: <nil>, value: ${describe(v)}`,
      );
  }
}

/** The value as the conversion error prints it (`%v`): go-yaml's `%#v` but for nil, floats and collections. */
function describe(v: GoYamlValue): string {
  if (v.kind === 'null') return '<nil>';
  if (v.kind === 'float') return goFormatFloat(v.value);
  return v.kind === 'seq' || v.kind === 'map' ? v.kind : goSharpV(v);
}

/** sigs.k8s.io/yaml convertToJSONableObject plus json.Marshal. */
function toJsonable(v: GoYamlValue, target: GoType | undefined): JsonValue {
  switch (v.kind) {
    case 'map': {
      const out = new Map<string, JsonValue>();
      for (const { key, value } of v.entries) {
        const k = keyString(key, value);
        out.set(k, toJsonable(value, findField(target, k)?.type));
      }
      return out;
    }
    case 'seq': {
      const elem = target?.kind === 'slice' ? target.elem : undefined;
      return v.items.map((item) => toJsonable(item, elem));
    }
    case 'null':
      return null;
    case 'string':
      return v.value;
    case 'bool':
      return target?.kind === 'string' ? String(v.value) : v.value;
    case 'int':
      return target?.kind === 'string' ? v.value.toString() : { num: v.value.toString() };
    case 'float':
      if (target?.kind === 'string') return goFormatFloat(v.value, 32);
      if (!Number.isFinite(v.value)) {
        throw new GoUnmarshalError(
          `error converting YAML to JSON: json: unsupported value: ${goFormatFloat(v.value)}`,
        );
      }
      return { num: String(v.value) };
  }
}

/**
 * sigs.k8s.io/yaml Unmarshal into `any` (interface{}): convertToJSONableObject, then encoding/json's
 * float64 for every number and maps as objects (keys in the document's order). Throws
 * GoUnmarshalError with the conversion's message (`error converting YAML to JSON: …`).
 */
export function goYamlToAny(v: GoYamlValue): unknown {
  return toAny(toJsonable(v, undefined));
}

function toAny(v: JsonValue): unknown {
  if (v === null || typeof v !== 'object') return v;
  if (Array.isArray(v)) return v.map(toAny);
  if (!(v instanceof Map)) return Number(v.num);
  const out: Record<string, unknown> = {};
  // A key like __proto__ is data here, never the prototype.
  for (const [k, x] of v)
    Object.defineProperty(out, k, { value: toAny(x), enumerable: true, writable: true, configurable: true });
  return out;
}

function jsonKind(v: JsonValue): string {
  if (v === null) return 'null';
  if (typeof v === 'boolean') return 'bool';
  if (typeof v === 'string') return 'string';
  if (Array.isArray(v)) return 'array';
  if (v instanceof Map) return 'object';
  return 'number';
}

interface ErrorContext {
  struct?: string;
  fields: readonly string[];
}

class Decoder {
  firstError: string | undefined;

  private typeError(value: JsonValue, t: GoType, ctx: ErrorContext): void {
    if (this.firstError !== undefined) return;
    const kind = jsonKind(value);
    const type = typeString(t);
    this.firstError =
      ctx.struct !== undefined || ctx.fields.length > 0
        ? `json: cannot unmarshal ${kind} into Go struct field ${ctx.struct ?? ''}.${ctx.fields.join('.')} of type ${type}`
        : `json: cannot unmarshal ${kind} into Go value of type ${type}`;
  }

  /** Returns the decoded value, or `existing` when Go would leave the target untouched. */
  decode(value: JsonValue, t: GoType, ctx: ErrorContext, existing?: unknown): unknown {
    if (value === null) return t.kind === 'slice' ? undefined : existing;
    switch (t.kind) {
      case 'string':
        if (typeof value === 'string') return value;
        this.typeError(value, t, ctx);
        return existing;
      case 'bool':
        if (typeof value === 'boolean') return value;
        this.typeError(value, t, ctx);
        return existing;
      case 'slice':
        if (Array.isArray(value)) return value.map((item) => this.decode(item, t.elem, ctx));
        this.typeError(value, t, ctx);
        return existing;
      case 'struct': {
        if (!(value instanceof Map)) {
          this.typeError(value, t, ctx);
          return existing;
        }
        const out: Record<string, unknown> =
          existing !== undefined && typeof existing === 'object' ? (existing as Record<string, unknown>) : {};
        // json.Marshal wrote the converted map with sorted keys; the decoder meets them in that order.
        const keys = [...value.keys()].sort(compareGoStrings);
        for (const key of keys) {
          const field = findField(t, key);
          if (!field) {
            if (this.firstError === undefined) this.firstError = `json: unknown field ${JSON.stringify(key)}`;
            continue;
          }
          const child = this.decode(
            value.get(key) as JsonValue,
            field.type,
            {
              struct: t.name,
              fields: [...ctx.fields, field.json],
            },
            out[field.json],
          );
          if (child === undefined) delete out[field.json];
          else out[field.json] = child;
        }
        return out;
      }
    }
  }
}

/**
 * Decodes YAML or JSON text into a plain object shaped by `type` (a struct), with Go field names as
 * keys. Throws GoUnmarshalError with the sigs.k8s.io/yaml message.
 */
export function unmarshalStrict(text: string, type: GoType & { kind: 'struct' }): Record<string, unknown> {
  let yamlValue: GoYamlValue;
  try {
    yamlValue = decodeGoYamlStrict(text);
  } catch (e) {
    if (e instanceof GoYamlError) throw new GoUnmarshalError(`error converting YAML to JSON: ${e.message}`);
    throw e;
  }
  const json = toJsonable(yamlValue, type);
  const decoder = new Decoder();
  const out = decoder.decode(json, type, { fields: [] });
  if (decoder.firstError !== undefined) {
    throw new GoUnmarshalError(`error unmarshaling JSON: while decoding JSON: ${decoder.firstError}`);
  }
  return (out as Record<string, unknown> | undefined) ?? {};
}
