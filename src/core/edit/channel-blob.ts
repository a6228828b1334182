import type { DeclChannelEntry } from '../declcfg/types';
import type { EditContext } from './action';
import type { JsonValue } from './blob-op';
import { blobSamples, entrySamples, fileLooksSorted, newChannelTarget, ordered } from './placement';
import type { Workspace } from './workspace';

/** Writing channel blobs and entries in the catalog's own style (shared by create and promote). */

/** A channel entry as written: only the keys that are set. */
export function entryObject(e: DeclChannelEntry): { [key: string]: JsonValue } {
  const out: { [key: string]: JsonValue } = { name: e.name };
  if (e.replaces !== '') out.replaces = e.replaces;
  if (e.skips.length > 0) out.skips = [...e.skips];
  if (e.skipRange !== '') out.skipRange = e.skipRange;
  return out;
}

/**
 * Writes a new olm.channel blob where a maintainer would put it (see `newChannelTarget`), with
 * keys ordered like the catalog's other channels.
 */
export function writeChannelBlob(
  ctx: EditContext,
  ws: Workspace,
  pkg: string,
  name: string,
  entries: DeclChannelEntry[],
): string {
  const target = newChannelTarget(ctx, pkg, name);
  const styleFile = target.kind === 'append' ? target.path : (target.siblings[0] as string);
  const sorted = fileLooksSorted(ctx, styleFile);
  const eSamples = entrySamples(ctx, undefined, styleFile);
  const blob = ordered(
    {
      schema: 'olm.channel',
      package: pkg,
      name,
      entries: entries.map((e) => ordered(entryObject(e), 'entry', eSamples, sorted)),
    },
    'channel',
    blobSamples(ctx, 'channel', styleFile),
    sorted,
  ) as { [key: string]: JsonValue };
  if (target.kind === 'append') ws.appendBlob(target.path, blob);
  else ws.createFile(target.path, blob, target.siblings);
  return target.path;
}
