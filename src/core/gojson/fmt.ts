/**
 * The bits of Go's `fmt` and `strconv` that opm's messages print: `%q` (strconv.Quote), `%v` and
 * `%t` of values decoded from JSON (nil, bool, float64, string, []interface{}, map[string]interface{}).
 */
import { compareGoStrings, goQuote } from '../go/strings';

export { compareGoStrings, goQuote };

/** Go `%v` of a float64: strconv 'g' with shortest digits, so an exponent when exp < -4 || exp >= 6 (`1e+06`). */
export function goFloatV(f: number): string {
  if (Number.isNaN(f)) return 'NaN';
  if (f === Infinity) return '+Inf';
  if (f === -Infinity) return '-Inf';
  if (f === 0) return Object.is(f, -0) ? '-0' : '0';
  const e = f.toExponential(); // shortest round-trip digits, e.g. "1.5e-7"
  const at = e.indexOf('e');
  const exp = Number(e.slice(at + 1));
  if (exp < -4 || exp >= 6) {
    const mant = e.slice(0, at);
    const sign = exp < 0 ? '-' : '+';
    const abs = Math.abs(exp);
    return `${mant}e${sign}${abs < 10 ? '0' + abs : abs}`;
  }
  return String(f);
}

/** A JSON value's kind, as encoding/json's UnmarshalTypeError names it (`cannot unmarshal number into …`). */
export type JsonKind = 'string' | 'number' | 'bool' | 'array' | 'object';

export function jsonKind(v: unknown): JsonKind {
  if (typeof v === 'string') return 'string';
  if (typeof v === 'number') return 'number';
  if (typeof v === 'boolean') return 'bool';
  if (Array.isArray(v)) return 'array';
  return 'object';
}

/** Go's reflect type name of a JSON-decoded value (for `%!t(T=v)`). */
function goDynamicTypeName(v: unknown): string {
  const kind = jsonKind(v);
  if (kind === 'number') return 'float64';
  if (kind === 'array') return '[]interface {}';
  return kind === 'object' ? 'map[string]interface {}' : kind;
}

function sortedKeys(o: Record<string, unknown>): string[] {
  return Object.keys(o).sort(compareGoStrings);
}

/** fmt `%v` of a JSON-decoded value (a bigint is a Go int, as go/template/values.ts has them). */
export function goFormatV(v: unknown): string {
  if (v === null || v === undefined) return '<nil>';
  if (typeof v === 'string') return v;
  if (typeof v === 'number') return goFloatV(v);
  if (typeof v === 'bigint') return v.toString();
  if (typeof v === 'boolean') return v ? 'true' : 'false';
  if (Array.isArray(v)) return '[' + v.map(goFormatV).join(' ') + ']';
  const o = v as Record<string, unknown>;
  return (
    'map[' +
    sortedKeys(o)
      .map((k) => `${k}:${goFormatV(o[k])}`)
      .join(' ') +
    ']'
  );
}

/**
 * fmt `%t` of a JSON-decoded value: booleans print, other leaves print as `%!t(type=value)`, maps
 * and slices recurse (map keys included), nested nils print `<nil>`, a top-level nil `%!t(<nil>)`.
 */
export function goFormatT(v: unknown): string {
  if (v === null || v === undefined) return '%!t(<nil>)';
  return formatTInner(v);
}

function formatTInner(v: unknown): string {
  if (v === null || v === undefined) return '<nil>';
  if (typeof v === 'boolean') return v ? 'true' : 'false';
  if (typeof v === 'string' || typeof v === 'number') return `%!t(${goDynamicTypeName(v)}=${goFormatV(v)})`;
  if (Array.isArray(v)) return '[' + v.map(formatTInner).join(' ') + ']';
  const o = v as Record<string, unknown>;
  return (
    'map[' +
    sortedKeys(o)
      .map((k) => `${formatTInner(k)}:${formatTInner(o[k])}`)
      .join(' ') +
    ']'
  );
}
