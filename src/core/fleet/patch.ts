/**
 * Applying a `_patch.` file to the file it targets. The bundle format chooses the strategy from the
 * patch's content: a list is a JSON Patch (RFC 6902); a mapping is merged — JSON Merge Patch
 * (RFC 7386: maps merge, null deletes, lists replace), except that lists of named items (containers,
 * ports, env) merge item by item on `name`, which is what a Strategic Merge Patch does for the
 * Kubernetes kinds whose patch key is `name`. Files may be YAML; the result is written as YAML.
 */
import { parse, stringify } from 'yaml';
import { isRecord } from '../kube/yaml-docs';

function isNamedList(v: unknown): v is Record<string, unknown>[] {
  return Array.isArray(v) && v.length > 0 && v.every((x) => isRecord(x) && typeof x.name === 'string');
}

export function mergePatch(target: unknown, patch: unknown): unknown {
  if (isNamedList(target) && isNamedList(patch)) {
    const out = target.map((x) => ({ ...x }));
    for (const p of patch) {
      const i = out.findIndex((x) => x.name === p.name);
      if (i < 0) out.push(p);
      else out[i] = mergePatch(out[i], p) as Record<string, unknown>;
    }
    return out;
  }
  return jsonMergePatch(target, patch, mergePatch);
}

/** RFC 7386: maps merge, null deletes, anything else (lists too) replaces; values below merge by `merge`. */
export function jsonMergePatch(
  target: unknown,
  patch: unknown,
  merge: (target: unknown, patch: unknown) => unknown = jsonMergePatch,
): unknown {
  if (!isRecord(patch)) return patch;
  const out: Record<string, unknown> = isRecord(target) ? { ...target } : {};
  for (const [k, v] of Object.entries(patch)) {
    if (v === null) delete out[k];
    else out[k] = merge(out[k], v);
  }
  return out;
}

function pointer(path: string): string[] {
  return path === ''
    ? []
    : path
        .slice(1)
        .split('/')
        .map((s) => s.replace(/~1/g, '/').replace(/~0/g, '~'));
}

function parentOf(doc: unknown, segs: string[]): { parent: unknown; key: string } {
  let node = doc;
  for (const s of segs.slice(0, -1))
    node = Array.isArray(node) ? node[Number(s)] : isRecord(node) ? node[s] : undefined;
  if (node === undefined) throw new Error(`path not found: /${segs.join('/')}`);
  return { parent: node, key: segs[segs.length - 1] ?? '' };
}

function getAt(doc: unknown, path: string): unknown {
  let node = doc;
  for (const s of pointer(path))
    node = Array.isArray(node) ? node[Number(s)] : isRecord(node) ? node[s] : undefined;
  return node;
}

function put(doc: unknown, path: string, value: unknown, replace: boolean): unknown {
  const segs = pointer(path);
  if (segs.length === 0) return value;
  const { parent, key } = parentOf(doc, segs);
  if (Array.isArray(parent)) {
    const i = key === '-' ? parent.length : Number(key);
    parent.splice(i, replace ? 1 : 0, value);
  } else if (isRecord(parent)) parent[key] = value;
  return doc;
}

function remove(doc: unknown, path: string): unknown {
  const { parent, key } = parentOf(doc, pointer(path));
  if (Array.isArray(parent)) parent.splice(Number(key), 1);
  else if (isRecord(parent)) delete parent[key];
  return doc;
}

/** RFC 6902 operations (test fails the patch when the value differs). */
export function jsonPatch(target: unknown, ops: unknown[]): unknown {
  let doc = structuredClone(target);
  for (const op of ops) {
    if (!isRecord(op) || typeof op.path !== 'string')
      throw new Error('a JSON Patch operation needs op and path');
    const from = typeof op.from === 'string' ? op.from : '';
    switch (op.op) {
      case 'add':
        doc = put(doc, op.path, structuredClone(op.value), false);
        break;
      case 'replace':
        doc = put(doc, op.path, structuredClone(op.value), true);
        break;
      case 'remove':
        doc = remove(doc, op.path);
        break;
      case 'copy':
        doc = put(doc, op.path, structuredClone(getAt(doc, from)), false);
        break;
      case 'move': {
        const v = getAt(doc, from);
        doc = put(remove(doc, from), op.path, v, false);
        break;
      }
      case 'test':
        if (JSON.stringify(getAt(doc, op.path)) !== JSON.stringify(op.value))
          throw new Error(`test failed at ${op.path}`);
        break;
      default:
        throw new Error(`unknown JSON Patch op ${JSON.stringify(op.op)}`);
    }
  }
  return doc;
}

/** The patched file's text; throws with a readable reason when either side does not parse. */
export function applyPatch(baseText: string, patchText: string): string {
  const base = parse(baseText) as unknown;
  const patch = parse(patchText) as unknown;
  const out = Array.isArray(patch) ? jsonPatch(base, patch) : mergePatch(base, patch);
  return stringify(out);
}
