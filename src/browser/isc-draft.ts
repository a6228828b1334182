/**
 * The Mirror plan's ImageSetConfiguration as last typed, with its `--from` rows, kept in IndexedDB
 * like the catalog drafts (write-drafts.ts), so a reload loses nothing. One for the app, not per
 * catalog: an ISC names its catalogs by image reference, not by the folder open. Its own database.
 */
import { idbStore } from './idb-store';

export interface IscDraft {
  text: string;
  from: string[];
  /** The `mirror.operators[]` entry the open catalog stands for. */
  operator: number;
}

const KEY = 'isc';
const run = idbStore('fbc-studio-mirror', 'isc', 'key');

export async function loadIscDraft(): Promise<IscDraft | undefined> {
  try {
    const d = await run<(IscDraft & { key: string }) | undefined>('readonly', (s) => s.get(KEY));
    return d && typeof d.text === 'string'
      ? { text: d.text, from: d.from ?? [], operator: d.operator ?? 0 }
      : undefined;
  } catch {
    return undefined;
  }
}

export async function saveIscDraft(draft: IscDraft): Promise<void> {
  await run('readwrite', (s) => s.put({ key: KEY, ...draft })).catch(() => undefined);
}
