/**
 * declcfg `Meta.UnmarshalJSON`: the blob must be a JSON object (else the pretty-printed Go error,
 * R6), no two top-level keys may share a case fold (R7), and `schema`/`package`/`name` — looked up
 * case-insensitively — must be strings when present (R8).
 */
import {
  compareGoStrings,
  goFormatT,
  goFormatV,
  goJsonEncodeLine,
  goJsonIndent,
  goJsonMarshal,
  goQuote,
  utf8Length,
} from '../gojson';
import type { RuleIds } from '../rules';
import { hostile } from './hostile-registry';

export interface MetaOk {
  ok: true;
  schema: string;
  package: string;
  name: string;
}

export interface MetaFail {
  ok: false;
  rule: RuleIds<'R6' | 'R7' | 'R8'>;
  /** Error text without the YAML-mode prefix. */
  message: string;
}

export type MetaResult = MetaOk | MetaFail;

/** Full Unicode case folding, approximated (golang.org/x/text/cases.Fold). */
function caseFold(k: string): string {
  // ASCII keys (the normal case) only need lowercasing.
  for (let i = 0; i < k.length; i++) {
    if (k.charCodeAt(i) > 0x7f) return k.toUpperCase().toLowerCase();
  }
  return k.toLowerCase();
}

function describe(v: unknown): string {
  if (typeof v === 'string') return 'string';
  if (typeof v === 'number') return 'number';
  if (typeof v === 'boolean') return 'bool';
  return 'array';
}

/**
 * The prettyunmarshaler text for a non-object top-level value. `data` is the JSON text Go handed to
 * Meta.UnmarshalJSON (the raw value in a JSON stream; sigs.k8s.io/yaml's json.Marshal output in YAML).
 */
export function notObjectMessage(value: unknown, data: string): string {
  const what = describe(value);
  const base = `json: cannot unmarshal ${what} into Go value of type map[string]interface {}`;
  // Arrays fail right after `[` (offset 1); literals after the whole literal (offset = len).
  const charOffset = Array.isArray(value) ? 1 : data.length;
  const byteOffset = Array.isArray(value) ? 1 : utf8Length(data);
  const pretty = goJsonIndent(data, '', '    ');
  let out = `${base} at offset ${byteOffset} (indicated by <==)\n`;
  if (charOffset === data.length) return out + pretty + ' <==';
  // Map the offset into the indented text: walk both, skipping the whitespace Indent added.
  let p = 0;
  let pOffset = 0;
  for (let d = 0; d < data.length; d++) {
    if (d === charOffset) {
      pOffset = p;
      break;
    }
    const c = data[d];
    while (pretty[p] !== c) {
      p++;
      if (p >= pretty.length) return base;
    }
    p++;
  }
  out += pretty.slice(0, pOffset) + ' <== ' + pretty.slice(pOffset);
  return out;
}

const META_KEYS = ['schema', 'package', 'name'] as const;

/** Where the JSON text of a JSON-stream value is; absent for YAML (rendered from the value). */
export interface DataText {
  text: string;
  start: number;
  end: number;
}

function isLowerAscii(k: string): boolean {
  for (let i = 0; i < k.length; i++) {
    const c = k.charCodeAt(i);
    if (c > 0x7f || (c >= 0x41 && c <= 0x5a)) return false;
  }
  return true;
}

function duplicateKeysError(keys: string[], folded: string[]): MetaFail {
  const groups = new Map<string, string[]>();
  folded.forEach((f, i) => {
    const g = groups.get(f);
    if (g) g.push(keys[i] as string);
    else groups.set(f, [keys[i] as string]);
  });
  // Go collects these in map order; sort them so the text is stable.
  const errs = [...groups.entries()]
    .filter(([, g]) => g.length > 1)
    .map(([f, g]) => `duplicate keys for key ${goQuote(f)}: [${g.sort(compareGoStrings).join(' ')}]`)
    .sort(compareGoStrings);
  return { ok: false, rule: 'R7', message: errs.length === 1 ? (errs[0] as string) : `[${errs.join(', ')}]` };
}

/**
 * Meta extraction for a decoded blob value. `data` locates the JSON text Go saw (JSON streams); for
 * YAML it is rendered from the value. Only R6 needs it.
 */
export function extractMeta(value: unknown, data?: DataText): MetaResult {
  try {
    return extractMetaOf(value, data);
  } catch (e) {
    // Quoting a value nested thousands of levels deep ran out of stack (or string length).
    if (e instanceof RangeError) return hostile().metaOfDeepValue(value);
    throw e;
  }
}

function extractMetaOf(value: unknown, data?: DataText): MetaResult {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) {
    const text = data ? data.text.slice(data.start, data.end) : yamlJsonText(value);
    return { ok: false, rule: 'R6', message: notObjectMessage(value, text) };
  }
  const obj = value as Record<string, unknown>;
  const keys = Object.keys(obj);
  // Common case: every key is lower-case ASCII and they are all distinct already.
  let simple = true;
  for (let i = 0; i < keys.length; i++) {
    if (!isLowerAscii(keys[i] as string)) {
      simple = false;
      break;
    }
  }
  let folded: string[] | undefined;
  if (!simple) {
    folded = keys.map(caseFold);
    if (new Set(folded).size !== keys.length) return duplicateKeysError(keys, folded);
  }
  let schema = '';
  let pkg = '';
  let name = '';
  for (let m = 0; m < 3; m++) {
    const want = META_KEYS[m] as string;
    let key: string | undefined;
    if (Object.hasOwn(obj, want)) key = want;
    else if (folded) {
      const i = folded.indexOf(want);
      if (i >= 0) key = keys[i];
    }
    if (key === undefined) continue;
    const v = obj[key];
    if (typeof v !== 'string') {
      return {
        ok: false,
        rule: 'R8',
        message: `expected value for key ${goQuote(key)} to be a string, got ${goFormatT(v)}: ${goFormatV(v)}`,
      };
    }
    if (m === 0) schema = v;
    else if (m === 1) pkg = v;
    else name = v;
  }
  return { ok: true, schema, package: pkg, name };
}

/** The blob as opm re-encodes it (sorted keys, no HTML escaping, trailing newline). */
export function blobText(value: unknown): string {
  try {
    return goJsonEncodeLine(value);
  } catch (e) {
    if (e instanceof RangeError) return hostile().marshalDeep(value, false) + '\n';
    throw e;
  }
}

/** What sigs.k8s.io/yaml hands to Meta in a YAML file: json.Marshal (HTML-escaped, sorted). */
export function yamlJsonText(value: unknown): string {
  return goJsonMarshal(value, true);
}
