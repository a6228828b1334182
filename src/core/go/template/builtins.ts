/**
 * The builtin functions of funcs.go with Go's signatures (the executor checks argument counts and
 * types against them, in exec.go's words) and Go's error texts. and, or and call are evaluated by
 * the executor itself (and/or short-circuit; call has no function values to call here).
 *
 * A parameter of type 'value' is Go's reflect.Value: the argument arrives as the executor holds it,
 * invalid values and interface boxes included.
 */
import { eq, ge, gt, le, lt, ne } from './compare';
import { evalArgs, htmlEscapeString, jsEscapeString, urlQueryEscape } from './escape';
import { sprint, sprintf, sprintln } from './printf';
import { Iface, type Val, concreteTypeName, mapGet, toGo, truth, unbox } from './value';
import { GoFuncError, type GoParamType, type GoValue, isGoMap } from './values';

export type ParamType = GoParamType | 'value';

export interface Builtin {
  params: readonly ParamType[];
  variadic: boolean;
  /** Throws GoFuncError for the error Go's function returns (or the panic it recovers from). */
  call(args: Val[], limit: number): Val;
}

let encoder: TextEncoder | undefined;
let decoder: TextDecoder | undefined;

function utf8(s: string): Uint8Array {
  encoder ??= new TextEncoder();
  return encoder.encode(s);
}

/** indexArg: an index into something of length cap. */
function indexArg(index: Val, cap: number): number {
  if (index === undefined) throw new GoFuncError('cannot index slice/array with nil');
  if (typeof index !== 'bigint') {
    const name = index instanceof Iface ? 'interface {}' : concreteTypeName(index);
    throw new GoFuncError(`cannot index slice/array with type ${name}`);
  }
  if (index < 0n || index > BigInt(cap)) throw new GoFuncError(`index out of range: ${index}`);
  return Number(index);
}

/**
 * index x 1 2 3 is x[1][2][3]. Elements of slices and maps come back as interface values; a byte
 * of a string comes back as an int (Go's uint8). A missing map key gives the element type's zero:
 * a nil interface.
 */
function index(item: Val, ...indexes: Val[]): Val {
  const start = unbox(item);
  if (start === undefined) throw new GoFuncError('index of untyped nil');
  let cur: Val = start;
  for (const ix of indexes) {
    const i = unbox(ix);
    let v: GoValue;
    if (cur instanceof Iface) {
      if (cur.v === null) throw new GoFuncError('index of nil pointer');
      v = cur.v;
    } else v = cur as GoValue;
    if (typeof v === 'string') {
      const bytes = utf8(v);
      const x = indexArg(i, bytes.length);
      // Go's indexArg allows x == len; reflect then panics.
      if (x === bytes.length) throw new GoFuncError('reflect: string index out of range');
      cur = BigInt(bytes[x] as number);
    } else if (Array.isArray(v)) {
      const items = v as readonly GoValue[];
      const x = indexArg(i, items.length);
      if (x === items.length) throw new GoFuncError('reflect: slice index out of range');
      cur = new Iface(items[x] as GoValue);
    } else if (isGoMap(v)) {
      if (i === undefined) throw new GoFuncError('value is nil; should be of type string');
      if (typeof i !== 'string')
        throw new GoFuncError(`value has type ${concreteTypeName(i)}; should be string`);
      cur = new Iface(mapGet(v, i) ?? null);
    } else {
      throw new GoFuncError(`can't index item of type ${concreteTypeName(v)}`);
    }
  }
  return cur;
}

/** slice x 1 2 is x[1:2]; slice x is x[:]; slice x 1 2 3 is x[1:2:3]. Strings slice by bytes. */
function slice(item: Val, ...indexes: Val[]): Val {
  const v = unbox(item);
  if (v === undefined) throw new GoFuncError('slice of untyped nil');
  if (indexes.length > 3) throw new GoFuncError(`too many slice indexes: ${indexes.length}`);
  let len: number;
  let bytes: Uint8Array | undefined;
  if (typeof v === 'string') {
    if (indexes.length === 3) throw new GoFuncError('cannot 3-index slice a string');
    bytes = utf8(v);
    len = bytes.length;
  } else if (Array.isArray(v)) {
    len = v.length;
  } else {
    throw new GoFuncError(`can't slice item of type ${concreteTypeName(v as GoValue)}`);
  }
  // Our slices have no spare capacity: cap == len.
  const idx = [0, len, len];
  indexes.forEach((ix, i) => (idx[i] = indexArg(ix, len)));
  const [i0, i1, i2] = idx as [number, number, number];
  if (i0 > i1) throw new GoFuncError(`invalid slice index: ${i0} > ${i1}`);
  if (indexes.length === 3 && i1 > i2) throw new GoFuncError(`invalid slice index: ${i1} > ${i2}`);
  if (bytes !== undefined) {
    // Differs from Go: a cut inside a UTF-8 sequence becomes U+FFFD, not the raw bytes.
    decoder ??= new TextDecoder('utf-8');
    return decoder.decode(bytes.subarray(i0, i1));
  }
  return (v as readonly GoValue[]).slice(i0, i1);
}

function length(item: Val): Val {
  // Go calls item.Type() on the invalid value, and reports the panic.
  if (item === undefined) throw new GoFuncError('reflect: call of reflect.Value.Type on zero Value');
  const v = item instanceof Iface ? item.v : item;
  if (v === null) throw new GoFuncError('len of nil pointer');
  if (typeof v === 'string') return BigInt(utf8(v).length);
  if (Array.isArray(v)) return BigInt(v.length);
  if (isGoMap(v)) return BigInt(Object.keys(v).length);
  throw new GoFuncError(`len of type ${concreteTypeName(v)}`);
}

function unreachable(): never {
  throw new Error('unreachable: evaluated by the executor');
}

const V: readonly ParamType[] = ['value'];
const VV: readonly ParamType[] = ['value', 'value'];
const ANY: readonly ParamType[] = ['any'];

function escaper(escape: (s: string) => string): Builtin {
  return { params: ANY, variadic: true, call: (args, limit) => escape(evalArgs(args.map(toGo), limit)) };
}

export const BUILTINS: ReadonlyMap<string, Builtin> = new Map<string, Builtin>([
  ['and', { params: VV, variadic: true, call: unreachable }],
  ['call', { params: VV, variadic: true, call: unreachable }],
  ['html', escaper(htmlEscapeString)],
  ['index', { params: VV, variadic: true, call: (a) => index(a[0], ...a.slice(1)) }],
  ['slice', { params: VV, variadic: true, call: (a) => slice(a[0], ...a.slice(1)) }],
  ['js', escaper(jsEscapeString)],
  ['len', { params: V, variadic: false, call: (a) => length(a[0]) }],
  ['not', { params: V, variadic: false, call: (a) => !truth(a[0]) }],
  ['or', { params: VV, variadic: true, call: unreachable }],
  ['print', { params: ANY, variadic: true, call: (a, limit) => sprint(a.map(toGo), limit) }],
  [
    'printf',
    {
      params: ['string', 'any'],
      variadic: true,
      call: (a, limit) => sprintf(toGo(a[0]) as string, a.slice(1).map(toGo), limit),
    },
  ],
  ['println', { params: ANY, variadic: true, call: (a, limit) => sprintln(a.map(toGo), limit) }],
  ['urlquery', escaper(urlQueryEscape)],
  ['eq', { params: VV, variadic: true, call: (a) => eq(a[0], ...a.slice(1)) }],
  ['ge', { params: VV, variadic: false, call: (a) => ge(a[0], a[1]) }],
  ['gt', { params: VV, variadic: false, call: (a) => gt(a[0], a[1]) }],
  ['le', { params: VV, variadic: false, call: (a) => le(a[0], a[1]) }],
  ['lt', { params: VV, variadic: false, call: (a) => lt(a[0], a[1]) }],
  ['ne', { params: VV, variadic: false, call: (a) => ne(a[0], a[1]) }],
]);
