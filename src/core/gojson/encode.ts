/**
 * Go `encoding/json` output for values decoded from JSON: map keys sorted in Go (byte) order,
 * float64 numbers in Go's format, Go's string escaping (with or without HTML escaping), plus
 * `json.Indent`. opm prints blobs re-encoded this way in its messages.
 */
import { compareGoStrings } from './fmt';

/** encoding/json's float64 text: 'f' format unless |f| < 1e-6 or >= 1e21 (then 'e', `e-07` → `e-7`). */
export function goFloatJSON(f: number): string {
  // JS Number#toString uses the same shortest digits and the same 1e-6 / 1e21 thresholds and writes
  // exponents without leading zeros, which is exactly Go's output after its `e-0X` clean-up.
  if (f === 0 && Object.is(f, -0)) return '-0';
  return String(f);
}

// eslint-disable-next-line no-control-regex -- control characters are exactly what must be escaped
const NEEDS_ESCAPE = /["\\\u0000-\u001f\u2028\u2029\ud800-\udfff]/;
// eslint-disable-next-line no-control-regex -- as above
const NEEDS_ESCAPE_HTML = /["\\\u0000-\u001f\u2028\u2029\ud800-\udfff<>&]/;

function hex4(c: number): string {
  return '\\u' + c.toString(16).padStart(4, '0');
}

/** A JSON string literal as Go's encoder writes it (Go ≥ 1.22: `\b` and `\f` short escapes). */
export function goJsonString(s: string, escapeHTML = false): string {
  if (!(escapeHTML ? NEEDS_ESCAPE_HTML : NEEDS_ESCAPE).test(s)) return '"' + s + '"';
  let out = '"';
  let start = 0;
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    let rep: string | undefined;
    if (c < 0x20) {
      rep =
        c === 10 ? '\\n' : c === 13 ? '\\r' : c === 9 ? '\\t' : c === 8 ? '\\b' : c === 12 ? '\\f' : hex4(c);
    } else if (c === 0x22) rep = '\\"';
    else if (c === 0x5c) rep = '\\\\';
    else if (c === 0x2028 || c === 0x2029) rep = hex4(c);
    else if (escapeHTML && (c === 0x3c || c === 0x3e || c === 0x26)) rep = hex4(c);
    else if (c >= 0xd800 && c <= 0xdfff) {
      const pair =
        c <= 0xdbff && i + 1 < s.length && s.charCodeAt(i + 1) >= 0xdc00 && s.charCodeAt(i + 1) <= 0xdfff;
      if (pair) {
        i++;
        continue;
      }
      // A lone surrogate is what Go decoded as U+FFFD; it writes that rune as is.
      rep = '\ufffd';
    }
    if (rep !== undefined) {
      out += s.slice(start, i) + rep;
      start = i + 1;
    }
  }
  return out + s.slice(start) + '"';
}

/**
 * json.Marshal of a JSON-decoded value (maps sorted, compact). `escapeHTML` is true for
 * json.Marshal and false for an Encoder with SetEscapeHTML(false). Non-finite numbers throw
 * Go's `json: unsupported value: …` text.
 */
export function goJsonMarshal(v: unknown, escapeHTML = true): string {
  return marshal(v, escapeHTML, true);
}

/** json.Marshal of a value whose objects stand for Go structs: fields in the order given, not sorted. */
export function goJsonMarshalStruct(v: unknown, escapeHTML = true): string {
  return marshal(v, escapeHTML, false);
}

function marshal(v: unknown, escapeHTML: boolean, sortKeys: boolean): string {
  if (v === null || v === undefined) return 'null';
  switch (typeof v) {
    case 'string':
      return goJsonString(v, escapeHTML);
    case 'number':
      if (!Number.isFinite(v)) {
        throw new Error(`json: unsupported value: ${Number.isNaN(v) ? 'NaN' : v > 0 ? '+Inf' : '-Inf'}`);
      }
      return goFloatJSON(v);
    case 'boolean':
      return v ? 'true' : 'false';
  }
  if (Array.isArray(v)) {
    let out = '[';
    for (let i = 0; i < v.length; i++) out += (i ? ',' : '') + marshal(v[i], escapeHTML, sortKeys);
    return out + ']';
  }
  const o = v as Record<string, unknown>;
  const keys = sortKeys ? Object.keys(o).sort(compareGoStrings) : Object.keys(o);
  let out = '{';
  for (let i = 0; i < keys.length; i++) {
    const k = keys[i] as string;
    out += (i ? ',' : '') + goJsonString(k, escapeHTML) + ':' + marshal(o[k], escapeHTML, sortKeys);
  }
  return out + '}';
}

/** json.NewEncoder(w).SetEscapeHTML(false).Encode(v): compact, sorted, trailing newline. */
export function goJsonEncodeLine(v: unknown): string {
  return goJsonMarshal(v, false) + '\n';
}

/** Where the run of string content from `i` ends: at its closing quote or its next escape. */
function stringRunEnd(src: string, i: number): number {
  let j = i;
  for (; j < src.length; j++) {
    const c = src.charCodeAt(j);
    if (c === 0x22 || c === 0x5c) break;
  }
  return j;
}

/** Where the literal (number, true, false, null) from `i` ends. */
function literalEnd(src: string, i: number): number {
  let j = i;
  for (; j < src.length; j++) {
    const c = src.charCodeAt(j);
    // whitespace, '"', ',', ':', '[', ']', '{', '}'
    if (
      c <= 0x20 ||
      c === 0x22 ||
      c === 0x2c ||
      c === 0x3a ||
      c === 0x5b ||
      c === 0x5d ||
      c === 0x7b ||
      c === 0x7d
    )
      break;
  }
  return j;
}

/**
 * json.Indent(dst, src, prefix, indent) for valid JSON text: whitespace outside strings is dropped,
 * `{`/`[` open a new indented line unless empty, `,` breaks the line, `:` gets one space. Strings and
 * literals are copied as slices, not character by character: a value that is one 50 MB string is
 * indented in one slice instead of 50 million appends (which peaked at 1.7 GB).
 */
export function goJsonIndent(src: string, prefix: string, indent: string): string {
  let out = '';
  let depth = 0;
  let needIndent = false;
  const newline = (d: number) => '\n' + prefix + indent.repeat(d);
  for (let i = 0; i < src.length; i++) {
    const c = src[i] as string;
    if (c === ' ' || c === '\t' || c === '\n' || c === '\r') continue;
    if (needIndent && c !== '}' && c !== ']') {
      needIndent = false;
      depth++;
      out += newline(depth);
    }
    switch (c) {
      case '"': {
        // The string through its closing quote, escapes copied as written.
        let j = i + 1;
        for (;;) {
          j = stringRunEnd(src, j);
          if (j >= src.length || src.charCodeAt(j) === 0x22) break;
          j += 2;
        }
        out += src.slice(i, Math.min(j + 1, src.length));
        i = j;
        break;
      }
      case '{':
      case '[':
        needIndent = true;
        out += c;
        break;
      case ',':
        out += c + newline(depth);
        break;
      case ':':
        out += ': ';
        break;
      case '}':
      case ']':
        if (needIndent) needIndent = false;
        else {
          depth--;
          out += newline(depth);
        }
        out += c;
        break;
      default: {
        const j = Math.max(literalEnd(src, i), i + 1);
        out += src.slice(i, j);
        i = j - 1;
      }
    }
  }
  return out;
}

export { utf8Length } from '../go/strings';
