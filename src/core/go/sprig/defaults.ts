/**
 * sprig v3.3.0's defaults.go (default, empty, coalesce, all, any, the JSON functions, ternary,
 * deepCopy) and the `fail` entry of functions.go.
 */
import { MAP_ANY, SLICE_ANY } from '../template/type-names';
import { GoFuncError, type GoFunc, type GoMap, type GoValue } from '../template/values';
import { argAny, argBool, argString, goFunc, goPanic, setKey } from './func';
import { goTypeOf, isEmptyValue, isNilContainer, nilMap, nilSlice, withGoType } from './gotypes';
import { GoJsonMarshalError, jsonMarshal, jsonMarshalIndent, jsonMarshalRaw, jsonUnmarshalAny } from './json';

/** Runs a json.Marshal-like encoder: the text, or Go's error message. */
function encode(f: (v: GoValue) => string, v: GoValue): { text: string } | { error: string } {
  try {
    return { text: f(v) };
  } catch (e) {
    if (e instanceof GoJsonMarshalError) return { error: e.message };
    throw e;
  }
}

/** toJson and toPrettyJson swallow the error: `string(output)` of a nil output is "". */
function lenient(f: (v: GoValue) => string): GoFunc {
  return goFunc(['any'], (v) => {
    const r = encode(f, argAny(v));
    return 'text' in r ? r.text : '';
  });
}

function strict(f: (v: GoValue) => string, panics: boolean): GoFunc {
  return goFunc(
    ['any'],
    (v) => {
      const r = encode(f, argAny(v));
      if ('error' in r) throw panics ? goPanic(r.error) : new GoFuncError(r.error);
      return r.text;
    },
    panics ? {} : { returnsError: true },
  );
}

/** copystructure.Copy over the value model: maps and slices copied deeply, Go types kept. */
export function deepCopyValue(v: GoValue): GoValue {
  if (v === null || typeof v !== 'object') return v;
  const type = goTypeOf(v);
  if (Array.isArray(v)) {
    if (isNilContainer(v)) return nilSlice(type);
    const out = (v as readonly GoValue[]).map(deepCopyValue);
    return type === SLICE_ANY ? out : withGoType(out, type);
  }
  if (isNilContainer(v)) return nilMap(type);
  const out: Record<string, GoValue> = {};
  for (const [k, x] of Object.entries(v as GoMap)) setKey(out, k, deepCopyValue(x));
  return type === MAP_ANY ? out : withGoType(out, type);
}

function deepCopy(v0: GoValue | undefined): GoValue {
  const v = argAny(v0);
  // copystructure asks reflect for the type of a nil interface, which panics.
  if (v === null) throw goPanic('reflect: call of reflect.Value.Type on zero Value');
  return deepCopyValue(v);
}

export function defaultFuncs(): Record<string, GoFunc> {
  return {
    default: goFunc(
      ['any', 'any'],
      (d, ...given) =>
        given.length === 0 || isEmptyValue(given[0] as GoValue) ? argAny(d) : (given[0] as GoValue),
      { variadic: true },
    ),
    empty: goFunc(['any'], (v) => isEmptyValue(argAny(v))),
    coalesce: goFunc(['any'], (...vs) => vs.find((v) => !isEmptyValue(v)) ?? null, { variadic: true }),
    all: goFunc(['any'], (...vs) => vs.every((v) => !isEmptyValue(v)), { variadic: true }),
    any: goFunc(['any'], (...vs) => vs.some((v) => !isEmptyValue(v)), { variadic: true }),
    fromJson: goFunc(['string'], (s) => jsonUnmarshalAny(argString(s)).value),
    mustFromJson: goFunc(
      ['string'],
      (s) => {
        const r = jsonUnmarshalAny(argString(s));
        if (r.error !== undefined) throw new GoFuncError(r.error);
        return r.value;
      },
      { returnsError: true },
    ),
    toJson: lenient(jsonMarshal),
    toPrettyJson: lenient(jsonMarshalIndent),
    // toRawJson panics where toJson swallows the error.
    toRawJson: strict(jsonMarshalRaw, true),
    mustToJson: strict(jsonMarshal, false),
    mustToPrettyJson: strict(jsonMarshalIndent, false),
    mustToRawJson: strict(jsonMarshalRaw, false),
    ternary: goFunc(['any', 'any', 'bool'], (vt, vf, v) => (argBool(v) ? argAny(vt) : argAny(vf))),
    deepCopy: goFunc(['any'], deepCopy),
    mustDeepCopy: goFunc(['any'], deepCopy, { returnsError: true }),
    fail: goFunc(
      ['string'],
      (msg) => {
        throw new GoFuncError(argString(msg));
      },
      { returnsError: true },
    ),
  };
}
