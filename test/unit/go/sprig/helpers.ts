/**
 * Helpers for the sprig ports' tests: upstream's tests are templates (`runt(tpl, expect)`); here
 * each case calls the function with the arguments the template would pass, after checking them
 * against the declared Go parameter types as the engine will, and compares what the template
 * would print.
 */
import { expect } from 'vitest';
import { goFormatV } from '../../../../src/core/gojson/fmt';
import { sprigFuncs } from '../../../../src/core/go/sprig';
import { assignable } from '../../../../src/core/go/template/eval';
import {
  GoFuncError,
  isGoMap,
  type GoFunc,
  type GoParamType,
  type GoValue,
} from '../../../../src/core/go/template/values';

export const f = sprigFuncs();

/** `toString` as a FuncMap entry (TypeScript reads `f.toString` as Object's method). */
export const toStringFunc: GoFunc | undefined = f['toString' as string];

/** The engine's own type check; a nil slice or map argument is what Go passes for one. */
function fits(t: GoParamType, v: GoValue): boolean {
  return (v === null && (t === '[]any' || t === '[]string' || t === 'map[string]any')) || assignable(v, t);
}

/** Calls a FuncMap function as the engine will: argument count and types checked first. */
export function call(fn: GoFunc | undefined, ...args: GoValue[]): GoValue {
  if (fn === undefined) throw new Error('no such function');
  const fixed = fn.variadic ? fn.params.length - 1 : fn.params.length;
  if (fn.variadic ? args.length < fixed : args.length !== fixed) {
    throw new Error(`wrong number of args: want ${fixed} got ${args.length}`);
  }
  args.forEach((a, i) => {
    const t = (i < fixed ? fn.params[i] : fn.params[fn.params.length - 1]) as GoParamType;
    if (!fits(t, a)) throw new Error(`argument ${i} does not fit ${t}: ${String(a)}`);
  });
  return fn.call(...args);
}

/** What `{{ value }}` prints: text/template writes <no value> for a nil interface. */
export function out(v: GoValue): string {
  return v === null ? '<no value>' : goFormatV(v);
}

/** Calls and returns what the template would print. */
export function run(fn: GoFunc | undefined, ...args: GoValue[]): string {
  return out(call(fn, ...args));
}

/** Calls a function that must fail, and returns its Go error text. */
export function callError(fn: GoFunc | undefined, ...args: GoValue[]): string {
  try {
    call(fn, ...args);
  } catch (e) {
    expect(e).toBeInstanceOf(GoFuncError);
    return (e as Error).message;
  }
  throw new Error('expected an error');
}

/** The `len` builtin, as the template would print it. */
export function len(v: GoValue): string {
  if (typeof v === 'string') return String(new TextEncoder().encode(v).length);
  if (Array.isArray(v)) return String(v.length);
  if (isGoMap(v)) return String(Object.keys(v).length);
  throw new Error('len of a non-container');
}

/** `{{ range $i, $e := … }}` over a list. */
export function rangeList(v: GoValue, body: (i: number, e: GoValue) => string): string {
  if (!Array.isArray(v)) throw new Error('range over a non-list');
  return (v as readonly GoValue[]).map((e, i) => body(i, e)).join('');
}

/** The template int literal `n`. */
export const int = (n: number): bigint => BigInt(n);
