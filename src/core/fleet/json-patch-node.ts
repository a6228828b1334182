/**
 * The document model of github.com/evanphx/json-patch's root package (patch.go at tag v5.9.11, the
 * v4 line wrangler's patch.Apply imports): lazy nodes, the two containers and `equal`. Ported type
 * by type because the library's answers depend on the model's states, not only on the JSON values:
 * a null read from the document is a nil *lazyNode, a null given as an op value is a node whose raw
 * is nil, and a copied null is a node whose raw is the bytes `null` (which then passes for `{}`).
 *
 * A json.RawMessage is held decoded ({ value }): every raw here is the canonical encoding of a
 * decoded value (the agent's YAML→JSON output, or json.Marshal in deepCopy), so its bytes are
 * goJsonMarshal(value). Go panics are thrown with the runtime's text.
 */
import { goJsonMarshal } from '../gojson';
import { goQuote } from '../go/strings';
import { goParseInt } from '../go/strconv-parse';

/** A non-nil *json.RawMessage. */
export interface Raw {
  readonly value: unknown;
}

/** A *lazyNode; null is the nil pointer. */
export type Node = LazyNode | null;

/** partialDoc (null: the nil map) and partialArray (null: the nil slice). */
export type PartialDoc = Map<string, Node> | null;
export type PartialArray = Node[] | null;

export class LazyNode {
  doc: PartialDoc = null;
  ary: PartialArray = null;
  which: 'raw' | 'doc' | 'ary' = 'raw';
  constructor(public raw: Raw | null) {}
}

/** A Go error value as text, returned the Go way so call sites wrap it as patch.go does. */
export type GoErr = string | null;

export const ERR_TEST_FAILED = 'test failed';
export const ERR_MISSING = 'missing value';
export const ERR_INVALID_INDEX = 'invalid index referenced';

export function goPanic(text: string): never {
  throw new Error(text);
}

export const NIL_DEREF = 'runtime error: invalid memory address or nil pointer dereference';

function isObject(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

/** encoding/json's name for the JSON kind in an UnmarshalTypeError. */
export function jsonKind(v: unknown): string {
  if (Array.isArray(v)) return 'array';
  if (typeof v === 'boolean') return 'bool';
  return typeof v === 'object' ? 'object' : typeof v;
}

/** json.Unmarshal(raw, &partialDoc): null gives the nil map; anything but an object fails. */
export function decodeDoc(v: unknown): { ok: true; doc: PartialDoc } | { ok: false; err: string } {
  if (v === null) return { ok: true, doc: null };
  if (!isObject(v))
    return {
      ok: false,
      err: `json: cannot unmarshal ${jsonKind(v)} into Go value of type jsonpatch.partialDoc`,
    };
  const doc = new Map<string, Node>();
  for (const [k, x] of Object.entries(v)) doc.set(k, x === null ? null : new LazyNode({ value: x }));
  return { ok: true, doc };
}

/** json.Unmarshal(raw, &partialArray). */
export function decodeAry(v: unknown): { ok: true; ary: PartialArray } | { ok: false; err: string } {
  if (v === null) return { ok: true, ary: null };
  if (!Array.isArray(v))
    return {
      ok: false,
      err: `json: cannot unmarshal ${jsonKind(v)} into Go value of type jsonpatch.partialArray`,
    };
  return { ok: true, ary: v.map((x: unknown) => (x === null ? null : new LazyNode({ value: x }))) };
}

function tryDoc(n: LazyNode): boolean {
  if (n.raw === null) return false;
  const d = decodeDoc(n.raw.value);
  if (!d.ok) return false;
  n.doc = d.doc;
  n.which = 'doc';
  return true;
}

function tryAry(n: LazyNode): boolean {
  if (n.raw === null) return false;
  const a = decodeAry(n.raw.value);
  if (!a.ok) return false;
  n.ary = a.ary;
  n.which = 'ary';
  return true;
}

/** intoDoc / intoAry: the node as a container, materialising its raw once. */
export function intoContainer(n: LazyNode, array: boolean): Container | null {
  if (array ? n.which !== 'ary' : n.which !== 'doc') {
    if (n.raw === null) return null; // ErrInvalid; findObject drops the error
    if (!(array ? tryAry(n) : tryDoc(n))) return null;
  }
  return array ? new AryView(n) : new DocView(n);
}

/** compact(): nil for a nil raw, else the raw's compact bytes. */
function compact(n: LazyNode): string | null {
  return n.raw === null ? null : goJsonMarshal(n.raw.value);
}

/** lazyNode.equal, including its asymmetries and its nil dereferences (a null inside an array). */
export function nodeEqual(n: Node, o: Node): boolean {
  if (n === null) return goPanic(NIL_DEREF);
  if (n.which === 'raw' && !tryDoc(n) && !tryAry(n)) {
    if (o === null) return goPanic(NIL_DEREF);
    if (o.which !== 'raw') return false;
    return compact(n) === compact(o);
  }
  if (o === null) return goPanic(NIL_DEREF);
  if (n.which === 'doc') {
    if (o.which === 'raw' && !tryDoc(o)) return false;
    if (o.which !== 'doc') return false;
    const nd = n.doc ?? new Map<string, Node>();
    const od = o.doc ?? new Map<string, Node>();
    if (nd.size !== od.size) return false;
    for (const [k, v] of nd) {
      if (!od.has(k)) return false;
      const ov = od.get(k) ?? null;
      if ((v === null) !== (ov === null)) return false;
      if (v === null) continue;
      if (!nodeEqual(v, ov)) return false;
    }
    return true;
  }
  if (o.which !== 'ary' && !tryAry(o)) return false;
  const na = n.ary ?? [];
  const oa = o.ary ?? [];
  if (na.length !== oa.length) return false;
  return na.every((v, i) => nodeEqual(v, oa[i] ?? null));
}

/** json.Marshal of a node (MarshalJSON), as a fresh decoded value. */
export function nodeValue(n: Node): unknown {
  if (n === null) return null;
  if (n.which === 'doc') return docValue(n.doc);
  if (n.which === 'ary') return n.ary === null ? null : n.ary.map(nodeValue);
  return n.raw === null ? null : cloneJson(n.raw.value);
}

export function docValue(doc: PartialDoc): unknown {
  if (doc === null) return null;
  const out: Record<string, unknown> = {};
  // defineProperty: a `__proto__` key stays an own key instead of setting the prototype.
  for (const [k, v] of doc)
    Object.defineProperty(out, k, {
      value: nodeValue(v),
      enumerable: true,
      writable: true,
      configurable: true,
    });
  return out;
}

/** The output must not share objects with the caller's document or patch. */
function cloneJson(v: unknown): unknown {
  if (Array.isArray(v)) return v.map(cloneJson);
  if (!isObject(v)) return v;
  const out: Record<string, unknown> = {};
  for (const [k, x] of Object.entries(v))
    Object.defineProperty(out, k, {
      value: cloneJson(x),
      enumerable: true,
      writable: true,
      configurable: true,
    });
  return out;
}

/** patch.go's container interface: errors as Go error text, panics thrown. */
export interface Container {
  get(key: string): { node: Node; err: GoErr };
  set(key: string, val: Node): GoErr;
  add(key: string, val: Node): GoErr;
  remove(key: string): GoErr;
}

/** *partialDoc: a view of the holder's doc field, as Go holds a pointer to it. */
export class DocView implements Container {
  constructor(readonly holder: LazyNode) {}
  get(key: string): { node: Node; err: GoErr } {
    return { node: this.holder.doc?.get(key) ?? null, err: null };
  }
  set(key: string, val: Node): GoErr {
    return this.add(key, val);
  }
  add(key: string, val: Node): GoErr {
    if (this.holder.doc === null) return goPanic('assignment to entry in nil map');
    this.holder.doc.set(key, val);
    return null;
  }
  remove(key: string): GoErr {
    if (!this.holder.doc?.has(key)) return `Unable to remove nonexistent key: ${key}: ${ERR_MISSING}`;
    this.holder.doc.delete(key);
    return null;
  }
}

/** strconv.Atoi on a 64-bit platform, with its NumError text. */
function atoi(key: string): { idx: bigint; err: GoErr } {
  const p = goParseInt(key, 10);
  if (p.err === undefined) return { idx: p.value, err: null };
  const why = p.err === 'syntax' ? 'invalid syntax' : 'value out of range';
  return { idx: 0n, err: `strconv.Atoi: parsing ${goQuote(key)}: ${why}` };
}

function invalidIndex(idx: bigint): string {
  return `Unable to access invalid index: ${idx}: ${ERR_INVALID_INDEX}`;
}

/** *partialArray, SupportNegativeIndices being true by default: -1 is the last element. */
export class AryView implements Container {
  constructor(readonly holder: LazyNode) {}
  private get cur(): Node[] {
    return this.holder.ary ?? [];
  }
  get(key: string): { node: Node; err: GoErr } {
    const { idx: i, err } = atoi(key);
    if (err !== null) return { node: null, err };
    const len = BigInt(this.cur.length);
    let idx = i;
    if (idx < 0n) {
      if (idx < -len) return { node: null, err: invalidIndex(idx) };
      idx += len;
    }
    if (idx >= len) return { node: null, err: invalidIndex(idx) };
    return { node: this.cur[Number(idx)] ?? null, err: null };
  }
  /** Only reached from replace, after get accepted the key. */
  set(key: string, val: Node): GoErr {
    const { idx: i, err } = atoi(key);
    if (err !== null) return err;
    const len = BigInt(this.cur.length);
    let idx = i;
    if (idx < 0n) {
      if (idx < -len) return invalidIndex(idx);
      idx += len;
    }
    if (idx >= len) return goPanic(`runtime error: index out of range [${idx}] with length ${len}`);
    this.cur[Number(idx)] = val;
    return null;
  }
  add(key: string, val: Node): GoErr {
    if (key === '-') {
      this.holder.ary = [...this.cur, val];
      return null;
    }
    const { idx: i, err } = atoi(key);
    if (err !== null) return `value was not a proper array index: '${key}': ${err}`;
    const sz = BigInt(this.cur.length + 1);
    let idx = i;
    if (idx >= sz) return invalidIndex(idx);
    if (idx < 0n) {
      if (idx < -sz) return invalidIndex(idx);
      idx += sz; // so "-1" appends
    }
    const at = Number(idx);
    this.holder.ary = [...this.cur.slice(0, at), val, ...this.cur.slice(at)];
    return null;
  }
  remove(key: string): GoErr {
    const { idx: i, err } = atoi(key);
    if (err !== null) return err;
    const len = BigInt(this.cur.length);
    let idx = i;
    if (idx >= len) return invalidIndex(idx);
    if (idx < 0n) {
      if (idx < -len) return invalidIndex(idx);
      idx += len;
    }
    const at = Number(idx);
    this.holder.ary = [...this.cur.slice(0, at), ...this.cur.slice(at + 1)];
    return null;
  }
}
