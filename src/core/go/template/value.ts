/**
 * Values as the executor sees them: a GoValue, Go's invalid reflect.Value (`undefined`: a missing
 * map key, nil data, nil as an argument), or an interface{} box.
 *
 * The box matters because Go's reflect keeps it: an element of a []any or a map[string]any is an
 * interface value until a pipeline ends (evalPipeline unwraps it). So `.a.b` with a: "s" fails with
 * `can't evaluate field b in type interface {}` while `$x.b` ($x := .a) says `in type string`, and a
 * nil element is a nil interface (`nil pointer evaluating interface {}.b`), not a missing value.
 */
import { goTypeName } from './type-names';
import type { GoMap, GoValue } from './values';

/** An interface{} holding a value (an element of a slice or map, or a function's nil result). */
export class Iface {
  constructor(readonly v: GoValue) {}
}

export type Val = GoValue | Iface | undefined;

/** The value inside an interface, invalid for a nil one (Go's indirectInterface). */
export function unbox(v: Val): GoValue | undefined {
  if (v instanceof Iface) return v.v === null ? undefined : v.v;
  return v === null ? undefined : v;
}

/** A value as a function receives it: an interface's content, nil for an invalid value. */
export function toGo(v: Val): GoValue {
  if (v instanceof Iface) return v.v;
  return v === undefined ? null : v;
}

/** reflect.Type.String() of a (non-invalid) value. */
export function typeName(v: Val): string {
  if (v instanceof Iface) return 'interface {}';
  return concreteTypeName(v === undefined ? null : v);
}

/** The dynamic type's name, as fmt's %T and the `%!verb(type=value)` forms print it. */
export function concreteTypeName(v: GoValue): string {
  return goTypeName(v, 'int');
}

/** Go's isTrue of a value (after indirectInterface): empty, zero, false and nil are false. */
export function isTrue(v: GoValue | undefined): boolean {
  if (v === undefined || v === null) return false;
  switch (typeof v) {
    case 'string':
      return v.length > 0;
    case 'boolean':
      return v;
    case 'bigint':
      return v !== 0n;
    case 'number':
      return v !== 0;
  }
  if (Array.isArray(v)) return v.length > 0;
  return Object.keys(v).length > 0;
}

/** funcs.go truth: isTrue of the value inside an interface. */
export function truth(v: Val): boolean {
  return isTrue(unbox(v));
}

export function mapGet(m: GoMap, key: string): GoValue | undefined {
  return Object.prototype.hasOwnProperty.call(m, key) ? m[key] : undefined;
}
