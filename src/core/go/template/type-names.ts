/**
 * Go's names for the types of the value model (values.ts), for the engine's messages and fmt's %T
 * (value.ts) and for sprig's typeOf and kindOf (../sprig/gotypes.ts).
 *
 * The model has one bigint for Go's int and int64, so each caller says which a bigint is named:
 * the engine `int` (template literals, len), sprig `int64` (see ../sprig/gotypes.ts). A container's
 * name here is the one decoded YAML/JSON has; sprig keeps the static types of the containers it
 * makes in a side table of its own.
 */
import type { GoValue } from './values';

export type GoIntName = 'int' | 'int64';

export const SLICE_ANY = '[]interface {}';
export const MAP_ANY = 'map[string]interface {}';

/** reflect.Type.String() of a non-nil scalar, which is also its Kind's name. */
function scalarName(v: string | boolean | bigint | number, int: GoIntName): string {
  if (typeof v === 'bigint') return int;
  return typeof v === 'string' ? 'string' : typeof v === 'boolean' ? 'bool' : 'float64';
}

/** fmt's %T: the dynamic type's name, `<nil>` for nil. */
export function goTypeName(v: GoValue, int: GoIntName): string {
  if (v === null) return '<nil>';
  if (typeof v !== 'object') return scalarName(v, int);
  return Array.isArray(v) ? SLICE_ANY : MAP_ANY;
}

/** reflect.Value.Kind().String(); `invalid` for nil. */
export function goKindName(v: GoValue, int: GoIntName): string {
  if (v === null) return 'invalid';
  if (typeof v !== 'object') return scalarName(v, int);
  return Array.isArray(v) ? 'slice' : 'map';
}
