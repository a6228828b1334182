/**
 * JSON Patch as Fleet's agent applies an overlay's list `x_patch.yaml`: wrangler v3 patch.Apply does
 * `var p jsonpatch.Patch; json.Unmarshal(patch, &p); p.Apply(original)` with
 * github.com/evanphx/json-patch v5.9.11+incompatible, i.e. the root package's patch.go (the v4 line,
 * not v5/). Ported from that file at tag v5.9.11 (84a4bb100ade42a86fce2647c95a7dbcbf569cb2) with its
 * default globals: SupportNegativeIndices = true, AccumulatedCopySizeLimit = 0 (no limit); this
 * version has no ArraySizeLimit. Error texts are Go's, wrap chains included (`fmt.Errorf("…: %w")`
 * prints `msg: cause`), because Fleet shows them to the user; so are the library's quirks, which
 * decide whether a bundle deploys: replacing a missing object key adds it, `test` of a missing key
 * against null passes, an `add` at index -1 appends, and `move` reports the from key, not its path.
 */
import { goJsonMarshal } from '../gojson';
import { utf8Length } from '../go/strings';
import {
  AryView,
  DocView,
  ERR_MISSING,
  ERR_TEST_FAILED,
  LazyNode,
  NIL_DEREF,
  decodeAry,
  decodeDoc,
  docValue,
  goPanic,
  intoContainer,
  jsonKind,
  nodeEqual,
  nodeValue,
  type Container,
  type GoErr,
  type Node,
  type Raw,
} from './json-patch-node';

/** An Operation (map[string]*json.RawMessage): null values are nil pointers; null is the nil map. */
type Operation = Map<string, Raw | null> | null;

export interface JsonPatchOptions {
  /** AccumulatedCopySizeLimit: bytes `copy` may add over the patch; 0 (the default) is no limit. */
  readonly accumulatedCopySizeLimit?: number;
}

/** json.Unmarshal(patch, &Patch): every op decodes before any applies; the first error wins. */
function decodePatch(ops: unknown): Operation[] {
  if (ops === null) return [];
  if (!Array.isArray(ops))
    throw new Error(`json: cannot unmarshal ${jsonKind(ops)} into Go value of type jsonpatch.Patch`);
  return ops.map((op: unknown): Operation => {
    if (op === null) return null;
    if (typeof op !== 'object' || Array.isArray(op)) {
      throw new Error(`json: cannot unmarshal ${jsonKind(op)} into Go value of type jsonpatch.Operation`);
    }
    const m = new Map<string, Raw | null>();
    for (const [k, v] of Object.entries(op)) m.set(k, v === null ? null : { value: v });
    return m;
  });
}

/** Operation.Kind: "unknown" when op is missing, null or not a string. */
function kindOf(op: Operation): string {
  const raw = op?.get('op');
  return raw && typeof raw.value === 'string' ? raw.value : 'unknown';
}

/** Operation.Path / Operation.From. */
function field(op: Operation, name: 'path' | 'from'): { s: string; err: GoErr } {
  const raw = op?.get(name);
  if (!raw) {
    const missing = name === 'path' ? 'operation missing path field' : 'operation, missing from field';
    return { s: 'unknown', err: `${missing}: ${ERR_MISSING}` };
  }
  if (typeof raw.value === 'string') return { s: raw.value, err: null };
  return { s: 'unknown', err: `json: cannot unmarshal ${jsonKind(raw.value)} into Go value of type string` };
}

/** Operation.value: a fresh node per call, nil when the op has no `value` key. */
function valueOf(op: Operation): Node {
  if (!op?.has('value')) return null;
  return new LazyNode(op.get('value') ?? null);
}

/** decodePatchKey: RFC 6901 unescaping in one left-to-right pass, as strings.NewReplacer does. */
function decodePatchKey(k: string): string {
  return k.replace(/~[01]/g, (m) => (m === '~1' ? '/' : '~'));
}

/** findObject: the container of the path's last token, or null when any step is missing. */
function findObject(root: Container, path: string): { con: Container; key: string } | null {
  const split = path.split('/');
  if (split.length < 2) return null;
  let doc = root;
  for (const part of split.slice(1, -1)) {
    const { node: next, err } = doc.get(decodePatchKey(part));
    if (next === null || err !== null || next.raw === null) return null;
    // isArray looks at the raw bytes, not at what the node has become.
    const con = intoContainer(next, Array.isArray(next.raw.value));
    if (con === null) return null;
    doc = con;
  }
  return { con: doc, key: decodePatchKey(split[split.length - 1] as string) };
}

class Applier {
  private copied = 0;
  constructor(
    public root: DocView | AryView,
    private readonly copyLimit: number,
  ) {}

  add(op: Operation): GoErr {
    const { s: path, err } = field(op, 'path');
    if (err !== null) return `add operation failed to decode path: ${ERR_MISSING}`;
    const f = findObject(this.root, path);
    if (f === null) return `add operation does not apply: doc is missing path: "${path}": ${ERR_MISSING}`;
    const e = f.con.add(f.key, valueOf(op));
    return e === null ? null : `error in add for path: '${path}': ${e}`;
  }

  remove(op: Operation): GoErr {
    const { s: path, err } = field(op, 'path');
    if (err !== null) return `remove operation failed to decode path: ${ERR_MISSING}`;
    const f = findObject(this.root, path);
    if (f === null) return `remove operation does not apply: doc is missing path: "${path}": ${ERR_MISSING}`;
    const e = f.con.remove(f.key);
    return e === null ? null : `error in remove for path: '${path}': ${e}`;
  }

  replace(op: Operation): GoErr {
    const { s: path, err } = field(op, 'path');
    if (err !== null) return `replace operation failed to decode path: ${err}`;
    if (path === '') {
      const val = valueOf(op);
      if (val === null) return goPanic(NIL_DEREF);
      // Go wraps the (nil) path error here, so fmt prints %!w(<nil>).
      if (val.which === 'raw' && !intoContainer(val, false) && !intoContainer(val, true)) {
        return 'replace operation value must be object or array: %!w(<nil>)';
      }
      this.root = val.which === 'ary' ? new AryView(val) : new DocView(val);
      return null;
    }
    const f = findObject(this.root, path);
    if (f === null) return `replace operation does not apply: doc is missing path: ${path}: ${ERR_MISSING}`;
    if (f.con.get(f.key).err !== null) {
      return `replace operation does not apply: doc is missing key: ${path}: ${ERR_MISSING}`;
    }
    const e = f.con.set(f.key, valueOf(op));
    return e === null ? null : `error in remove for path: '${path}': ${e}`;
  }

  move(op: Operation): GoErr {
    const { s: from, err: fromErr } = field(op, 'from');
    if (fromErr !== null) return `move operation failed to decode from: ${fromErr}`;
    const src = findObject(this.root, from);
    if (src === null)
      return `move operation does not apply: doc is missing from path: ${from}: ${ERR_MISSING}`;
    const got = src.con.get(src.key);
    if (got.err !== null) return `error in move for path: '${src.key}': ${got.err}`;
    const removed = src.con.remove(src.key);
    if (removed !== null) return `error in move for path: '${src.key}': ${removed}`;
    const { s: path, err } = field(op, 'path');
    if (err !== null) return `move operation failed to decode path: ${err}`;
    const dst = findObject(this.root, path);
    if (dst === null)
      return `move operation does not apply: doc is missing destination path: ${path}: ${ERR_MISSING}`;
    const e = dst.con.add(dst.key, got.node);
    return e === null ? null : `error in move for path: '${path}': ${e}`;
  }

  test(op: Operation): GoErr {
    const { s: path, err } = field(op, 'path');
    if (err !== null) return `test operation failed to decode path: ${err}`;
    const failed = `testing value ${path} failed: ${ERR_TEST_FAILED}`;
    if (path === '') {
      const self = new LazyNode(null);
      if (this.root instanceof AryView) {
        self.ary = this.root.holder.ary;
        self.which = 'ary';
      } else {
        self.doc = this.root.holder.doc;
        self.which = 'doc';
      }
      return nodeEqual(self, valueOf(op)) ? null : failed;
    }
    const f = findObject(this.root, path);
    if (f === null) return `test operation does not apply: is missing path: ${path}: ${ERR_MISSING}`;
    const { node: val, err: getErr } = f.con.get(f.key);
    if (getErr !== null) return `error in test for path: '${path}': ${getErr}`;
    if (val === null) {
      const want = valueOf(op);
      return want === null || want.raw === null ? null : failed;
    }
    if (valueOf(op) === null) return failed;
    return nodeEqual(val, valueOf(op)) ? null : failed;
  }

  copy(op: Operation): GoErr {
    const { s: from, err: fromErr } = field(op, 'from');
    if (fromErr !== null) return `copy operation failed to decode from: ${fromErr}`;
    const src = findObject(this.root, from);
    if (src === null)
      return `copy operation does not apply: doc is missing from path: ${from}: ${ERR_MISSING}`;
    const got = src.con.get(src.key);
    if (got.err !== null) return `error in copy for from: '${from}': ${got.err}`;
    const { s: path, err } = field(op, 'path');
    if (err !== null) return `copy operation failed to decode path: ${ERR_MISSING}`;
    const dst = findObject(this.root, path);
    if (dst === null)
      return `copy operation does not apply: doc is missing destination path: ${path}: ${ERR_MISSING}`;
    // deepCopy: json.Marshal of the node, re-read as raw (so a copied null becomes raw `null`).
    let copy: Node = null;
    if (got.node !== null) {
      const value = nodeValue(got.node);
      this.copied += utf8Length(goJsonMarshal(value));
      copy = new LazyNode({ value });
    }
    if (this.copyLimit > 0 && this.copied > this.copyLimit) {
      return `Unable to complete the copy, the accumulated size increase of copy is ${this.copied}, exceeding the limit ${this.copyLimit}`;
    }
    const e = dst.con.add(dst.key, copy);
    return e === null ? null : `error while adding value during copy: ${e}`;
  }

  /** json.Marshal(pd). */
  result(): unknown {
    if (this.root instanceof DocView) return docValue(this.root.holder.doc);
    const { ary } = this.root.holder;
    return ary === null ? null : ary.map(nodeValue);
  }
}

/**
 * Patch.Apply over decoded JSON: `doc` is the document (undefined stands for empty bytes, which
 * Apply returns untouched), `ops` the decoded patch list. Returns the patched document; throws an
 * Error with the library's text when the patch does not decode or an operation fails.
 */
export function applyJsonPatch(doc: unknown, ops: unknown, options: JsonPatchOptions = {}): unknown {
  const patch = decodePatch(ops);
  if (doc === undefined) return undefined;
  // ApplyIndent: a document starting with '[' is a partialArray, anything else a partialDoc.
  const holder = new LazyNode(null);
  let root: DocView | AryView;
  if (Array.isArray(doc)) {
    const a = decodeAry(doc);
    if (!a.ok) throw new Error(a.err);
    holder.ary = a.ary;
    holder.which = 'ary';
    root = new AryView(holder);
  } else {
    const d = decodeDoc(doc);
    if (!d.ok) throw new Error(d.err);
    holder.doc = d.doc;
    holder.which = 'doc';
    root = new DocView(holder);
  }
  const run = new Applier(root, options.accumulatedCopySizeLimit ?? 0);
  for (const op of patch) {
    const kind = kindOf(op);
    let err: GoErr;
    switch (kind) {
      case 'add':
        err = run.add(op);
        break;
      case 'remove':
        err = run.remove(op);
        break;
      case 'replace':
        err = run.replace(op);
        break;
      case 'move':
        err = run.move(op);
        break;
      case 'test':
        err = run.test(op);
        break;
      case 'copy':
        err = run.copy(op);
        break;
      default:
        err = `Unexpected kind: ${kind}`;
    }
    if (err !== null) throw new Error(err);
  }
  return run.result();
}

/** Equal(a, b): the library's structural equality of two whole JSON documents. */
export function jsonPatchEqual(a: unknown, b: unknown): boolean {
  return nodeEqual(new LazyNode({ value: a }), new LazyNode({ value: b }));
}
