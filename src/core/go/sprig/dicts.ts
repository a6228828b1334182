/**
 * sprig v3.3.0's dict.go (mergo v1.0.1 for merge/mergeOverwrite). set, unset, merge and
 * mergeOverwrite change the map they are given, as in Go, where templates rely on it
 * (`{{ $_ := set $d "k" "v" }}`).
 *
 * Deliberate difference from Go: keys and values walk a Go map, whose order Go randomizes on every
 * call; here they come in key order (Go's byte order), so the output is at least reproducible.
 */
import { compareGoStrings } from '../strings';
import { MAP_ANY } from '../template/type-names';
import { isGoMap, type GoFunc, type GoMap, type GoValue } from '../template/values';
import { argMap, argString, goFunc, goPanic, setKey } from './func';
import { goTypeOf, isEmptyValue, isNilContainer, nilMap, strval, withGoType } from './gotypes';

type MutableMap = Record<string, GoValue>;

const has = (m: GoMap, k: string): boolean => Object.prototype.hasOwnProperty.call(m, k);

function sortedKeys(m: GoMap): string[] {
  return Object.keys(m).sort(compareGoStrings);
}

/** A mutable view of a map the template handed in (Go maps are references). */
function mutable(m: GoMap): MutableMap {
  return m as MutableMap;
}

function isMap(v: GoValue | undefined): v is GoMap {
  return v !== undefined && isGoMap(v);
}

/**
 * mergo's deepMerge for two map[string]interface{} values, traced through its reflect cases for the
 * kinds a template value can have: nested maps merge in place, lists and scalars replace the
 * destination when it is missing or empty (or always, with overwrite), a nil source value only
 * ever lands with overwrite.
 */
function mergeInto(dst: MutableMap, src: GoMap, overwrite: boolean): void {
  for (const key of Object.keys(src)) {
    const s = src[key] as GoValue;
    const present = has(dst, key);
    const d = present ? (dst[key] as GoValue) : undefined;
    if (s === null) {
      if (overwrite) setKey(dst, key, null);
      continue;
    }
    if (isMap(s)) {
      if (isMap(d) && !isNilContainer(d)) mergeInto(mutable(d), s, overwrite);
      // Checked after the nested merge: a map it filled counts as non-empty.
      if (isMap(d) && !isEmptyValue(d)) continue;
    } else if (Array.isArray(s)) {
      if (present && !isEmptyValue(d as GoValue)) {
        if (overwrite) setKey(dst, key, s);
        continue;
      }
    }
    if (overwrite || !present || isEmptyValue(d as GoValue)) setKey(dst, key, s);
  }
}

function merge(dst0: GoValue | undefined, srcs: readonly GoValue[], overwrite: boolean): GoValue {
  let dst = argMap(dst0);
  for (const s of srcs) {
    const src = argMap(s);
    if (src === null) continue;
    // mergo makes a new map for a nil destination.
    if (dst === null) dst = {};
    mergeInto(mutable(dst), src, overwrite);
  }
  return dst ?? nilMap();
}

/** Go's failed type assertion `x.(T)` on an interface{} value. */
function assertionPanic(v: GoValue, want: string): Error {
  return goPanic(`interface conversion: interface {} is ${v === null ? 'nil' : goTypeOf(v)}, not ${want}`);
}

function asDict(v: GoValue): GoMap {
  if (!isMap(v) || goTypeOf(v) !== MAP_ANY) throw assertionPanic(v, MAP_ANY);
  return v;
}

function dig(ps: readonly GoValue[]): GoValue {
  if (ps.length < 3) throw goPanic('dig needs at least three arguments');
  let dict = asDict(ps[ps.length - 1] as GoValue);
  const def = ps[ps.length - 2] as GoValue;
  const ks = ps.slice(0, -2).map((k) => {
    if (typeof k !== 'string') throw assertionPanic(k, 'string');
    return k;
  });
  for (let i = 0; ; i++) {
    const k = ks[i] as string;
    if (!has(dict, k)) return def;
    const step = dict[k] as GoValue;
    if (i === ks.length - 1) return step;
    dict = asDict(step);
  }
}

export function dictFuncs(): Record<string, GoFunc> {
  const mergeF = goFunc(['map[string]any', 'map[string]any'], (d, ...s) => merge(d, s, false), {
    variadic: true,
  });
  const mergeOverwrite = goFunc(['map[string]any', 'map[string]any'], (d, ...s) => merge(d, s, true), {
    variadic: true,
  });
  return {
    get: goFunc(['map[string]any', 'string'], (d0, k0) => {
      const d = argMap(d0);
      const k = argString(k0);
      return d !== null && has(d, k) ? (d[k] as GoValue) : '';
    }),
    set: goFunc(['map[string]any', 'string', 'any'], (d0, k, v) => {
      const d = argMap(d0);
      if (d === null) throw goPanic('assignment to entry in nil map');
      setKey(mutable(d), argString(k), v);
      return d;
    }),
    unset: goFunc(['map[string]any', 'string'], (d0, k) => {
      const d = argMap(d0);
      if (d === null) return nilMap();
      delete mutable(d)[argString(k)];
      return d;
    }),
    hasKey: goFunc(['map[string]any', 'string'], (d0, k) => {
      const d = argMap(d0);
      return d !== null && has(d, argString(k));
    }),
    pluck: goFunc(
      ['string', 'map[string]any'],
      (k0, ...ds) => {
        const k = argString(k0);
        const res: GoValue[] = [];
        for (const d0 of ds) {
          const d = argMap(d0);
          if (d !== null && has(d, k)) res.push(d[k] as GoValue);
        }
        return res;
      },
      { variadic: true },
    ),
    keys: goFunc(
      ['map[string]any'],
      (...ds) => {
        const k: GoValue[] = [];
        for (const d0 of ds) {
          const d = argMap(d0);
          if (d !== null) k.push(...sortedKeys(d));
        }
        return withGoType(k, '[]string');
      },
      { variadic: true },
    ),
    pick: goFunc(
      ['map[string]any', 'string'],
      (d0, ...ks) => {
        const d = argMap(d0);
        const res: MutableMap = {};
        for (const k0 of ks) {
          const k = argString(k0);
          if (d !== null && has(d, k)) setKey(res, k, d[k] as GoValue);
        }
        return res;
      },
      { variadic: true },
    ),
    omit: goFunc(
      ['map[string]any', 'string'],
      (d0, ...ks) => {
        const d = argMap(d0);
        const drop = new Set(ks.map(argString));
        const res: MutableMap = {};
        if (d !== null) for (const k of Object.keys(d)) if (!drop.has(k)) setKey(res, k, d[k] as GoValue);
        return res;
      },
      { variadic: true },
    ),
    dict: goFunc(
      ['any'],
      (...v) => {
        const res: MutableMap = {};
        for (let i = 0; i < v.length; i += 2) {
          setKey(res, strval(v[i] as GoValue), i + 1 >= v.length ? '' : (v[i + 1] as GoValue));
        }
        return res;
      },
      { variadic: true },
    ),
    merge: mergeF,
    mergeOverwrite,
    // mergo never fails on two map[string]interface{} values, so the must* variants only differ
    // in declaring an error result.
    mustMerge: { ...mergeF, returnsError: true },
    mustMergeOverwrite: { ...mergeOverwrite, returnsError: true },
    values: goFunc(['map[string]any'], (d0) => {
      const d = argMap(d0);
      return d === null ? [] : sortedKeys(d).map((k) => d[k] as GoValue);
    }),
    dig: goFunc(['any'], (...ps) => dig(ps), { variadic: true, returnsError: true }),
  };
}
