/**
 * Building blocks shared by the sprig ports: declaring a FuncMap entry, reading arguments the engine
 * already converted to the declared Go types, and Go's runtime panic texts.
 */
import {
  GoFuncError,
  isGoMap,
  type GoFunc,
  type GoMap,
  type GoParamType,
  type GoValue,
} from '../template/values';

export interface FuncOptions {
  variadic?: boolean;
  returnsError?: boolean;
}

export function goFunc(
  params: readonly GoParamType[],
  call: (...args: GoValue[]) => GoValue,
  options: FuncOptions = {},
): GoFunc {
  const f: GoFunc = { params, call };
  if (options.variadic) f.variadic = true;
  if (options.returnsError) f.returnsError = true;
  return f;
}

/**
 * A Go panic inside a FuncMap function. text/template's safeCall recovers it and reports
 * `error calling NAME: MESSAGE`, so it travels as the same GoFuncError as a returned error.
 */
export function goPanic(message: string): GoFuncError {
  return new GoFuncError(message);
}

export const NIL_DEREFERENCE = 'runtime error: invalid memory address or nil pointer dereference';
export const INTEGER_DIVIDE_BY_ZERO = 'runtime error: integer divide by zero';
export const MAKESLICE_LEN = 'runtime error: makeslice: len out of range';

/** The engine converts arguments before calling, so a wrong type here is a bug, not a Go error. */
function contractViolation(want: string, v: GoValue): TypeError {
  return new TypeError(`sprig: expected a ${want} argument, got ${v === null ? 'null' : typeof v}`);
}

export function argString(v: GoValue | undefined): string {
  if (typeof v !== 'string') throw contractViolation('string', v ?? null);
  return v;
}

export function argInt(v: GoValue | undefined): bigint {
  if (typeof v !== 'bigint') throw contractViolation('int', v ?? null);
  return v;
}

export function argFloat(v: GoValue | undefined): number {
  if (typeof v !== 'number') throw contractViolation('float64', v ?? null);
  return v;
}

export function argBool(v: GoValue | undefined): boolean {
  if (typeof v !== 'boolean') throw contractViolation('bool', v ?? null);
  return v;
}

/** A `map[string]interface{}` parameter: null is Go's nil map, which reads as empty. */
export function argMap(v: GoValue | undefined): GoMap | null {
  if (v === null || v === undefined) return null;
  if (!isGoMap(v)) throw contractViolation('map', v);
  return v;
}

/** An `interface{}` parameter (undefined only if the engine passed fewer values than declared). */
export function argAny(v: GoValue | undefined): GoValue {
  return v === undefined ? null : v;
}

/** An int that Go code uses as an index or count: the engine gives int64-range bigints. */
export function intNumber(v: bigint): number {
  return Number(v);
}

/**
 * Sets `key` on a plain object as Go's map assignment does: `__proto__` is an ordinary key in Go
 * and must not reach the prototype setter.
 */
export function setKey(o: Record<string, GoValue>, key: string, value: GoValue): void {
  if (key === '__proto__') {
    Object.defineProperty(o, key, { value, writable: true, enumerable: true, configurable: true });
  } else {
    o[key] = value;
  }
}
