/**
 * The app served by `fbc-studio open` (src/server): index.html then carries a
 * `<meta name="fbc-studio-served">` saying which folder is served, and the app opens it at start
 * instead of the demo. A change made to the folder outside the app (an editor, `git checkout`)
 * arrives as a server-sent event and is offered as a reload; unsaved edits are kept as a draft
 * first and offered back once the folder is read again. Without the tag (a static hosting of the
 * app) nothing here runs.
 */
import type { SourceSpec } from '../../browser/source-spec';
import { openDemo, openSpec, openedSpec } from '../state/actions';
import { useEdits } from '../editor/edit-store';
import { diskChanged, reloadOfferClosed } from './served-store';

interface ServedFolderInfo {
  name: string;
  id: string;
  readOnly: boolean;
}

/** What the server says it serves, or undefined when the app is not served by it. */
export function servedFolder(doc: Document = document): ServedFolderInfo | undefined {
  const content = doc.querySelector('meta[name="fbc-studio-served"]')?.getAttribute('content');
  if (!content) return undefined;
  try {
    return (JSON.parse(content) as { folder?: ServedFolderInfo }).folder;
  } catch {
    return undefined;
  }
}

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
    // Only while the served folder is on screen (the user may have opened another one).
    if (openedSpec()?.kind !== 'server') return;
    try {
      const { changed } = JSON.parse(e.data) as { changed?: unknown };
      if (Array.isArray(changed) && changed.length) diskChanged(changed.map(String));
    } catch {
      // not ours
    }
  };
}

/** At start: the served folder when there is one, else the demo. */
export async function openAtStart(): Promise<void> {
  const folder = servedFolder();
  if (!folder) {
    await openDemo();
    return;
  }
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
