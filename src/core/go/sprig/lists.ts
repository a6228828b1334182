/**
 * sprig v3.3.0's list.go. Each function that takes `interface{}` checks the reflect kind: a
 * non-list gives the must* variant's error (the plain variant panics with it), and a nil list
 * panics in reflect.TypeOf(nil).Kind() in both variants.
 */
import { SLICE_ANY } from '../template/type-names';
import { GoFuncError, type GoFunc, type GoValue } from '../template/values';
import { toInt64 } from './cast';
import { argInt, goFunc, goPanic, intNumber, MAKESLICE_LEN, NIL_DEREFERENCE } from './func';
import { goDeepEqual, goKindOf, goTypeOf, isEmptyValue, nilSlice, withGoType } from './gotypes';

type List = readonly GoValue[];

/** The error a must* function returns (its plain variant panics with the same text). */
class ListError extends Error {}

/** The elements of a list argument; nil panics in reflect.TypeOf(nil).Kind() before any error. */
function listOf(v: GoValue | undefined, err: (kind: string) => string): List {
  if (v === null || v === undefined) throw goPanic(NIL_DEREFERENCE);
  if (Array.isArray(v)) return v as List;
  throw new ListError(err(goKindOf(v)));
}

/** Declares NAME (panics with the error) and its must* variant (returns it). */
function pair(
  params: GoFunc['params'],
  variadic: boolean,
  run: (...args: GoValue[]) => GoValue,
): [GoFunc, GoFunc] {
  const call =
    (panics: boolean) =>
    (...args: GoValue[]): GoValue => {
      try {
        return run(...args);
      } catch (e) {
        if (e instanceof ListError) throw panics ? goPanic(e.message) : new GoFuncError(e.message);
        throw e;
      }
    };
  return [
    goFunc(params, call(true), { variadic }),
    goFunc(params, call(false), { variadic, returnsError: true }),
  ];
}

const cannot = (op: string) => (kind: string) => `Cannot ${op} on type ${kind}`;

function chunk(size: number, l: List): GoValue {
  const n = l.length;
  // Go computes the chunk count in float64 and converts it, so a size of 0 or below ends in
  // make() with a negative or absurd length.
  const cs = Math.floor((n - 1) / size) + 1;
  if (!Number.isFinite(cs) || cs < 0) throw goPanic(MAKESLICE_LEN);
  const out: GoValue[] = [];
  for (let i = 0; i < cs; i++) {
    let clen = size;
    if (i === cs - 1) {
      clen = Math.floor(n % size);
      if (clen === 0) clen = size;
    }
    if (clen < 0) throw goPanic(MAKESLICE_LEN);
    out.push(l.slice(i * size, i * size + clen));
  }
  return withGoType(out, '[][]interface {}');
}

function withList(v: GoValue | undefined, err: (kind: string) => string, f: (l: List) => GoValue): GoValue {
  return f(listOf(v, err));
}

function sliceList(l: List, type: string, indices: readonly GoValue[]): GoValue {
  if (l.length === 0) return null;
  const start = indices.length > 0 ? Number(toInt64(indices[0] as GoValue)) : 0;
  const end = indices.length < 2 ? l.length : Number(toInt64(indices[1] as GoValue));
  // Deliberate difference from Go: Go's bound is the slice's capacity, and a list `append` made
  // can have room past its length, which `slice` then exposes as nils. The length is the bound here.
  if (start < 0 || end < start || end > l.length)
    throw goPanic('reflect.Value.Slice: slice index out of bounds');
  const out = l.slice(start, end);
  return type === SLICE_ANY ? out : withGoType(out, type);
}

export function listFuncs(): Record<string, GoFunc> {
  const list = goFunc(['any'], (...vs) => vs.slice(), { variadic: true });
  const [push, mustPush] = pair(['any', 'any'], false, (l, v) =>
    withList(l, cannot('push'), (xs) => [...xs, v as GoValue]),
  );
  const [prepend, mustPrepend] = pair(['any', 'any'], false, (l, v) =>
    withList(l, cannot('prepend'), (xs) => [v as GoValue, ...xs]),
  );
  const [chunkF, mustChunk] = pair(['int', 'any'], false, (size, l) =>
    withList(
      l,
      (k) => `Cannot chunk type ${k}`,
      (xs) => chunk(intNumber(argInt(size)), xs),
    ),
  );
  const [last, mustLast] = pair(['any'], false, (l) =>
    withList(l, cannot('find last'), (xs) => (xs.length === 0 ? null : (xs.at(-1) as GoValue))),
  );
  const [first, mustFirst] = pair(['any'], false, (l) =>
    withList(l, cannot('find first'), (xs) => (xs.length === 0 ? null : (xs[0] as GoValue))),
  );
  const [rest, mustRest] = pair(['any'], false, (l) =>
    withList(l, cannot('find rest'), (xs) => (xs.length === 0 ? nilSlice() : xs.slice(1))),
  );
  const [initial, mustInitial] = pair(['any'], false, (l) =>
    withList(l, cannot('find initial'), (xs) => (xs.length === 0 ? nilSlice() : xs.slice(0, -1))),
  );
  const [reverse, mustReverse] = pair(['any'], false, (l) =>
    withList(l, cannot('find reverse'), (xs) => xs.slice().reverse()),
  );
  const [compact, mustCompact] = pair(['any'], false, (l) =>
    withList(l, cannot('compact'), (xs) => xs.filter((x) => !isEmptyValue(x))),
  );
  const [uniq, mustUniq] = pair(['any'], false, (l) =>
    withList(l, cannot('find uniq'), (xs) => {
      const dest: GoValue[] = [];
      for (const x of xs) if (!dest.some((d) => goDeepEqual(x, d))) dest.push(x);
      return dest;
    }),
  );
  const [without, mustWithout] = pair(['any', 'any'], true, (l, ...omit) =>
    withList(l, cannot('find without'), (xs) => xs.filter((x) => !omit.some((o) => goDeepEqual(o, x)))),
  );
  const [has, mustHas] = pair(['any', 'any'], false, (needle, haystack) => {
    if (haystack === null || haystack === undefined) return false;
    return withList(haystack, cannot('find has'), (xs) => xs.some((x) => goDeepEqual(needle as GoValue, x)));
  });
  const [slice, mustSlice] = pair(['any', 'any'], true, (l, ...indices) =>
    withList(
      l,
      (k) => `list should be type of slice or array but ${k}`,
      (xs) => sliceList(xs, goTypeOf(l as GoValue), indices),
    ),
  );
  const concat = goFunc(
    ['any'],
    (...lists) => {
      const res: GoValue[] = [];
      for (const l of lists) {
        if (l === null) throw goPanic(NIL_DEREFERENCE);
        if (!Array.isArray(l)) throw goPanic(`Cannot concat type ${goKindOf(l)} as list`);
        res.push(...(l as List));
      }
      // Appending nothing to Go's `var res []interface{}` leaves it nil.
      return res.length === 0 ? nilSlice() : res;
    },
    { variadic: true },
  );
  return {
    list,
    tuple: list,
    append: push,
    push,
    mustAppend: mustPush,
    mustPush,
    prepend,
    mustPrepend,
    first,
    mustFirst,
    rest,
    mustRest,
    last,
    mustLast,
    initial,
    mustInitial,
    reverse,
    mustReverse,
    uniq,
    mustUniq,
    without,
    mustWithout,
    has,
    mustHas,
    slice,
    mustSlice,
    concat,
    chunk: chunkF,
    mustChunk,
    compact,
    mustCompact,
  };
}
