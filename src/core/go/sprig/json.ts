/**
 * encoding/json as sprig's toJson/toPrettyJson/toRawJson and fromJson use it, over the template
 * value model: bigints are Go ints (gojson's encoder only knows decoded JSON, where every number is
 * a float64), nil slices and maps encode as `null` (gotypes.ts), and decoding into interface{}
 * reports Go's error texts.
 */
import { compareGoStrings } from '../strings';
import { goFloatJSON, goJsonIndent, goJsonString } from '../../gojson/encode';
import { firstUtf8Byte, goScanValue, quoteChar } from '../../gojson/scanner';
import type { GoMap, GoValue } from '../template/values';
import { setKey } from './func';
import { isNilContainer } from './gotypes';

/** A json.Marshal failure, with Go's message. */
export class GoJsonMarshalError extends Error {}

function floatText(f: number): string {
  if (!Number.isFinite(f)) {
    throw new GoJsonMarshalError(
      `json: unsupported value: ${Number.isNaN(f) ? 'NaN' : f > 0 ? '+Inf' : '-Inf'}`,
    );
  }
  return goFloatJSON(f);
}

function marshal(v: GoValue, escapeHTML: boolean): string {
  if (v === null) return 'null';
  switch (typeof v) {
    case 'string':
      return goJsonString(v, escapeHTML);
    case 'number':
      return floatText(v);
    case 'bigint':
      return v.toString();
    case 'boolean':
      return v ? 'true' : 'false';
  }
  if (isNilContainer(v)) return 'null';
  if (Array.isArray(v)) {
    const items = v as readonly GoValue[];
    let out = '[';
    for (let i = 0; i < items.length; i++) out += (i ? ',' : '') + marshal(items[i] as GoValue, escapeHTML);
    return out + ']';
  }
  const o = v as GoMap;
  const keys = Object.keys(o).sort(compareGoStrings);
  let out = '{';
  for (let i = 0; i < keys.length; i++) {
    const k = keys[i] as string;
    out += (i ? ',' : '') + goJsonString(k, escapeHTML) + ':' + marshal(o[k] as GoValue, escapeHTML);
  }
  return out + '}';
}

/** json.Marshal (HTML characters escaped); throws GoJsonMarshalError. */
export function jsonMarshal(v: GoValue): string {
  return marshal(v, true);
}

/** json.MarshalIndent(v, "", "  ") */
export function jsonMarshalIndent(v: GoValue): string {
  return goJsonIndent(marshal(v, true), '', '  ');
}

/** An Encoder with SetEscapeHTML(false), its trailing newline trimmed (sprig's toRawJson). */
export function jsonMarshalRaw(v: GoValue): string {
  return marshal(v, false);
}

/** The syntax error json.Unmarshal's checkValid reports, or undefined for valid JSON text. */
function syntaxError(text: string): string | undefined {
  const scan = goScanValue(text, 0);
  if (scan.problem && !scan.problem.eof) return scan.problem.msg;
  if (scan.problem) {
    // At the end Go's scanner.eof() feeds one space: inside a literal or number that space is
    // the error ("invalid character ' ' in literal null (expecting 'l')").
    const padded = goScanValue(text + ' ', 0).problem;
    return padded && !padded.eof ? padded.msg : 'unexpected end of JSON input';
  }
  for (let i = scan.end ?? text.length; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 0x20 || c === 0x09 || c === 0x0a || c === 0x0d) continue;
    return `invalid character ${quoteChar(firstUtf8Byte(text.codePointAt(i) as number))} after top-level value`;
  }
  return undefined;
}

/** The first number literal (outside strings) that overflows float64, as Go's decoder meets it. */
function firstOverflowingNumber(text: string): string | undefined {
  const num = /-?\d+(?:\.\d+)?(?:[eE][+-]?\d+)?/y;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 0x22) {
      for (i++; i < text.length && text.charCodeAt(i) !== 0x22; i++) if (text.charCodeAt(i) === 0x5c) i++;
      continue;
    }
    if (c === 0x2d || (c >= 0x30 && c <= 0x39)) {
      num.lastIndex = i;
      const m = num.exec(text);
      if (m) {
        if (!Number.isFinite(Number(m[0]))) return m[0];
        i += m[0].length - 1;
      }
    }
  }
  return undefined;
}

const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;
const LONE_SURROGATES = new RegExp(LONE_SURROGATE.source, 'g');

function fixString(s: string): string {
  return LONE_SURROGATE.test(s) ? s.replace(LONE_SURROGATES, '\ufffd') : s;
}

/** JSON.parse's value in the Go model: overflowing numbers become nil, bad surrogates U+FFFD. */
function fromParsed(v: unknown, overflow: { seen: boolean }): GoValue {
  if (v === null) return null;
  switch (typeof v) {
    case 'string':
      return fixString(v);
    case 'number':
      if (!Number.isFinite(v)) {
        overflow.seen = true;
        return null;
      }
      return v;
    case 'boolean':
      return v;
  }
  if (Array.isArray(v)) return v.map((x) => fromParsed(x, overflow));
  const o: Record<string, GoValue> = {};
  for (const [k, x] of Object.entries(v as Record<string, unknown>)) {
    setKey(o, fixString(k), fromParsed(x, overflow));
  }
  return o;
}

/**
 * json.Unmarshal(text, &interface{}): the value (numbers as float64) and Go's error, if any. On a
 * syntax error the value is nil; a number out of float64 range decodes as nil and is reported.
 */
export function jsonUnmarshalAny(text: string): { value: GoValue; error?: string } {
  const syntax = syntaxError(text);
  if (syntax !== undefined) return { value: null, error: syntax };
  const overflow = { seen: false };
  const value = fromParsed(JSON.parse(text) as unknown, overflow);
  if (overflow.seen) {
    const lit = firstOverflowingNumber(text) ?? '';
    return { value, error: `json: cannot unmarshal number ${lit} into Go value of type float64` };
  }
  return { value };
}
