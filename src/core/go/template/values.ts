/**
 * How Go values are represented for the text/template port (template/) and the sprig functions
 * (sprig/) that Fleet's controller renders helm values with. Values come from decoded YAML/JSON
 * (a cluster's labels, annotations and templateValues) and from template literals.
 *
 *   Go                      here
 *   string                  string
 *   bool                    boolean
 *   int, int64 (and uint)   bigint      (template literals `1`, sprig's int results, len)
 *   float64                 number      (JSON numbers, template literals `1.5`)
 *   nil                     null
 *   []any / []string        Array       (read-only to the engine: functions return new arrays)
 *   map[string]any          GoMap       (a plain object, own enumerable keys only)
 *
 * A function of the FuncMap receives its arguments evaluated and returns a value; it throws a
 * GoFuncError for the error Go's function would return (the engine words it
 * `error calling NAME: MESSAGE`), and any other exception is a bug.
 */
export type GoValue = string | boolean | bigint | number | null | readonly GoValue[] | GoMap;

export interface GoMap {
  readonly [key: string]: GoValue;
}

/** A Go function's returned error: the engine reports `error calling <name>: <message>`. */
export class GoFuncError extends Error {}

/**
 * A Go parameter type, as the engine needs it to convert and check an argument the way exec.go's
 * evalArg/validateType do (`any` is interface{}: every value, nil included).
 */
export type GoParamType =
  'any' | 'string' | 'bool' | 'int' | 'int64' | 'float64' | '[]any' | '[]string' | 'map[string]any';

/**
 * A FuncMap entry. `params` are the declared parameter types; with `variadic` the last one is the
 * element type of `...T` (the function then takes params.length-1 or more arguments). The engine
 * checks the count with Go's texts (`wrong number of args for NAME: want N got M`) and each
 * argument's type before calling, so `call` receives values of the declared types.
 */
export interface GoFunc {
  params: readonly GoParamType[];
  variadic?: boolean;
  /** Go's function also returns an error (a `(T, error)` result): only such may throw GoFuncError. */
  returnsError?: boolean;
  call(...args: GoValue[]): GoValue;
}

export type FuncMap = Readonly<Record<string, GoFunc>>;

export function isGoMap(v: unknown): v is GoMap {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}
