/**
 * The comparison builtins of funcs.go (eq, ne, lt, le, gt, ge) on Go's basic kinds, with Go's
 * errors. Every integer here is a bigint, so Go's signed/unsigned mixing rules have nothing to do.
 */
import { compareGoStrings } from '../strings';
import { sprintf } from './printf';
import { type Val, concreteTypeName, unbox } from './value';
import { GoFuncError, type GoValue } from './values';

type Kind = 'invalid' | 'bool' | 'int' | 'float' | 'string';

function basicKind(v: GoValue | undefined): Kind {
  switch (typeof v) {
    case 'boolean':
      return 'bool';
    case 'bigint':
      return 'int';
    case 'number':
      return 'float';
    case 'string':
      return 'string';
  }
  return 'invalid';
}

const errBadComparisonType = () => new GoFuncError('invalid type for comparison');
const errNoComparison = () => new GoFuncError('missing argument for comparison');

function badComparison(a: GoValue, b: GoValue): GoFuncError {
  return new GoFuncError(
    `incompatible types for comparison: ${concreteTypeName(a)} and ${concreteTypeName(b)}`,
  );
}

/** The reflect kind, for canCompare: slices and maps are the non-basic values we have. */
function reflectKind(v: GoValue | undefined): string {
  if (v === undefined || v === null) return 'invalid';
  return Array.isArray(v) ? 'slice' : typeof v === 'object' ? 'map' : basicKind(v);
}

/** eq: arg1 == arg2 || arg1 == arg3 … */
export function eq(arg1: Val, ...arg2: Val[]): boolean {
  const a1 = unbox(arg1);
  if (arg2.length === 0) throw errNoComparison();
  const k1 = basicKind(a1);
  for (const arg of arg2) {
    const a = unbox(arg);
    const k2 = basicKind(a);
    let truth = false;
    if (k1 !== k2) {
      if (a1 !== undefined && a !== undefined) throw badComparison(a1, a);
    } else if (k1 !== 'invalid') {
      truth = a1 === a;
    } else {
      // Slices, maps and nil: only nil compares.
      const r1 = reflectKind(a1);
      const r2 = reflectKind(a);
      if (r1 !== r2 && r1 !== 'invalid' && r2 !== 'invalid') {
        throw new GoFuncError(
          `non-comparable types ${sprintf('%s', [a1 as GoValue])}: ${concreteTypeName(a1 as GoValue)}, ${concreteTypeName(a as GoValue)}: ${sprintf('%v', [a as GoValue])}`,
        );
      }
      if (a1 === undefined || a === undefined) truth = a1 === a;
      else throw new GoFuncError(`non-comparable type ${sprintf('%s', [a])}: ${concreteTypeName(a)}`);
    }
    if (truth) return true;
  }
  return false;
}

export function ne(arg1: Val, arg2: Val): boolean {
  return !eq(arg1, arg2);
}

export function lt(arg1: Val, arg2: Val): boolean {
  const a1 = unbox(arg1);
  const k1 = basicKind(a1);
  if (k1 === 'invalid') throw errBadComparisonType();
  const a2 = unbox(arg2);
  const k2 = basicKind(a2);
  if (k2 === 'invalid') throw errBadComparisonType();
  if (k1 !== k2) throw badComparison(a1 as GoValue, a2 as GoValue);
  switch (k1) {
    case 'bool':
      throw errBadComparisonType();
    case 'string':
      return compareGoStrings(a1 as string, a2 as string) < 0;
    default:
      return (a1 as number | bigint) < (a2 as number | bigint);
  }
}

export function le(arg1: Val, arg2: Val): boolean {
  return lt(arg1, arg2) || eq(arg1, arg2);
}

export function gt(arg1: Val, arg2: Val): boolean {
  return !le(arg1, arg2);
}

export function ge(arg1: Val, arg2: Val): boolean {
  return !lt(arg1, arg2);
}
