import { createTwoFilesPatch } from 'diff';
import type { DeclarativeConfig } from '../declcfg/types';
import type { RegistryMapping } from './bundle-resolver';
import { goBlobs, sortKeysDeep } from './go-blobs';

/**
 * Drift: a committed catalog that is not what its template renders to. Compared blob by blob (keyed
 * by schema, package and name) on content, key order aside; a bundle that differs only by the
 * registry of a same-digest image is not drift — the repository's registry mapping explains it and
 * is reported once. When the committed catalog is one file, a unified diff of the texts is added.
 */

export interface BlobKey {
  schema: string;
  package: string;
  name: string;
}

export interface TemplateDrift {
  /** No blob differs (after the registry mappings). */
  blobEqual: boolean;
  /** The committed file's text is exactly the render's (single-file catalogs only). */
  identical?: boolean;
  /** In the render, not in the committed catalog. */
  missing: BlobKey[];
  /** In the committed catalog, not in the render. */
  extra: BlobKey[];
  /** In both, with different content. */
  changed: BlobKey[];
  /** The blobs behind `missing`, `extra` and `changed` (Go shapes, keys sorted), to say what differs. */
  blobs: DriftBlobs;
  /** Registry mappings that explain image differences. */
  mappings: RegistryMapping[];
  /** Unified diff, committed file → render (when the committed text was given and blobs differ). */
  diff?: string;
}

/** For each differing key (keyText), the rendered and the committed copies. */
export type DriftBlobs = Map<
  string,
  { rendered: Record<string, unknown>[]; committed: Record<string, unknown>[] }
>;

export interface CommittedCatalog {
  dc: DeclarativeConfig;
  /** The committed file and its text, when the catalog is that one file. */
  file?: string;
  text?: string;
}

function keyOf(b: Record<string, unknown>): BlobKey {
  const s = (k: string) => (typeof b[k] === 'string' ? (b[k] as string) : '');
  const schema = s('schema');
  return {
    schema,
    package: schema === 'olm.package' ? s('name') : s('package'),
    name: schema === 'olm.package' ? '' : s('name'),
  };
}

export function keyText(k: BlobKey): string {
  return `${k.schema}\u0000${k.package}\u0000${k.name}`;
}

function applyMappings(text: string, mappings: readonly RegistryMapping[]): string {
  let out = text;
  for (const m of mappings) out = out.split(`${m.from}@`).join(`${m.to}@`);
  return out;
}

/** Groups blobs by key. Repeated keys keep every copy. */
function index(blobs: readonly Record<string, unknown>[]) {
  const m = new Map<string, { key: BlobKey; blobs: Record<string, unknown>[] }>();
  for (const b of blobs) {
    const key = keyOf(b);
    const k = keyText(key);
    const entry = m.get(k);
    if (entry) entry.blobs.push(b);
    else m.set(k, { key, blobs: [b] });
  }
  return m;
}

/** A blob's content as key-order-free JSON, with the registry mappings applied. */
function content(b: Record<string, unknown>, mappings: readonly RegistryMapping[]): string {
  return applyMappings(JSON.stringify(sortKeysDeep(b)), mappings);
}

/** Deep equality of decoded JSON, key order aside; no copy, stops at the first difference. */
export function jsonEqual(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  if (Array.isArray(a)) {
    const bb = b as unknown[];
    return a.length === bb.length && a.every((x, i) => jsonEqual(x, bb[i]));
  }
  const ka = Object.keys(a);
  if (ka.length !== Object.keys(b).length) return false;
  const ra = a as Record<string, unknown>;
  const rb = b as Record<string, unknown>;
  return ka.every((k) => k in rb && jsonEqual(ra[k], rb[k]));
}

/** Same content (as multisets of copies): equal objects cheaply, else through the mapped JSON. */
function sameContent(
  mine: readonly Record<string, unknown>[],
  theirs: readonly Record<string, unknown>[],
  mappings: readonly RegistryMapping[],
): boolean {
  if (mine.length !== theirs.length) return false;
  if (mine.length === 1 && jsonEqual(mine[0], theirs[0])) return true;
  const a = mine.map((b) => content(b, mappings)).sort();
  const b = theirs.map((x) => content(x, [])).sort();
  return a.join('\n') === b.join('\n');
}

function parsed(blobs: readonly Record<string, unknown>[] | undefined, mappings: readonly RegistryMapping[]) {
  return (blobs ?? []).map((b) => JSON.parse(content(b, mappings)) as Record<string, unknown>);
}

export function compareWithCommitted(
  rendered: readonly Record<string, unknown>[],
  committed: CommittedCatalog,
  opts: { mappings?: readonly RegistryMapping[]; renderedText?: string } = {},
): TemplateDrift {
  const mappings = opts.mappings ?? [];
  const mine = index(rendered);
  const theirs = index(goBlobs(committed.dc));
  const missing: BlobKey[] = [];
  const extra: BlobKey[] = [];
  const changed: BlobKey[] = [];
  for (const [k, r] of mine) {
    const c = theirs.get(k);
    if (!c) missing.push(r.key);
    else if (!sameContent(r.blobs, c.blobs, mappings)) changed.push(r.key);
  }
  for (const [k, c] of theirs) if (!mine.has(k)) extra.push(c.key);
  const blobs: DriftBlobs = new Map();
  for (const key of [...missing, ...extra, ...changed]) {
    const k = keyText(key);
    blobs.set(k, {
      rendered: parsed(mine.get(k)?.blobs, mappings),
      committed: parsed(theirs.get(k)?.blobs, []),
    });
  }
  const drift: TemplateDrift = {
    blobEqual: missing.length === 0 && extra.length === 0 && changed.length === 0,
    missing,
    extra,
    changed,
    blobs,
    mappings: [...mappings],
  };
  if (committed.text !== undefined && opts.renderedText !== undefined) {
    drift.identical = committed.text === opts.renderedText;
    // The text diff is for a real drift; a formatting-only difference is summed up by `identical`.
    if (!drift.identical && !drift.blobEqual) {
      const file = committed.file ?? 'committed';
      drift.diff = createTwoFilesPatch(
        file,
        `${file} (rendered from its template)`,
        committed.text,
        opts.renderedText,
      );
    }
  }
  return drift;
}

/** One line per difference, e.g. `changed olm.package mtv-operator`. */
export function describeDrift(d: TemplateDrift): string[] {
  const name = (k: BlobKey) => [k.schema, k.package, k.name].filter(Boolean).join(' ');
  return [
    ...d.changed.map((k) => `changed ${name(k)}`),
    ...d.missing.map((k) => `not committed ${name(k)}`),
    ...d.extra.map((k) => `not in template ${name(k)}`),
  ];
}
