/**
 * Typing in a catalog that a basic template generates is lost at the next `opm alpha
 * render-template`. "Carry into the template" replays what was typed — the difference between the
 * catalog as it was opened and as it is now, blob by blob — on the template's own entries, with
 * the same in-place edits the one-click actions use, so the template keeps its comments, key order
 * and quoting. What a basic template cannot say (a bundle's properties: opm reads them from the
 * image) is listed instead of being carried.
 *
 * The difference is taken between the two catalog texts, not between the template and the
 * catalog, so a template that had already drifted from its catalog keeps its own differences.
 */
import type { DeclarativeConfig } from '../declcfg/types';
import { appendConfig, emptyDeclarativeConfig } from '../declcfg/types';
import type { FileChange } from '../edit/action';
import { EditError, type BlobOp, type JsonValue } from '../edit/blob-op';
import { basicTemplateContext } from '../edit/template/basic-context';
import { Workspace } from '../edit/workspace';
import type { BlobOrigin, JsonPath } from '../location';
import { loadFile } from '../load';
import type { CatalogBundleResolver } from '../template/bundle-resolver';
import { goFieldKey, isDocumentError, readTemplateDocument } from '../template/template-document';

export interface CarryInput {
  /** The template's path, as the files map and the result name it. */
  templatePath: string;
  templateText: string;
  /** How messages name the template (its path in the repository); `templatePath` by default. */
  templateName?: string;
  /** The catalog's files as opened (what the template rendered) and as they are now. */
  before: ReadonlyMap<string, string>;
  after: ReadonlyMap<string, string>;
  resolver?: CatalogBundleResolver;
}

export interface CarryResult {
  /** The template's change; undefined when nothing could be carried (or nothing changed). */
  change?: FileChange;
  /** One line per carried difference ("channel stable of etcd: entries changed"). */
  carried: string[];
  /** Differences a basic template cannot hold, each with why. */
  notCarried: string[];
  /** Why nothing was done (the template is not a basic one, does not parse…). */
  error?: string;
}

interface Blob {
  key: string;
  label: string;
  schema: string;
  raw: Record<string, unknown>;
  origin: BlobOrigin;
  image?: string;
}

export function carryIntoTemplate(input: CarryInput): CarryResult {
  const { templatePath, templateText } = input;
  const doc = readTemplateDocument(templatePath, templateText);
  if (isDocumentError(doc)) return fail(`the template does not parse: ${doc.message}`);
  const root = (doc.value ?? {}) as Record<string, unknown>;
  const schemaKey = typeof root === 'object' ? goFieldKey(root, 'schema') : undefined;
  const schema = schemaKey === undefined ? undefined : root[schemaKey];
  const name = input.templateName ?? templatePath;
  if (schema === 'olm.semver' || schema === 'olm.template.substitutes')
    return fail(
      `${name} is an ${schema} template: only a basic template lists the blobs typed here; make the change in the template by hand`,
    );
  if (schema !== 'olm.template.basic')
    return fail(
      `${name} does not render: opm reads only its first document, whose schema is ${typeof schema === 'string' ? schema : 'missing'}`,
    );

  const old = blobsOf(loadAll(input.before));
  const now = blobsOf(loadAll(input.after));
  let tctx;
  try {
    tctx = basicTemplateContext(doc, input.resolver).ctx;
  } catch (e) {
    if (e instanceof EditError) return fail(e.message);
    throw e;
  }
  const inTemplate = blobsOf(tctx.dc);
  const ws = new Workspace(tctx.files, tctx.dc);
  const carried: string[] = [];
  const notCarried: string[] = [];

  try {
    for (const [key, after] of now) {
      const before = old.get(key);
      if (before && same(before.raw, after.raw)) continue;
      if (after.schema === 'olm.bundle') {
        carryBundle(before, after, inTemplate, ws, templatePath, carried, notCarried);
        continue;
      }
      const target = inTemplate.get(key);
      if (before && !target) {
        notCarried.push(`${after.label} is not among the template's entries; change it where it is written`);
        continue;
      }
      if (!before || !target) {
        if (target) {
          notCarried.push(
            `${after.label} is new here but already in the template; left as the template has it`,
          );
          continue;
        }
        if (!isJson(after.raw)) {
          notCarried.push(`${after.label} holds numbers or booleans; add it to the template by hand`);
          continue;
        }
        ws.appendBlob(templatePath, after.raw as { [k: string]: JsonValue });
        carried.push(`${after.label} added`);
        continue;
      }
      const ops: BlobOp[] = [];
      const skipped: string[] = [];
      diff(before.raw, after.raw, target.raw, [], ops, skipped);
      for (const s of skipped) notCarried.push(`${after.label}: ${s}`);
      if (ops.length === 0) continue;
      ws.editBlob(target.origin, ops);
      carried.push(`${after.label} changed`);
    }
    for (const [key, before] of old) {
      if (now.has(key)) continue;
      if (before.schema === 'olm.bundle') {
        const stub = stubFor(before, inTemplate);
        if (!stub) continue;
        ws.removeBlob(stub.origin);
        carried.push(`${before.label} removed (image ${before.image})`);
        continue;
      }
      const target = inTemplate.get(key);
      if (!target) continue;
      ws.removeBlob(target.origin);
      carried.push(`${before.label} removed`);
    }
  } catch (e) {
    if (e instanceof EditError) return { carried: [], notCarried, error: e.message };
    throw e;
  }
  const change = ws.changes().find((c) => c.path === templatePath);
  return { ...(change ? { change } : {}), carried, notCarried };
}

const fail = (error: string): CarryResult => ({ carried: [], notCarried: [], error });

function loadAll(files: ReadonlyMap<string, string>): DeclarativeConfig {
  const dc = emptyDeclarativeConfig();
  for (const [path, text] of files) {
    if (!/\.(json|ya?ml)$/i.test(path)) continue;
    appendConfig(dc, loadFile(path, text, { bundleObjects: 'lazy' }).dc);
  }
  return dc;
}

/** Blobs by what they are (a channel is its package and name), so files and order do not matter. */
function blobsOf(dc: DeclarativeConfig): Map<string, Blob> {
  const out = new Map<string, Blob>();
  const put = (b: Blob) => {
    if (!out.has(b.key)) out.set(b.key, b);
  };
  for (const p of dc.packages)
    put({ key: `p\0${p.name}`, label: `package ${p.name}`, schema: p.schema, raw: p.raw, origin: p.origin });
  for (const c of dc.channels)
    put({
      key: `c\0${c.package}\0${c.name}`,
      label: `channel ${c.name} of ${c.package}`,
      schema: c.schema,
      raw: c.raw,
      origin: c.origin,
    });
  for (const d of dc.deprecations)
    put({
      key: `d\0${d.package}`,
      label: `deprecations of ${d.package}`,
      schema: d.schema,
      raw: d.raw,
      origin: d.origin,
    });
  for (const b of dc.bundles)
    put({
      // A stub without a resolved name is known by its image only.
      key: b.name ? `b\0${b.name}` : `i\0${b.image}`,
      label: `bundle ${b.name || b.image}`,
      schema: b.schema,
      raw: b.raw,
      origin: b.origin,
      image: b.image,
    });
  for (const o of dc.others)
    put({
      key: `o\0${o.schema}\0${o.package}\0${o.name}`,
      label: `${o.schema} blob${o.name ? ` ${o.name}` : ''}`,
      schema: o.schema,
      raw: o.raw,
      origin: o.origin,
    });
  return out;
}

/** The template's stub for a catalog bundle: the stub naming its image, else the one resolved to its name. */
function stubFor(bundle: Blob, inTemplate: ReadonlyMap<string, Blob>): Blob | undefined {
  for (const b of inTemplate.values()) if (b.schema === 'olm.bundle' && b.image === bundle.image) return b;
  return inTemplate.get(bundle.key);
}

/**
 * A basic template lists a bundle by its image; opm renders everything else from the image. A new
 * bundle is carried as a new image, a re-pointed image as the stub's new image; any other typed
 * change of a bundle is the image's business and is listed, not carried.
 */
function carryBundle(
  before: Blob | undefined,
  after: Blob,
  inTemplate: ReadonlyMap<string, Blob>,
  ws: Workspace,
  templatePath: string,
  carried: string[],
  notCarried: string[],
): void {
  if (!before) {
    if (stubFor(after, inTemplate)) return;
    if (!after.image) {
      notCarried.push(`${after.label} has no image; a basic template lists bundles by image`);
      return;
    }
    ws.appendBlob(templatePath, { schema: 'olm.bundle', image: after.image });
    carried.push(`${after.label} added as image ${after.image}`);
    return;
  }
  const { image: _a, ...restAfter } = after.raw;
  const { image: _b, ...restBefore } = before.raw;
  if (before.image !== after.image) {
    const stub = stubFor(before, inTemplate);
    if (stub && after.image) {
      const key = goFieldKey(stub.raw, 'image') ?? 'image';
      ws.editBlob(stub.origin, [{ op: 'set', path: [key], value: after.image }]);
      carried.push(`${after.label}: image ${before.image} → ${after.image}`);
    } else notCarried.push(`${after.label}: its image is not listed in the template`);
  }
  if (!same(restBefore, restAfter))
    notCarried.push(
      `${after.label}: its properties and related images come from the image when opm renders; rebuild the bundle to change them`,
    );
}

function diff(a: unknown, b: unknown, t: unknown, path: JsonPath, ops: BlobOp[], skipped: string[]): void {
  // Unchanged, or the template already says it (an action made the change there).
  if (same(a, b) || same(t, b)) return;
  const where = path.length === 0 ? 'the blob' : path.join('.');
  if (isObject(a) && isObject(b) && isObject(t)) {
    for (const k of Object.keys(b)) {
      if (k in a && same(a[k], b[k])) continue;
      const tk = goFieldKey(t, k);
      if (!(k in a) || tk === undefined) {
        if (tk !== undefined && same(t[tk], b[k])) continue;
        const v = b[k];
        if (!isJson(v)) skipped.push(`${[...path, k].join('.')} is not text; set it by hand`);
        else if (tk === undefined) ops.push({ op: 'insert', path: [...path, k], value: v });
        else if (typeof v === 'string') ops.push({ op: 'set', path: [...path, tk], value: v });
        else ops.push({ op: 'remove', path: [...path, tk] }, { op: 'insert', path: [...path, k], value: v });
        continue;
      }
      diff(a[k], b[k], t[tk], [...path, tk], ops, skipped);
    }
    for (const k of Object.keys(a)) {
      if (k in b) continue;
      const tk = goFieldKey(t, k);
      if (tk !== undefined) ops.push({ op: 'remove', path: [...path, tk] });
    }
    return;
  }
  if (Array.isArray(a) && Array.isArray(b) && Array.isArray(t)) {
    const id = identity([...a, ...b, ...t]);
    if (id) {
      diffList(a, b, t, id, path, ops, skipped);
      return;
    }
  }
  if (typeof b === 'string' && (typeof t === 'string' || t === undefined)) {
    ops.push({ op: 'set', path, value: b });
    return;
  }
  if (path.length > 0 && isJson(b) && typeof path[path.length - 1] === 'string') {
    ops.push({ op: 'remove', path }, { op: 'insert', path, value: b });
    return;
  }
  skipped.push(`${where} is not text; set it by hand`);
}

/** Lists matched item by item (entries by name, skips by value): only the items that changed are touched. */
function diffList(
  a: unknown[],
  b: unknown[],
  t: unknown[],
  id: (v: unknown) => string,
  path: JsonPath,
  ops: BlobOp[],
  skipped: string[],
): void {
  const ids = (l: unknown[]) => new Map(l.map((v, i) => [id(v), i] as const));
  const ai = ids(a);
  const bi = ids(b);
  const ti = ids(t);
  for (const [k, i] of bi) {
    const j = ai.get(k);
    const ti_ = ti.get(k);
    if (j !== undefined && ti_ !== undefined) diff(a[j], b[i], t[ti_], [...path, ti_], ops, skipped);
  }
  const removals = [...ai.keys()]
    .filter((k) => !bi.has(k))
    .map((k) => ti.get(k))
    .filter((i): i is number => i !== undefined)
    .sort((x, y) => y - x);
  for (const i of removals) ops.push({ op: 'remove', path: [...path, i] });
  for (const [k, i] of bi) {
    if (ai.has(k) || ti.has(k)) continue;
    const v = b[i];
    if (isJson(v)) ops.push({ op: 'append', path, value: v });
    else skipped.push(`an item of ${path.join('.')} is not text; add it by hand`);
  }
}

/** How items of a list are told apart: by name (entries), by reference (deprecations), by value (skips). */
function identity(items: unknown[]): ((v: unknown) => string) | undefined {
  if (items.every((v) => typeof v === 'string')) return (v) => v as string;
  if (items.every((v) => isObject(v) && typeof v.name === 'string'))
    return (v) => (v as { name: string }).name;
  if (items.every((v) => isObject(v) && isObject(v.reference)))
    return (v) => JSON.stringify((v as { reference: unknown }).reference);
  return undefined;
}

const isObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

/** What the editors can write: strings, lists and mappings of them. */
function isJson(v: unknown): v is JsonValue {
  if (typeof v === 'string') return true;
  if (Array.isArray(v)) return v.every(isJson);
  if (isObject(v)) return Object.values(v).every(isJson);
  return false;
}

function same(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (Array.isArray(a)) return Array.isArray(b) && a.length === b.length && a.every((v, i) => same(v, b[i]));
  if (isObject(a) && isObject(b)) {
    const ka = Object.keys(a);
    return ka.length === Object.keys(b).length && ka.every((k) => k in b && same(a[k], b[k]));
  }
  return false;
}
