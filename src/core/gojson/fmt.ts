/**
 * The bits of Go's `fmt` and `strconv` that opm's messages print: `%q` (strconv.Quote), `%v` and
 * `%t` of values decoded from JSON (nil, bool, float64, string, []interface{}, map[string]interface{}).
 */

/** Go string ordering (UTF-8 byte order), which differs from UTF-16 order only around surrogates. */
export function compareGoStrings(a: string, b: string): number {
  const n = Math.min(a.length, b.length);
  for (let i = 0; i < n; i++) {
    const x = a.charCodeAt(i);
    const y = b.charCodeAt(i);
    if (x === y) continue;
    // Surrogates (astral code points) sort after every BMP code point in UTF-8.
    const xs = x >= 0xd800 && x <= 0xdfff;
    const ys = y >= 0xd800 && y <= 0xdfff;
    if (xs !== ys) return xs ? 1 : -1;
    return x - y;
  }
  return a.length - b.length;
}

const PRINTABLE = /^[\p{L}\p{M}\p{N}\p{P}\p{S} ]$/u;

function hex(n: number, width: number): string {
  return n.toString(16).padStart(width, '0');
}

/** strconv.Quote: Go's `%q` of a string. */
export function goQuote(s: string): string {
  // Fast path: printable ASCII without quotes or backslashes.
  if (/^[\x20-\x21\x23-\x5b\x5d-\x7e]*$/.test(s)) return '"' + s + '"';
  let out = '"';
  for (const ch of s) {
    const r = ch.codePointAt(0) as number;
    if (ch === '"' || ch === '\\') {
      out += '\\' + ch;
      continue;
    }
    if (r < 0x80 ? r >= 0x20 && r < 0x7f : r < 0xd800 || r > 0xdfff ? PRINTABLE.test(ch) : false) {
      out += ch;
      continue;
    }
    switch (r) {
      case 7:
        out += '\\a';
        break;
      case 8:
        out += '\\b';
        break;
      case 12:
        out += '\\f';
        break;
      case 10:
        out += '\\n';
        break;
      case 13:
        out += '\\r';
        break;
      case 9:
        out += '\\t';
        break;
      case 11:
        out += '\\v';
        break;
      default:
        if (r < 0x20 || r === 0x7f) out += '\\x' + hex(r, 2);
        else if (r >= 0xd800 && r <= 0xdfff) out += '\\ufffd';
        else if (r < 0x10000) out += '\\u' + hex(r, 4);
        else out += '\\U' + hex(r, 8);
    }
  }
  return out + '"';
}

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

/** Go's reflect type name of a JSON-decoded value (for `%!t(T=v)`). */
function goDynamicTypeName(v: unknown): string {
  if (typeof v === 'string') return 'string';
  if (typeof v === 'number') return 'float64';
  if (typeof v === 'boolean') return 'bool';
  if (Array.isArray(v)) return '[]interface {}';
  return 'map[string]interface {}';
}

function sortedKeys(o: Record<string, unknown>): string[] {
  return Object.keys(o).sort(compareGoStrings);
}

/** fmt `%v` of a JSON-decoded value. */
export function goFormatV(v: unknown): string {
  if (v === null || v === undefined) return '<nil>';
  if (typeof v === 'string') return v;
  if (typeof v === 'number') return goFloatV(v);
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
