import type { DeclChannel } from '../declcfg/types';
import { fieldKey } from '../model/json-path';
import type { EditContext } from './action';
import type { KeyPlacement } from './blob-op';
import { blobsOfFile, channelBlobs, packageBlob } from './catalog';
import { fallbackOrder, looksSorted, orderKeys, type ObjectKind } from './key-order';

/**
 * Where new text goes: which file gets a new blob, and in which order the keys of new objects
 * are written, following the catalog's own habits.
 */

function rawList(raw: unknown, field: string): unknown[] {
  if (typeof raw !== 'object' || raw === null) return [];
  const v = (raw as Record<string, unknown>)[fieldKey(raw, field)];
  return Array.isArray(v) ? v : [];
}

/** True when the file's blobs are written with sorted keys (opm's YAML output). */
export function fileLooksSorted(ctx: EditContext, path: string): boolean {
  return looksSorted(blobsOfFile(ctx.dc, path).map((b) => b.raw));
}

/** Channel entries to learn key order from: this channel's, then the others of its file, then any. */
export function entrySamples(ctx: EditContext, ch: DeclChannel | undefined, file: string): unknown[] {
  const out: unknown[] = [];
  if (ch) out.push(...rawList(ch.raw, 'entries'));
  for (const c of ctx.dc.channels)
    if (c !== ch && c.origin.file === file) out.push(...rawList(c.raw, 'entries'));
  if (out.length < 2)
    for (const c of ctx.dc.channels.slice(0, 50)) if (c !== ch) out.push(...rawList(c.raw, 'entries'));
  return out;
}

export function entryPlacement(ctx: EditContext, ch: DeclChannel): KeyPlacement {
  return {
    samples: entrySamples(ctx, ch, ch.origin.file),
    fallback: fallbackOrder('entry', fileLooksSorted(ctx, ch.origin.file)),
  };
}

/** Orders a new object's keys like the samples, else in opm's order for the file's style. */
export function ordered<T extends Record<string, unknown>>(
  obj: T,
  kind: ObjectKind,
  samples: readonly unknown[],
  sorted: boolean,
): T {
  const keys = orderKeys(Object.keys(obj), samples, fallbackOrder(kind, sorted));
  const out: Record<string, unknown> = {};
  for (const k of keys) out[k] = obj[k];
  return out as T;
}

/** Top-level blobs of one schema, to copy key order from (those in `file` first). */
export function blobSamples(ctx: EditContext, schema: 'channel' | 'deprecations', file: string): unknown[] {
  const list = schema === 'channel' ? ctx.dc.channels : ctx.dc.deprecations;
  const same = list.filter((b) => b.origin.file === file).map((b) => b.raw);
  return same.length > 0 ? same : list.slice(0, 20).map((b) => b.raw);
}

function dirname(path: string): string {
  const i = path.lastIndexOf('/');
  return i < 0 ? '' : path.slice(0, i + 1);
}

function basename(path: string): string {
  return path.slice(path.lastIndexOf('/') + 1);
}

export type NewBlobTarget =
  | { kind: 'append'; path: string }
  /** `siblings`: the files of the same kind whose style the new file copies. */
  | { kind: 'create'; path: string; siblings: string[] };

/**
 * Where a maintainer would put a new channel blob: in a one-blob-per-file catalog whose channel
 * files are all named `<prefix><channel name><suffix>` in one folder (e.g. `channels/channel-3.11.yaml`),
 * a new file named the same way; otherwise appended to the package's own file.
 */
export function newChannelTarget(ctx: EditContext, pkg: string, channel: string): NewBlobTarget {
  const pkgFile = packageBlob(ctx.dc, pkg).origin.file;
  const append: NewBlobTarget = { kind: 'append', path: pkgFile };
  const channels = channelBlobs(ctx.dc, pkg);
  if (channels.length === 0 || blobsOfFile(ctx.dc, pkgFile).length !== 1) return append;
  let pattern: { dir: string; prefix: string; suffix: string } | undefined;
  for (const c of channels) {
    const f = c.origin.file;
    if (f === pkgFile || blobsOfFile(ctx.dc, f).length !== 1 || c.name === '') return append;
    const base = basename(f);
    const i = base.lastIndexOf(c.name);
    if (i < 0) return append;
    const p = { dir: dirname(f), prefix: base.slice(0, i), suffix: base.slice(i + c.name.length) };
    if (pattern && (pattern.dir !== p.dir || pattern.prefix !== p.prefix || pattern.suffix !== p.suffix))
      return append;
    pattern = p;
  }
  if (!pattern || !/^[A-Za-z0-9._-]+$/.test(channel)) return append;
  const path = `${pattern.dir}${pattern.prefix}${channel}${pattern.suffix}`;
  if (ctx.files.has(path)) return append;
  return { kind: 'create', path, siblings: channels.map((c: DeclChannel) => c.origin.file) };
}
