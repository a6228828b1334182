/**
 * Plain data exchanged between the UI and the edit session in the catalog worker (structured-clone
 * safe, like views.ts). Kept apart from edit-session.ts so the UI can import the types without
 * pulling the edit core (and its YAML library) into the initial bundle.
 */
import type { ActionName } from '../edit/registry';
import type { SourceRange } from '../location';
import type { CatalogSummary } from './views';

export type DirtyStatus = 'modified' | 'added' | 'deleted';

export interface DirtyFile {
  path: string;
  status: DirtyStatus;
}

/** Everything the UI shows about the edit state after any change. */
export interface EditState {
  summary: CatalogSummary;
  /** Files whose text differs from what was loaded (or last written), in path order. */
  dirty: DirtyFile[];
  canUndo: boolean;
  canRedo: boolean;
  undoLabel?: string;
  redoLabel?: string;
  /** Increments on every change of any file text (drafts are saved per revision). */
  revision: number;
}

/** One Monaco content change: replace `length` characters at `offset` with `text`. */
export interface TextDelta {
  offset: number;
  length: number;
  text: string;
}

/** A file's new text after a step (null: the file no longer exists), for open editors to mirror. */
export interface FileText {
  path: string;
  text: string | null;
}

export interface StepResult {
  state: EditState;
  changes: FileText[];
}

/** A changed file with its text as loaded (null: new file) and now (null: removed). */
export interface FileEdit {
  path: string;
  original: string | null;
  text: string | null;
}

/** A fix offered in the editor's light bulb for one diagnostic: an edit action with its arguments. */
export interface QuickFix {
  title: string;
  action: ActionName;
  args: Record<string, unknown>;
  preferred?: boolean;
}

/** A schema problem of one blob, located in its file (JSON streams, which Monaco cannot check). */
export interface SchemaMarker {
  message: string;
  range: SourceRange;
}
