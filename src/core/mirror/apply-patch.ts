/**
 * The suggestion (suggest.ts: an RFC 6902 patch in YAML) applied to the ImageSetConfiguration as
 * typed: each op becomes one in-place edit of the YAML text (edit/yaml-blob.ts), so the user's
 * comments, key order and quoting stay. Only the ops suggest.ts writes are handled: `add`/`replace`
 * of a scalar (minVersion, `full`) and `add` of a channel at the end of a `channels` list.
 */
import { applyYamlOp } from '../edit/yaml-blob';
import { EditError, type JsonValue } from '../edit/blob-op';
import { detectYamlStyle } from '../edit/yaml-style';
import { parseYamlDocument } from '../load/yaml11';

interface Op {
  op: string;
  path: string;
  value: unknown;
}

/** RFC 6901: `/a/0/b` → ['a', 0, 'b'] (`~1` is `/`, `~0` is `~`). */
function pointer(path: string): (string | number)[] {
  return path
    .split('/')
    .slice(1)
    .map((s) => s.replace(/~1/g, '/').replace(/~0/g, '~'))
    .map((s) => (/^\d+$/.test(s) ? Number(s) : s));
}

/** A plain scalar no YAML text holds, swapped for `true` after the edit: the blob edits write strings only. */
const TRUE_MARK = 'fbc-studio-true-4c1e';

function jsonValue(v: unknown): JsonValue {
  if (typeof v === 'string') return v;
  if (typeof v === 'number') return String(v);
  if (Array.isArray(v)) return v.map(jsonValue);
  if (typeof v === 'object' && v !== null)
    return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, jsonValue(x)]));
  throw new EditError(`cannot write ${JSON.stringify(v)}`);
}

/** The ISC text with the patch applied, or why it cannot be. */
export function applyIscPatch(text: string, patch: string): { text: string } | { error: string } {
  let ops: Op[];
  try {
    ops = (parseYamlDocument(patch) ?? []) as Op[];
    if (!Array.isArray(ops)) return { error: 'the patch is not a list of operations' };
  } catch (e) {
    return { error: `the patch does not parse: ${(e as Error).message}` };
  }
  let out = text;
  try {
    for (const o of ops) {
      if (o.op !== 'add' && o.op !== 'replace') return { error: `unsupported patch op ${o.op}` };
      const style = detectYamlStyle(out);
      const path = pointer(o.path);
      if (path[path.length - 1] === '-') {
        out = applyYamlOp(out, { op: 'append', path: path.slice(0, -1), value: jsonValue(o.value) }, style);
      } else if (o.value === true) {
        out = applyYamlOp(out, { op: 'set', path, value: TRUE_MARK }, style).replace(TRUE_MARK, 'true');
      } else {
        out = applyYamlOp(out, { op: 'set', path, value: String(jsonValue(o.value)) }, style);
      }
    }
  } catch (e) {
    if (e instanceof EditError) return { error: e.message };
    throw e;
  }
  return { text: out };
}
