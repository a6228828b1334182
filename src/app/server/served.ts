/**
 * The folder `fbc-studio open` serves, in the app (loaded by ./start.ts only when there is one): it
 * is opened through the server's API, and a change made to it outside the app (an editor,
 * `git checkout`) arrives as a server-sent event and is offered as a reload; unsaved edits are kept
 * as a draft first and offered back once the folder is read again.
 */
import type { SourceSpec } from '../../browser/source-spec';
import { openSpec, openedSpec } from '../opening/open-catalog';
import { servedFolder, type ServedFolderInfo } from './start';
import { useEdits } from '../editor/edit-store';
import { diskChanged, reloadOfferClosed } from './served-store';

const serverSpec = (f: ServedFolderInfo): SourceSpec => ({
  kind: 'server',
  baseUrl: new URL('/', location.origin).href,
  name: f.name,
  id: f.id,
  readOnly: f.readOnly,
});

let events: EventSource | undefined;

function listen(): void {
  if (events) return;
  events = new EventSource('/api/events');
  events.onmessage = (e: MessageEvent<string>) => {
    // Only while the served folder is on screen (the user may have opened another one, or an image).
    const spec = openedSpec();
    if (spec?.kind !== 'server' || spec.baseUrl !== new URL('/', location.origin).href) return;
    try {
      const { changed } = JSON.parse(e.data) as { changed?: unknown };
      if (Array.isArray(changed) && changed.length) diskChanged(changed.map(String));
    } catch {
      // not ours
    }
  };
}

/** Opens the served folder and starts listening for outside changes. */
export async function openServed(folder: ServedFolderInfo): Promise<void> {
  listen();
  await openSpec(serverSpec(folder), folder.name);
}

/** Reads the served folder again; unsaved edits are saved as a draft first and offered back. */
export async function reloadFromDisk(): Promise<void> {
  const folder = servedFolder();
  if (!folder) return;
  if ((useEdits.getState().edit?.dirty.length ?? 0) > 0) await (await import('../drafts/draft-save')).save();
  reloadOfferClosed();
  await openSpec(serverSpec(folder), folder.name);
}
