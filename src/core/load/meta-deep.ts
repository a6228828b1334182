/**
 * Meta.UnmarshalJSON's verdict on a value nested so deep that quoting it (opm prints it whole in
 * these errors) ran out of stack or string length: the same rule and opening words, the value
 * left out. In the on-demand hostile-input chunk.
 */
import type { MetaFail } from './meta';

export function metaOfDeepValue(value: unknown): MetaFail {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) {
    const what = Array.isArray(value) ? 'array' : typeof value === 'string' ? 'string' : 'value';
    return {
      ok: false,
      rule: 'R6',
      message: `json: cannot unmarshal ${what} into Go value of type map[string]interface {} (value too deeply nested to quote)`,
    };
  }
  return {
    ok: false,
    rule: 'R8',
    message:
      'expected value for key "schema", "package" or "name" to be a string (value too deeply nested to quote)',
  };
}
