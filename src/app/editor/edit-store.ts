/**
 * UI state of editing: the worker's edit state (changed files, undo/redo) and the editor dock (open
 * tabs, where to reveal); the dialogs, notices and menus are the app's (ui/ui-store.ts). Kept
 * small: it is part of the initial bundle, while the editor, the pickers and the review are lazy
 * chunks. Changed only through the named mutations below (plain functions, so components call
 * them without subscribing).
 */
import { create } from 'zustand';
import type { DirtyFile, EditState } from '../../core/service/edit-types';
import type { SourceRange } from '../../core/location';
import { requestWriteAccess } from '../state/open-folder';
import { closeOverlays, openDialog } from '../ui/ui-store';

export interface Reveal {
  path: string;
  line: number;
  column: number;
  endLine?: number;
  endColumn?: number;
  /** Changes on every request, so revealing the same place twice scrolls again. */
  nonce: number;
}

/** The edit state without the catalog summary, whose one copy is the app store's (state/store.ts). */
export type EditStatus = Omit<EditState, 'summary'>;

export interface EditUiState {
  /** Undefined until something is edited (the worker's edit core is loaded on first use). */
  edit?: EditStatus;
  editorOpen: boolean;
  tabs: string[];
  active?: string;
  reveal?: Reveal;
  sidebar: 'packages' | 'files';
}

export const useEdits = create<EditUiState>()(() => ({
  editorOpen: false,
  tabs: [],
  sidebar: 'packages',
}));

const set = useEdits.setState;

/** An edit step's result reached the UI (the summary in it goes to the app store: edit-client.ts). */
export function editStateChanged({ summary: _summary, ...status }: EditState): void {
  set({ edit: status });
}

export const showSidebar = (sidebar: EditUiState['sidebar']) => set({ sidebar });
export const showTab = (path: string) => set({ active: path });
export const closeEditor = () => set({ editorOpen: false });
/** The toolbar's Files button: the editor with the file list beside it, or neither. */
export const toggleEditor = () => set((s) => ({ editorOpen: !s.editorOpen, sidebar: 'files' }));

export const dirtyFiles = (s: EditUiState): DirtyFile[] => s.edit?.dirty ?? [];

/**
 * "Write to folder": opens the write dialog and, in the same click, asks for write access to the
 * folder (it may have lapsed since opening; the prompt needs the click's user activation).
 */
export function startFolderWrite(): void {
  openDialog({ kind: 'write', target: 'folder', access: requestWriteAccess() });
}

let nonce = 0;

/** Opens a file in the editor dock (loading Monaco on first use), at a range when given. */
/**
 * Where Escape in the editor returns focus: what had it when a file was last opened from elsewhere
 * (a problem, a graph node's menu, the palette). Opening from inside the editor keeps the earlier one.
 */
let editorOpener: HTMLElement | null = null;
export const editorReturnTarget = () => (editorOpener?.isConnected ? editorOpener : null);

export function openInEditor(path: string, at?: Pick<SourceRange, 'start' | 'end'>): void {
  const from = typeof document === 'undefined' ? null : (document.activeElement as HTMLElement | null);
  if (from && from !== document.body && !from.closest('.editor-dock, .modal, .context-menu'))
    editorOpener = from;
  const s = useEdits.getState();
  const tabs = s.tabs.includes(path) ? s.tabs : [...s.tabs, path];
  set({
    editorOpen: true,
    tabs,
    active: path,
    reveal: {
      path,
      line: at?.start.line ?? 1,
      column: at?.start.column ?? 1,
      endLine: at?.end.line,
      endColumn: at?.end.column,
      nonce: ++nonce,
    },
  });
}

export function closeTab(path: string): void {
  const s = useEdits.getState();
  const tabs = s.tabs.filter((t) => t !== path);
  const i = s.tabs.indexOf(path);
  const active = s.active === path ? (tabs[Math.min(i, tabs.length - 1)] ?? undefined) : s.active;
  set({ tabs, active, editorOpen: tabs.length > 0 && s.editorOpen });
}

/** A new catalog is open: its edit state starts empty (without loading the edit core). */
export function resetEdits(): void {
  set({
    edit: undefined,
    tabs: [],
    active: undefined,
    editorOpen: false,
  });
  closeOverlays();
}

let lastKeystroke = -Infinity;
/** The editor calls this on every change typed, so large-catalog work waits for a real pause. */
export function noteKeystroke(): void {
  lastKeystroke = performance.now();
}

/** Milliseconds since the last keystroke in the editor. */
export function sinceKeystroke(): number {
  return performance.now() - lastKeystroke;
}

/** The edit operations, loaded on first use (undo before any edit has nothing to do anyway). */
export const editClient = () => import('./edit-client');

/**
 * Loads the edit code on both sides of the worker ahead of the first edit (opening the files, the
 * editor, a menu, the palette), so the first keystroke or action does not wait for it. Never at
 * start-up: it is not initial JS.
 */
export function warmEditing(): void {
  void editClient()
    .then((m) => m.loadEditCore())
    .catch(() => undefined);
}

// The graph notes its size here, for the editor to weigh whether the views follow typing
// (graph-entries.ts): from this initial module, so the graph's chunk needs no extra file for it.
export { graphEntriesShown, noteGraphEntries } from '../state/graph-entries';
