import { isAlias, isMap, isScalar, isSeq, LineCounter, parseAllDocuments } from 'yaml';
import type { Document, Node } from 'yaml';

/**
 * Reading YAML the way go-yaml v2 `UnmarshalStrict` into `interface{}` does (the first step of
 * sigs.k8s.io/yaml `UnmarshalStrict`, which opm uses for templates): YAML 1.1 scalar resolution
 * (`yes`/`on` are booleans, `1_000` and `0x1F` are ints, timestamps stay strings), only the first
 * document, and duplicate keys reported as `line N: key "x" already set in map`.
 *
 * The `yaml` package parses (failsafe schema, so every scalar arrives as its source string); the
 * resolution below is a port of go-yaml v2 `resolve()`.
 */

export type GoYamlValue =
  | { kind: 'null' }
  | { kind: 'bool'; value: boolean }
  /** int, int64 or uint64 in Go. */
  | { kind: 'int'; value: bigint }
  | { kind: 'float'; value: number }
  | { kind: 'string'; value: string }
  | { kind: 'seq'; items: GoYamlValue[] }
  | { kind: 'map'; entries: GoYamlEntry[] };

export interface GoYamlEntry {
  key: GoYamlValue;
  value: GoYamlValue;
}

/** An error whose message is go-yaml's (`yaml: ...`). */
export class GoYamlError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'GoYamlError';
  }
}

const NULL: GoYamlValue = { kind: 'null' };

const RESOLVE_MAP = new Map<string, GoYamlValue>();
for (const s of ['y', 'Y', 'yes', 'Yes', 'YES', 'true', 'True', 'TRUE', 'on', 'On', 'ON']) {
  RESOLVE_MAP.set(s, { kind: 'bool', value: true });
}
for (const s of ['n', 'N', 'no', 'No', 'NO', 'false', 'False', 'FALSE', 'off', 'Off', 'OFF']) {
  RESOLVE_MAP.set(s, { kind: 'bool', value: false });
}
for (const s of ['', '~', 'null', 'Null', 'NULL']) RESOLVE_MAP.set(s, NULL);
for (const s of ['.nan', '.NaN', '.NAN']) RESOLVE_MAP.set(s, { kind: 'float', value: NaN });
for (const s of ['.inf', '.Inf', '.INF', '+.inf', '+.Inf', '+.INF']) {
  RESOLVE_MAP.set(s, { kind: 'float', value: Infinity });
}
for (const s of ['-.inf', '-.Inf', '-.INF']) RESOLVE_MAP.set(s, { kind: 'float', value: -Infinity });

const YAML_STYLE_FLOAT = /^[-+]?(\.[0-9]+|[0-9]+(\.[0-9]*)?)([eE][-+]?[0-9]+)?$/;
const GO_INT_BASE0 = /^[+-]?(0[xX][0-9a-fA-F]+|0[oO][0-7]+|0[bB][01]+|0[0-7]*|[1-9][0-9]*)$/;
const GO_DECIMAL_FLOAT = /^[+-]?([0-9]+\.?[0-9]*|\.[0-9]+)([eE][+-]?[0-9]+)?$/;
const INT64_MIN = -(2n ** 63n);
const INT64_MAX = 2n ** 63n - 1n;
const UINT64_MAX = 2n ** 64n - 1n;

function hint(c: string | undefined): 'S' | 'D' | 'M' | '.' | undefined {
  if (c === undefined) return undefined;
  if (c === '+' || c === '-') return 'S';
  if (c >= '0' && c <= '9') return 'D';
  if ('yYnNtTfFoO~'.includes(c)) return 'M';
  if (c === '.') return '.';
  return undefined;
}

/** `strconv.ParseInt(s, 0, 64)` then `ParseUint(s, 0, 64)`: the value, or undefined. */
function parseGoInt(s: string): bigint | undefined {
  if (!GO_INT_BASE0.test(s)) return undefined;
  const neg = s.startsWith('-');
  let body = s.replace(/^[+-]/, '');
  // A leading 0 means octal in Go's base-0 parsing; JS BigInt wants 0o.
  if (/^0[0-7]+$/.test(body)) body = '0o' + body.slice(1);
  let n = BigInt(body);
  if (neg) n = -n;
  if (n >= INT64_MIN && n <= INT64_MAX) return n;
  // ParseUint accepts no sign at all.
  if (!/^[+-]/.test(s) && n <= UINT64_MAX) return n;
  return undefined;
}

/** Go's `strconv.ParseFloat(s, 64)` for decimal syntax; undefined on a syntax or range error. */
function parseGoFloat(s: string): number | undefined {
  if (!GO_DECIMAL_FLOAT.test(s)) return undefined;
  const f = Number(s);
  return Number.isFinite(f) ? f : undefined;
}

/** go-yaml v2 parseTimestamp: Go's `time.Parse` with the four layouts it tries. */
function looksLikeTimestamp(s: string): boolean {
  const m =
    /^([0-9]{4})-([0-9]{1,2})-([0-9]{1,2})(?:(?:[Tt]([0-9]{1,2}):([0-9]{1,2}):([0-9]{1,2})(?:\.[0-9]+)?(?:Z|[+-][0-9]{2}:[0-9]{2}))|(?: ([0-9]{1,2}):([0-9]{1,2}):([0-9]{1,2})(?:\.[0-9]+)?))?$/.exec(
      s,
    );
  if (!m) return false;
  const year = Number(m[1]);
  const month = Number(m[2]);
  const day = Number(m[3]);
  if (month < 1 || month > 12 || day < 1) return false;
  const leap = (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
  const days = [31, leap ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31][month - 1] as number;
  if (day > days) return false;
  const hh = m[4] ?? m[7];
  const mm = m[5] ?? m[8];
  const ss = m[6] ?? m[9];
  if (hh !== undefined && (Number(hh) > 23 || Number(mm) > 59 || Number(ss) > 59)) return false;
  return true;
}

export type GoYamlTag = 'str' | 'null' | 'bool' | 'int' | 'float' | 'timestamp';

/**
 * go-yaml v2 `resolve("", s)` for a plain scalar: the tag it resolves to and its value. Timestamps
 * come back as strings (v2 keeps them as strings when decoding into interface{}).
 */
export function resolvePlainScalar(s: string): { tag: GoYamlTag; value: GoYamlValue } {
  const str = { tag: 'str' as const, value: { kind: 'string' as const, value: s } };
  const h = s === '' ? 'M' : hint(s[0]);
  if (h === undefined) return str;
  const known = RESOLVE_MAP.get(s);
  if (known)
    return { tag: known.kind === 'null' ? 'null' : known.kind === 'bool' ? 'bool' : 'float', value: known };
  if (h === '.') {
    const f = parseGoFloat(s);
    return f === undefined ? str : { tag: 'float', value: { kind: 'float', value: f } };
  }
  if (h === 'D' || h === 'S') {
    if (looksLikeTimestamp(s)) return { tag: 'timestamp', value: str.value };
    const plain = s.replaceAll('_', '');
    const n = parseGoInt(plain);
    if (n !== undefined) return { tag: 'int', value: { kind: 'int', value: n } };
    if (YAML_STYLE_FLOAT.test(plain)) {
      const f = parseGoFloat(plain);
      if (f !== undefined) return { tag: 'float', value: { kind: 'float', value: f } };
    }
  }
  return str;
}

/** go-yaml's `%#v` of a decoded map key, as used in the duplicate-key message. */
export function goSharpV(v: GoYamlValue): string {
  switch (v.kind) {
    case 'string':
      return JSON.stringify(v.value);
    case 'null':
      return 'interface {}(nil)';
    case 'bool':
      return String(v.value);
    case 'int':
      return v.value.toString();
    case 'float':
      return String(v.value);
    default:
      return v.kind === 'seq' ? '[]interface {}{...}' : 'map[interface {}]interface {}{...}';
  }
}

function sameKey(a: GoYamlValue, b: GoYamlValue): boolean {
  if (a.kind !== b.kind) return false;
  switch (a.kind) {
    case 'null':
      return true;
    case 'bool':
    case 'int':
    case 'float':
    case 'string':
      return a.value === (b as typeof a).value;
    default:
      return false;
  }
}

const STR_TAGS = new Set(['tag:yaml.org,2002:str', 'tag:yaml.org,2002:binary', '!']);

class Converter {
  readonly errors: string[] = [];
  private readonly active = new Set<Node>();

  constructor(
    private readonly doc: Document,
    private readonly lines: LineCounter,
    /** UnmarshalStrict: a repeated key is an error; plain Unmarshal keeps the last value. */
    private readonly strict = true,
  ) {}

  private line(offset: number | undefined): number {
    return offset === undefined ? 1 : this.lines.linePos(offset).line;
  }

  convert(node: unknown): GoYamlValue {
    if (node === null || node === undefined) return NULL;
    if (isAlias(node)) {
      const target = node.resolve(this.doc);
      if (!target) throw new GoYamlError(`yaml: unknown anchor '${node.source}' referenced`);
      if (this.active.has(target))
        throw new GoYamlError(`yaml: anchor '${node.source}' value contains itself`);
      return this.convert(target);
    }
    if (isScalar(node)) {
      const text = typeof node.value === 'string' ? node.value : String(node.value ?? '');
      if (node.tag !== undefined && STR_TAGS.has(node.tag)) return { kind: 'string', value: text };
      if (node.type === 'PLAIN' || node.type === undefined) return resolvePlainScalar(text).value;
      return { kind: 'string', value: text };
    }
    if (isSeq(node)) {
      this.active.add(node);
      const items = node.items.map((item) => this.convert(item));
      this.active.delete(node);
      return { kind: 'seq', items };
    }
    if (isMap(node)) {
      this.active.add(node);
      const entries: GoYamlEntry[] = [];
      for (const pair of node.items) {
        const key = this.convert(pair.key);
        if (key.kind === 'seq' || key.kind === 'map') {
          throw new GoYamlError('yaml: invalid map key: ' + goSharpV(key));
        }
        const value = this.convert(pair.value);
        const seen = entries.findIndex((e) => sameKey(e.key, key));
        if (seen >= 0 && !this.strict) {
          entries[seen] = { key, value };
          continue;
        }
        if (seen >= 0) {
          const valueNode = pair.value as Node | null;
          const keyNode = pair.key as Node | null;
          const at = valueNode?.range?.[0] ?? keyNode?.range?.[0];
          this.errors.push(`line ${this.line(at)}: key ${goSharpV(key)} already set in map`);
          continue;
        }
        entries.push({ key, value });
      }
      this.active.delete(node);
      return { kind: 'map', entries };
    }
    return NULL;
  }
}

/** The first YAML document of `text` as go-yaml v2 `UnmarshalStrict` sees it. Throws GoYamlError. */
export function decodeGoYamlStrict(text: string): GoYamlValue {
  return decodeGoYamlDocument(text, true);
}

/** The same as go-yaml v2 `Unmarshal` (not strict): a repeated key keeps its last value. */
export function decodeGoYaml(text: string): GoYamlValue {
  return decodeGoYamlDocument(text, false);
}

function decodeGoYamlDocument(text: string, strict: boolean): GoYamlValue {
  const lines = new LineCounter();
  const docs = parseAllDocuments(text, { schema: 'failsafe', uniqueKeys: false, lineCounter: lines });
  const doc = docs[0];
  if (!doc) return NULL;
  const err = doc.errors[0];
  if (err) {
    const line = err.linePos?.[0].line ?? 1;
    const message = (err.message.split(/ at line \d+, column \d+/)[0] ?? err.message).trim();
    throw new GoYamlError(`yaml: line ${line}: ${message}`);
  }
  const conv = new Converter(doc, lines, strict);
  const value = conv.convert(doc.contents);
  if (conv.errors.length > 0) {
    throw new GoYamlError('yaml: unmarshal errors:\n  ' + conv.errors.join('\n  '));
  }
  return value;
}
