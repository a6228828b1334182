/**
 * YAML → JSON-ready values with the rules of sigs.k8s.io/yaml on top of go-yaml v2, built on
 * js-yaml (fast) with a schema that resolves plain scalars the way go-yaml v2's `resolve()` does:
 *
 * - booleans: y Y yes Yes YES on On ON true True TRUE (and n/no/off/false likewise); `yEs` is a string;
 * - null: empty, `~`, null, Null, NULL;
 * - numbers: Go `strconv.ParseInt(s, 0, 64)` after removing `_` (so `010` is 8, `0x1F` 31, `0o17`
 *   15, `0b101` 5), else ParseUint, else the float regex `^[-+]?(\.[0-9]+|[0-9]+(\.[0-9]*)?)([eE][-+]?[0-9]+)?$`
 *   (`1e3` is 1000, `08` is 8, `1.10` is 1.1); an out-of-range float stays a string;
 * - timestamps and sexagesimal numbers stay strings; `.inf`/`.nan` are floats (which JSON cannot hold);
 * - map keys become strings as sigs.k8s.io/yaml writes them (`true`, `8`, `1.5`); a null or complex
 *   key is an error; duplicate keys are allowed (last wins); anchors, aliases and `<<` merges resolve.
 */
import {
  constructFromEvents,
  defineMappingTag,
  defineScalarTag,
  EVENT_ID,
  loadAll,
  mergeTag,
  NOT_RESOLVED,
  parseEvents,
  Schema,
  seqTag,
  strTag,
} from 'js-yaml';
import { hostile, NeedsHostileChecks } from './hostile-registry';
import { docErrorAt, toYamlDocError, type YamlDocError } from './yaml11-errors';

export type { YamlDocError };

// go-yaml's texts (decode.go, scannerc.go); the checks themselves are in yaml-limits.ts.
const EXCESSIVE_ALIASING = 'document contains excessive aliasing';

const BOOLS: Record<string, boolean> = {};
for (const w of ['y', 'yes', 'on', 'true']) {
  for (const v of [w, w[0]!.toUpperCase() + w.slice(1), w.toUpperCase()]) BOOLS[v] = true;
}
for (const w of ['n', 'no', 'off', 'false']) {
  for (const v of [w, w[0]!.toUpperCase() + w.slice(1), w.toUpperCase()]) BOOLS[v] = false;
}
const NULLS = new Set(['', '~', 'null', 'Null', 'NULL']);
const SPECIAL_FLOATS: Record<string, number> = {
  '.nan': NaN,
  '.NaN': NaN,
  '.NAN': NaN,
  '.inf': Infinity,
  '.Inf': Infinity,
  '.INF': Infinity,
  '+.inf': Infinity,
  '+.Inf': Infinity,
  '+.INF': Infinity,
  '-.inf': -Infinity,
  '-.Inf': -Infinity,
  '-.INF': -Infinity,
};

const YAML_FLOAT = /^[-+]?(?:\.[0-9]+|[0-9]+(?:\.[0-9]*)?)(?:[eE][-+]?[0-9]+)?$/;
const DOT_FLOAT = /^\.[0-9]+(?:[eE][-+]?[0-9]+)?$/;
const INT64_MIN = -(2n ** 63n);
const INT64_MAX = 2n ** 63n - 1n;
const UINT64_MAX = 2n ** 64n - 1n;

/** Go strconv.ParseInt(s, 0, 64) / ParseUint(s, 0, 64) (underscores already removed). */
function goParseInt(s: string): number | undefined {
  let i = 0;
  let neg = false;
  if (s[0] === '+' || s[0] === '-') {
    neg = s[0] === '-';
    i = 1;
  }
  let body = s.slice(i);
  let radix = 10;
  if (body.length >= 2 && body[0] === '0') {
    const p = body[1];
    if (p === 'x' || p === 'X') radix = 16;
    else if (p === 'b' || p === 'B') radix = 2;
    else if (p === 'o' || p === 'O') radix = 8;
    if (radix !== 10) body = body.slice(2);
    else {
      radix = 8;
      body = body.slice(1);
    }
  }
  if (body === '') return undefined;
  const digits =
    radix === 16 ? /^[0-9a-fA-F]+$/ : radix === 8 ? /^[0-7]+$/ : radix === 2 ? /^[01]+$/ : /^[0-9]+$/;
  if (!digits.test(body)) return undefined;
  if (radix === 10 && body.length <= 15) return neg ? -Number(body) : Number(body);
  const prefix = radix === 16 ? '0x' : radix === 8 ? '0o' : radix === 2 ? '0b' : '';
  let v = BigInt(prefix + body);
  if (neg) v = -v;
  // ParseInt for the int64 range; ParseUint (no sign allowed) up to 2^64-1.
  if (v >= INT64_MIN && v <= INT64_MAX) return Number(v);
  if (i === 0 && v <= UINT64_MAX) return Number(v);
  return undefined;
}

let nonFiniteSeen = false;

/** Whether a NaN/±Inf scalar was resolved since the last call (JSON cannot hold those). */
export function takeNonFiniteFlag(): boolean {
  const seen = nonFiniteSeen;
  nonFiniteSeen = false;
  return seen;
}

/** go-yaml v2 resolve() of a plain scalar: the value, or undefined when it stays a string. */
export function resolveGoPlain(s: string): unknown {
  if (s === '') return null;
  const c = s.charCodeAt(0);
  const isDigit = c >= 48 && c <= 57;
  const isSign = c === 43 || c === 45;
  if (isDigit || isSign) {
    const special = SPECIAL_FLOATS[s];
    if (special !== undefined) {
      nonFiniteSeen = true;
      return special;
    }
    const plain = s.indexOf('_') >= 0 ? s.replace(/_/g, '') : s;
    const n = goParseInt(plain);
    if (n !== undefined) return n;
    if (YAML_FLOAT.test(plain)) {
      const f = Number(plain);
      if (Number.isFinite(f)) return f;
    }
    return undefined;
  }
  if (c === 46) {
    const special = SPECIAL_FLOATS[s];
    if (special !== undefined) {
      nonFiniteSeen = true;
      return special;
    }
    if (DOT_FLOAT.test(s)) return Number(s);
    return undefined;
  }
  if (NULLS.has(s)) return null;
  const b = BOOLS[s];
  if (b !== undefined) return b;
  return undefined;
}

const NUMBER_FIRST = ['+', '-', '.', '0', '1', '2', '3', '4', '5', '6', '7', '8', '9'];

const goNullTag = defineScalarTag('tag:yaml.org,2002:null', {
  implicit: true,
  implicitFirstChars: ['', '~', 'n', 'N'],
  resolve: (s, explicit) => (NULLS.has(s) || explicit ? null : NOT_RESOLVED),
  identify: (v) => v === null,
});

const goBoolTag = defineScalarTag('tag:yaml.org,2002:bool', {
  implicit: true,
  implicitFirstChars: ['y', 'Y', 'n', 'N', 't', 'T', 'f', 'F', 'o', 'O'],
  resolve: (s) => BOOLS[s] ?? NOT_RESOLVED,
  identify: (v) => typeof v === 'boolean',
});

const resolveNumber = (s: string) => {
  const v = resolveGoPlain(s);
  return typeof v === 'number' ? v : NOT_RESOLVED;
};

const goFloatTag = defineScalarTag('tag:yaml.org,2002:float', {
  implicit: true,
  implicitFirstChars: NUMBER_FIRST,
  resolve: resolveNumber,
  identify: (v) => typeof v === 'number',
});

const goIntTag = defineScalarTag('tag:yaml.org,2002:int', {
  resolve: resolveNumber,
  identify: () => false,
});

// go-yaml keeps a timestamp decoded into interface{} as its original text.
const goTimestampTag = defineScalarTag('tag:yaml.org,2002:timestamp', {
  resolve: (s) => s,
  identify: () => false,
});

// go-yaml v2 decodes !!binary into a Go string of the decoded bytes.
const goBinaryTag = defineScalarTag('tag:yaml.org,2002:binary', {
  resolve: (s) => {
    try {
      const bin = atob(s.replace(/\s+/g, ''));
      const bytes = Uint8Array.from(bin, (ch) => ch.charCodeAt(0));
      return new TextDecoder().decode(bytes);
    } catch {
      return NOT_RESOLVED;
    }
  },
  identify: () => false,
});

// go-yaml keeps values with unknown (local) tags: scalars as their text, collections as usual.
const anyLocalScalar = defineScalarTag('!', {
  matchByTagPrefix: true,
  resolve: (s) => s,
  identify: () => false,
});

/** The string sigs.k8s.io/yaml makes of a non-string map key. */
function keyString(key: unknown): string | undefined {
  if (typeof key === 'string') return key;
  if (typeof key === 'boolean') return key ? 'true' : 'false';
  if (typeof key === 'number') {
    if (Number.isNaN(key)) return '.nan';
    if (key === Infinity) return '.inf';
    if (key === -Infinity) return '-.inf';
    if (Number.isInteger(key)) return String(key);
    // strconv.FormatFloat(f, 'g', -1, 32): shortest float32 digits.
    const f32 = Math.fround(key);
    for (let p = 1; p <= 9; p++) {
      const s = f32.toPrecision(p);
      if (Math.fround(Number(s)) === f32) return goG(Number(s), p);
    }
    return String(key);
  }
  return undefined;
}

function goG(f: number, digits: number): string {
  const e = f.toExponential(digits - 1);
  const at = e.indexOf('e');
  const exp = Number(e.slice(at + 1));
  const mant = e.slice(0, at).replace(/\.?0+$/, '');
  if (exp < -4 || exp >= 21) return `${mant}e${exp < 0 ? '-' : '+'}${String(Math.abs(exp)).padStart(2, '0')}`;
  return String(f);
}

function goVerbPlusSharpV(v: unknown): string {
  if (v === null || v === undefined) return '<nil>';
  if (typeof v === 'string') return JSON.stringify(v);
  if (typeof v === 'number') return Number.isInteger(v) ? String(v) : String(v);
  if (typeof v === 'boolean') return String(v);
  if (Array.isArray(v)) return '[]interface {}{' + v.map(goVerbPlusSharpV).join(', ') + '}';
  return 'map[interface {}]interface {}{…}';
}

function goTypeOf(v: unknown): string {
  if (v === null || v === undefined) return '%!s(<nil>)';
  if (typeof v === 'number') return Number.isInteger(v) ? 'int' : 'float64';
  if (typeof v === 'boolean') return 'bool';
  if (Array.isArray(v)) return '[]interface {}';
  return 'map[interface {}]interface {}';
}

const goMapTag = defineMappingTag('tag:yaml.org,2002:map', {
  create: () => ({}) as Record<string, unknown>,
  identify: (v: unknown) => v !== null && typeof v === 'object' && !Array.isArray(v),
  addPair: (container: Record<string, unknown>, key: unknown, value: unknown) => {
    const k = keyString(key);
    if (k === undefined) {
      return `unsupported map key of type: ${goTypeOf(key)}, key: ${goVerbPlusSharpV(key)}, value: ${goVerbPlusSharpV(value)}`;
    }
    if (k === '__proto__') {
      Object.defineProperty(container, k, { value, enumerable: true, configurable: true, writable: true });
    } else container[k] = value;
    return '';
  },
  has: (container: Record<string, unknown>, key: unknown) => {
    const k = keyString(key);
    return k !== undefined && Object.hasOwn(container, k);
  },
  keys: (container: Record<string, unknown>) => Object.keys(container),
  get: (container: Record<string, unknown>, key: unknown) => {
    const k = keyString(key);
    return k !== undefined && Object.hasOwn(container, k) ? container[k] : null;
  },
});

export const GO_YAML_SCHEMA = new Schema([
  strTag,
  seqTag,
  goMapTag,
  goNullTag,
  goBoolTag,
  goFloatTag,
  goIntTag,
  goTimestampTag,
  goBinaryTag,
  mergeTag,
  anyLocalScalar,
]);

const LOAD_OPTIONS = { schema: GO_YAML_SCHEMA, json: true, maxDepth: 10000, maxTotalMergeKeys: -1 } as const;

/**
 * Parses one YAML document (text that the k8s reader already split off) into a JSON-ready value.
 * Returns `undefined` for an empty document (go-yaml yields null). Throws YamlDocError.
 */
export function parseYamlDocument(text: string): unknown {
  let docs: unknown[] = [];
  let aliasingAt = -1;
  takeNonFiniteFlag();
  try {
    if (text.indexOf('*') < 0) docs = loadAll(text, LOAD_OPTIONS);
    else {
      // Aliases: go-yaml's budget is checked on the events before anything is built.
      const events = parseEvents(text, { maxDepth: LOAD_OPTIONS.maxDepth });
      if (events.some((e) => e.type === EVENT_ID.ALIAS))
        aliasingAt = hostile().excessiveAliasAt(text, events);
      if (aliasingAt < 0) docs = constructFromEvents(events, { ...LOAD_OPTIONS, source: text });
    }
  } catch (e) {
    if (e instanceof NeedsHostileChecks) throw e;
    if (!(e instanceof RangeError)) throw toYamlDocError(e);
    // Out of stack: parsed piece by piece (or go-yaml's depth error), in the on-demand chunk.
    return hostile().parseDeepDocument(text, LOAD_OPTIONS);
  }
  // Decode errors carry no line in go-yaml v2 (failf); the location points at the alias.
  if (aliasingAt >= 0) throw docErrorAt(text, aliasingAt, `yaml: ${EXCESSIVE_ALIASING}`);
  // go-yaml's Unmarshal reads the first document only (`---` lines were split off already, but
  // `...` can still end a document early).
  return docs.length ? docs[0] : null;
}
