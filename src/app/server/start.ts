/**
 * What the app opens at start. Served by `fbc-studio open` (src/server), index.html carries a
 * `<meta name="fbc-studio-served">` naming the folder served, and that folder is opened; else (no
 * folder chosen yet, or a static hosting of the app) the demo. The served-folder code (./served.ts,
 * the reload offer) loads only when there is such a folder: it is not part of the initial JS.
 */
import { openDemo } from '../state/actions';

export interface ServedFolderInfo {
  name: string;
  id: string;
  readOnly: boolean;
}

/** What the server says it serves (its own tag, so well-formed), or undefined when not served by it. */
export function servedFolder(): ServedFolderInfo | undefined {
  const content = document.querySelector<HTMLMetaElement>('meta[name="fbc-studio-served"]')?.content;
  return content ? (JSON.parse(content) as { folder?: ServedFolderInfo }).folder : undefined;
}

export async function openAtStart(): Promise<void> {
  const folder = servedFolder();
  if (!folder) await openDemo();
  else await (await import('./served')).openServed(folder);
}
