/**
 * `json.Unmarshal(blob, &T)` over an already-parsed JS value.
 *
 * Go semantics reproduced: struct fields match keys exactly, else case-insensitively (Go's
 * ToUpper(ToLower(r)) fold, so `ſ`→S and the Kelvin sign → K); unknown keys are ignored; JSON null
 * leaves the target untouched (nil for pointers, maps, slices, interfaces); the first type error is
 * kept and decoding carries on; a key that matches a field twice decodes into the value already
 * there (so slices of structs merge element-wise); errors read
 * `json: cannot unmarshal <what> into Go struct field <Struct>.<json.path> of type <T>`.
 *
 * opm decodes blobs that it re-encoded with sorted keys, so "first error" and "last key wins" are
 * in sorted key order. The fast path walks keys in object order and bails out to the exact,
 * sorted path as soon as anything order-dependent happens (an error or a repeated field).
 */
import { decodeGoBase64, goBase64ErrorOffset } from './base64';
import { goFloatJSON } from './encode';
import { compareGoStrings, jsonKind } from './fmt';
import { GoJsonError, goTypeName, type GoType } from './types';

type StructType = Extract<GoType, { kind: 'struct' }>;

interface StructInfo {
  exact: Map<string, number>;
  folded: Map<string, number>;
}

const structInfos = new WeakMap<StructType, StructInfo>();

function structInfo(t: StructType): StructInfo {
  let info = structInfos.get(t);
  if (!info) {
    const exact = new Map<string, number>();
    const folded = new Map<string, number>();
    t.fields.forEach((f, i) => {
      if (!exact.has(f.json)) exact.set(f.json, i);
      const k = foldName(f.json);
      if (!folded.has(k)) folded.set(k, i);
    });
    info = { exact, folded };
    structInfos.set(t, info);
  }
  return info;
}

// eslint-disable-next-line no-control-regex -- the whole ASCII range
const ASCII = /^[\x00-\x7f]*$/;

/** encoding/json's foldName: per rune ToUpper(ToLower(r)). */
export function foldName(key: string): string {
  if (ASCII.test(key)) return key.toUpperCase();
  let out = '';
  for (const ch of key) {
    if (ch === '\u017f') out += 'S';
    else if (ch === '\u212a') out += 'K';
    else if (ch === '\u0131' || ch === '\u0130') out += 'I';
    else {
      const lower = ch.toLowerCase();
      const upper = [...lower].length === 1 ? lower.toUpperCase() : ch;
      out += [...upper].length === 1 ? upper : lower;
    }
  }
  return out;
}

/** The zero value of a Go type in its JS representation. */
export function goZero(t: GoType): unknown {
  switch (t.kind) {
    case 'string':
    case 'bytes':
      return '';
    case 'bool':
      return false;
    case 'float64':
    case 'int':
      return 0;
    case 'raw':
    case 'any':
    case 'ptr':
      return undefined;
    case 'slice':
      return [];
    case 'map':
      return {};
    case 'struct': {
      const o: Record<string, unknown> = {};
      for (const f of t.fields) o[f.json] = goZero(f.type);
      return o;
    }
  }
}

const BAIL = Symbol('bail');

interface Ctx {
  struct: string | undefined;
  fields: readonly string[];
}

const ROOT: Ctx = { struct: undefined, fields: [] };

class Run {
  error: GoJsonError | undefined;
  readonly path: (string | number)[] = [];

  constructor(readonly exact: boolean) {}

  private fail(message: string): void {
    if (!this.exact) throw BAIL;
    if (!this.error) this.error = new GoJsonError(message, [...this.path]);
  }

  private typeError(what: string, t: GoType, ctx: Ctx): void {
    const typeName = goTypeName(t);
    this.fail(
      ctx.struct !== undefined || ctx.fields.length > 0
        ? `json: cannot unmarshal ${what} into Go struct field ${ctx.struct ?? ''}.${ctx.fields.join('.')} of type ${typeName}`
        : `json: cannot unmarshal ${what} into Go value of type ${typeName}`,
    );
  }

  decode(v: unknown, t: GoType, existing: unknown, ctx: Ctx): unknown {
    switch (t.kind) {
      case 'string':
        if (typeof v === 'string') return v;
        if (v !== null) this.typeError(jsonKind(v), t, ctx);
        return existing ?? '';
      case 'bool':
        if (typeof v === 'boolean') return v;
        if (v !== null) this.typeError(jsonKind(v), t, ctx);
        return existing ?? false;
      case 'float64':
        if (typeof v === 'number') return v;
        if (v !== null) this.typeError(jsonKind(v), t, ctx);
        return existing ?? 0;
      case 'int':
        if (typeof v === 'number') {
          const lit = goFloatJSON(v);
          if (/^-?\d+$/.test(lit) && v >= -9223372036854775808 && v < 9223372036854775808) return v;
          this.typeError('number ' + lit, t, ctx);
          return existing ?? 0;
        }
        if (v !== null) this.typeError(jsonKind(v), t, ctx);
        return existing ?? 0;
      case 'bytes':
        return this.decodeBytes(v, t, existing, ctx);
      case 'raw':
      case 'any':
        return v;
      case 'ptr':
        if (v === null) return undefined;
        return this.decode(v, t.elem, existing, ctx);
      case 'slice':
        return this.decodeSlice(v, t, existing, ctx);
      case 'map':
        return this.decodeMap(v, t, existing, ctx);
      case 'struct':
        return this.decodeStruct(v, t, existing, ctx);
    }
  }

  private decodeBytes(v: unknown, t: GoType, existing: unknown, ctx: Ctx): unknown {
    if (typeof v === 'string') {
      const off = goBase64ErrorOffset(v);
      if (off < 0) return v;
      this.fail(`illegal base64 data at input byte ${off}`);
      return existing ?? '';
    }
    if (v === null) return '';
    if (Array.isArray(v)) {
      // Go decodes a JSON array into []byte element by element (each a uint8).
      const bytes: number[] = [];
      v.forEach((e, i) => {
        this.path.push(i);
        if (typeof e === 'number' && Number.isInteger(e) && e >= 0 && e <= 255) bytes.push(e);
        else if (typeof e === 'number') this.typeErrorNamed('number ' + goFloatJSON(e), 'uint8', ctx);
        else if (e !== null) this.typeErrorNamed(jsonKind(e), 'uint8', ctx);
        else bytes.push(0);
        this.path.pop();
      });
      return encodeBase64(Uint8Array.from(bytes));
    }
    this.typeError(jsonKind(v), t, ctx);
    return existing ?? '';
  }

  private typeErrorNamed(what: string, typeName: string, ctx: Ctx): void {
    this.fail(
      ctx.struct !== undefined || ctx.fields.length > 0
        ? `json: cannot unmarshal ${what} into Go struct field ${ctx.struct ?? ''}.${ctx.fields.join('.')} of type ${typeName}`
        : `json: cannot unmarshal ${what} into Go value of type ${typeName}`,
    );
  }

  private decodeSlice(
    v: unknown,
    t: Extract<GoType, { kind: 'slice' }>,
    existing: unknown,
    ctx: Ctx,
  ): unknown {
    if (v === null) return [];
    if (!Array.isArray(v)) {
      this.typeError(jsonKind(v), t, ctx);
      return existing ?? [];
    }
    const n = v.length;
    if (!this.exact && !Array.isArray(existing)) {
      // Fast path: the array itself when every item decodes to itself (see isDecodedStruct); else
      // the items that did, the first that did not, and the rest decoded once each.
      let i = 0;
      let item: unknown;
      while (i < n && (item = this.decode(v[i], t.elem, undefined, ctx)) === v[i]) i++;
      if (i === n) return v;
      const out = v.slice(0, i);
      out.push(item);
      for (let j = i + 1; j < n; j++) out.push(this.decode(v[j], t.elem, undefined, ctx));
      return out;
    }
    const out = Array.isArray(existing) ? existing : [];
    for (let i = 0; i < n; i++) {
      if (this.exact) this.path.push(i);
      out[i] = this.decode(v[i], t.elem, i < out.length ? out[i] : undefined, ctx);
      if (this.exact) this.path.pop();
    }
    out.length = n;
    return out;
  }

  private decodeMap(v: unknown, t: Extract<GoType, { kind: 'map' }>, existing: unknown, ctx: Ctx): unknown {
    if (v === null) return {};
    if (typeof v !== 'object' || Array.isArray(v)) {
      this.typeError(jsonKind(v), t, ctx);
      return existing ?? {};
    }
    const src = v as Record<string, unknown>;
    const out = (existing as Record<string, unknown> | undefined) ?? {};
    const keys = this.exact ? Object.keys(src).sort(compareGoStrings) : Object.keys(src);
    for (const k of keys) {
      if (this.exact) this.path.push(k);
      const val = this.decode(src[k], t.elem, undefined, ctx);
      if (k === '__proto__') Object.defineProperty(out, k, { value: val, enumerable: true, writable: true });
      else out[k] = val;
      if (this.exact) this.path.pop();
    }
    return out;
  }

  /**
   * Fast path only: how many of the struct's fields `src` has when each of its keys is exactly one of
   * them and each value decodes to itself; -1 otherwise. With all of them, `src` already is what
   * decoding into `t` gives, and is kept, not copied (a large catalog's 8,000 bundles and their
   * properties were copied only to be kept twice).
   */
  private decodedFields(src: Record<string, unknown>, t: StructType, ctx: Ctx): number {
    const fields = t.fields;
    const info = structInfo(t);
    let n = 0;
    for (const k in src) {
      if (!Object.hasOwn(src, k)) continue;
      const idx = info.exact.get(k);
      if (idx === undefined || ++n > fields.length) return -1;
      const v = src[k];
      if (this.decode(v, (fields[idx] as StructType['fields'][number]).type, undefined, ctx) !== v) return -1;
    }
    return n;
  }

  private decodeStruct(v: unknown, t: StructType, existing: unknown, ctx: Ctx): unknown {
    if (!this.exact && existing === undefined && v !== null && typeof v === 'object' && !Array.isArray(v)) {
      const n = this.decodedFields(v as Record<string, unknown>, t, ctx);
      if (n === t.fields.length) return v;
      // Some fields absent (a channel entry with only a name): the zero struct with the present ones,
      // which is what the loop below makes, without decoding each value and looking up its key again.
      if (n >= 0) return Object.assign(goZero(t) as object, v);
    }
    const out = (existing as Record<string, unknown> | undefined) ?? (goZero(t) as Record<string, unknown>);
    if (v === null) return out;
    if (typeof v !== 'object' || Array.isArray(v)) {
      this.typeError(jsonKind(v), t, ctx);
      return out;
    }
    const src = v as Record<string, unknown>;
    const info = structInfo(t);
    const keys = this.exact ? Object.keys(src).sort(compareGoStrings) : Object.keys(src);
    let seen = 0;
    let seenHigh: Set<number> | undefined;
    for (const k of keys) {
      let idx = info.exact.get(k);
      if (idx === undefined) idx = info.folded.get(foldName(k));
      if (idx === undefined) continue;
      if (!this.exact) {
        // A second key for the same field makes the outcome depend on key order: redo exactly.
        if (idx < 31) {
          if (seen & (1 << idx)) throw BAIL;
          seen |= 1 << idx;
        } else {
          seenHigh ??= new Set();
          if (seenHigh.has(idx)) throw BAIL;
          seenHigh.add(idx);
        }
      }
      const f = t.fields[idx] as StructType['fields'][number];
      if (this.exact) {
        this.path.push(k);
        out[f.json] = this.decode(src[k], f.type, out[f.json], {
          struct: t.name,
          fields: [...ctx.fields, f.json],
        });
        this.path.pop();
      } else {
        // The fast path bails out on any error, so it never needs the error context. Into a fresh
        // struct each field is still its zero value, which decoding into nothing gives as well (and
        // then a slice that decodes to itself is kept, not copied).
        out[f.json] = this.decode(src[k], f.type, existing === undefined ? undefined : out[f.json], ctx);
      }
    }
    return out;
  }
}

const B64 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';

function encodeBase64(b: Uint8Array): string {
  let out = '';
  for (let i = 0; i < b.length; i += 3) {
    const n = ((b[i] as number) << 16) | ((b[i + 1] ?? 0) << 8) | (b[i + 2] ?? 0);
    out += B64[(n >> 18) & 63]! + B64[(n >> 12) & 63]!;
    out += i + 1 < b.length ? B64[(n >> 6) & 63]! : '=';
    out += i + 2 < b.length ? B64[n & 63]! : '=';
  }
  return out;
}

export interface GoDecodeResult<T> {
  /** The decoded value (partially filled when there is an error, as in Go). */
  value: T;
  /** Go's first error, if any. */
  error?: GoJsonError;
}

/**
 * json.Unmarshal without throwing: the value Go would leave behind plus its error. `exact` skips the
 * fast path (keys in Go's order, every value copied), which a property test holds equal to it.
 */
export function goDecode<T = unknown>(value: unknown, type: GoType, exact = false): GoDecodeResult<T> {
  if (!exact)
    try {
      return { value: new Run(false).decode(value, type, undefined, ROOT) as T };
    } catch (e) {
      if (e !== BAIL) throw e;
    }
  const run = new Run(true);
  const out = run.decode(value, type, undefined, ROOT) as T;
  return run.error ? { value: out, error: run.error } : { value: out };
}

/**
 * Decode like json.Unmarshal(value, &T) and throw a GoJsonError with Go's exact text for the first
 * error. Representations: string/bool/number as JS primitives, []byte as its validated base64
 * text, json.RawMessage and interface{} as the value itself (undefined when absent), *T as
 * undefined for nil, slices as arrays, maps and structs as plain objects (every struct field present).
 */
export function goUnmarshal<T = unknown>(value: unknown, type: GoType): T {
  const r = goDecode<T>(value, type);
  if (r.error) throw r.error;
  return r.value;
}

export { decodeGoBase64 };
