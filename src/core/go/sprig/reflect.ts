/**
 * sprig v3.3.0's reflect.go and deepEqual (reflect.DeepEqual). Type and kind names are Go's for
 * the value model as gotypes.ts maps it (a bigint is `int64`).
 */
import type { GoFunc } from '../template/values';
import { argAny, argString, goFunc } from './func';
import { goDeepEqual, goKindOf, goTypeOf } from './gotypes';

export function reflectFuncs(): Record<string, GoFunc> {
  return {
    typeOf: goFunc(['any'], (v) => goTypeOf(argAny(v))),
    typeIs: goFunc(['string', 'any'], (t, v) => argString(t) === goTypeOf(argAny(v))),
    typeIsLike: goFunc(['string', 'any'], (t0, v) => {
      const t = argString(t0);
      const actual = goTypeOf(argAny(v));
      return t === actual || '*' + t === actual;
    }),
    kindOf: goFunc(['any'], (v) => goKindOf(argAny(v))),
    kindIs: goFunc(['string', 'any'], (t, v) => argString(t) === goKindOf(argAny(v))),
    deepEqual: goFunc(['any', 'any'], (a, b) => goDeepEqual(argAny(a), argAny(b))),
  };
}
