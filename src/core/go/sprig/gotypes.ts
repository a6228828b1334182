/**
 * What Go's reflect would say about a value of the template value model (template/values.ts), as
 * sprig's typeOf, kindOf, empty, deepEqual and the JSON encoder need it.
 *
 * The model keeps no Go type on a value, so two side tables carry what sprig's own results know:
 * - the static type of a slice or map that is not `[]interface {}` / `map[string]interface {}`
 *   (splitList's `[]string`, until's `[]int`, chunk's `[][]interface {}`, split's
 *   `map[string]string`), so typeOf and deepEqual answer as Go does for them;
 * - nil slices and maps (`rest` of an empty list, regexFindAll without a match, …), which print
 *   like empty ones but encode as JSON `null` and are not deepEqual to empty ones.
 * Values that did not come from sprig (the engine's, decoded YAML/JSON) carry no tag and read as
 * `[]interface {}` / `map[string]interface {}`, which is what Fleet's decoded values are.
 *
 * Integers: the model has one bigint for Go's int and int64. We answer `int64` for every bigint
 * (sprig's arithmetic results are int64 and so are numbers decoded by Kubernetes' JSON helpers);
 * Go says `int` for template literals, len, atoi, int and until's elements.
 */
import { goFormatV } from '../../gojson/fmt';
import { goKindName, goTypeName, MAP_ANY, SLICE_ANY } from '../template/type-names';
import type { GoMap, GoValue } from '../template/values';

const typeTags = new WeakMap<object, string>();
const nilValues = new WeakSet<object>();

/** Records the Go static type of a slice or map made by sprig (see above). */
export function withGoType<T extends object>(v: T, type: string): T {
  typeTags.set(v, type);
  return v;
}

/** A nil slice of the given Go type: prints `[]`, encodes as `null`. */
export function nilSlice(type: string = SLICE_ANY): GoValue[] {
  const v: GoValue[] = [];
  nilValues.add(v);
  if (type !== SLICE_ANY) typeTags.set(v, type);
  return v;
}

/** A nil map: prints `map[]`, encodes as `null`. */
export function nilMap(type: string = MAP_ANY): GoMap {
  const v: GoMap = {};
  nilValues.add(v);
  if (type !== MAP_ANY) typeTags.set(v, type);
  return v;
}

export function isNilContainer(v: GoValue): boolean {
  return typeof v === 'object' && v !== null && nilValues.has(v);
}

/** fmt's `%T`. */
export function goTypeOf(v: GoValue): string {
  const tag = typeof v === 'object' && v !== null ? typeTags.get(v) : undefined;
  return tag ?? goTypeName(v, 'int64');
}

/** reflect.Value.Kind().String(); `invalid` for nil. */
export function goKindOf(v: GoValue): string {
  return goKindName(v, 'int64');
}

/** sprig's `empty`: Go's zero value test (adapted from text/template's isTrue). */
export function isEmptyValue(v: GoValue): boolean {
  if (v === null) return true;
  switch (typeof v) {
    case 'string':
      return v.length === 0;
    case 'boolean':
      return !v;
    case 'bigint':
      return v === 0n;
    case 'number':
      return v === 0;
  }
  return Array.isArray(v) ? v.length === 0 : Object.keys(v).length === 0;
}

/** reflect.DeepEqual over the value model (types compared as goTypeOf reports them). */
export function goDeepEqual(a: GoValue, b: GoValue): boolean {
  if (a === null || b === null) return a === b;
  if (typeof a !== typeof b) return false;
  if (typeof a !== 'object' || typeof b !== 'object') return a === b;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  if (goTypeOf(a) !== goTypeOf(b)) return false;
  if (isNilContainer(a) !== isNilContainer(b)) return false;
  if (a === b) return true;
  if (Array.isArray(a)) {
    const bb = b as readonly GoValue[];
    if (a.length !== bb.length) return false;
    for (let i = 0; i < a.length; i++) if (!goDeepEqual(a[i] as GoValue, bb[i] as GoValue)) return false;
    return true;
  }
  const am = a as GoMap;
  const bm = b as GoMap;
  const keys = Object.keys(am);
  if (keys.length !== Object.keys(bm).length) return false;
  for (const k of keys) {
    if (!Object.prototype.hasOwnProperty.call(bm, k)) return false;
    if (!goDeepEqual(am[k] as GoValue, bm[k] as GoValue)) return false;
  }
  return true;
}

/** sprig's strval: a string as is, anything else as fmt's `%v` prints it. */
export function strval(v: GoValue): string {
  return typeof v === 'string' ? v : goFormatV(v);
}
