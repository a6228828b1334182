import type { DeclarativeConfig } from '../declcfg/types';
import type { Model } from '../model/types';

/**
 * One-click catalog actions (promote, set default channel, draw/remove an edge, deprecate, …) in
 * the style of excalidraw's actions: each is a pure function from the current file texts to the
 * text edits it makes. The UI applies the changes, records them in the undo history and re-loads;
 * nothing here touches a DOM or an editor.
 */

/** What an action applies to, so menus and the command palette can offer it. */
export type ActionTarget = 'package' | 'channel' | 'bundle' | 'edge';

export interface EditContext {
  /** Current text of every catalog file, by the path the loader used. */
  files: ReadonlyMap<string, string>;
  /** The declcfg loaded from exactly these texts (its blob origins index into them). */
  dc: DeclarativeConfig;
  /** The model converted from `dc` (may be partial when the catalog has errors). */
  model: Model;
}

/** One file's full text before and after. `null` means the file does not exist (creation / deletion). */
export interface FileChange {
  path: string;
  before: string | null;
  after: string | null;
}

/** What the UI should select once the change is applied. */
export interface EditSelection {
  package: string;
  channel?: string;
  bundle?: string;
}

export interface EditResult {
  /** Only the files that change; empty when the action refused (see `error`). */
  changes: FileChange[];
  /** Things the user should know before keeping the change (several heads, stranded users…). */
  warnings: string[];
  /** Why nothing was changed: a user-level problem, never an exception. */
  error?: string;
  select?: EditSelection;
}

/** One value offered for an argument by a picker. */
export interface Choice {
  value: string;
  label: string;
  /** A short explanation shown beside the label (version, "not in this channel", …). */
  detail?: string;
  /** The value the action would use if the argument were left out (e.g. the current head). */
  recommended?: boolean;
}

/** For each argument the UI still has to pick, the values that make sense given the others. */
export type Choices<A> = { [K in keyof A]?: Choice[] };

export interface Action<A> {
  /** Stable id, e.g. `promoteToChannel`. */
  name: string;
  /** Menu text, e.g. `Promote to channel…`. */
  label: string;
  shortcut?: string;
  /** Which targets it applies to, for menus and the palette. */
  appliesTo: ActionTarget[];
  /** Choices that make sense for the UI pickers, given the arguments known so far. */
  choices?(ctx: EditContext, args: Partial<A>): Choices<A>;
  /** Pure: the same context and arguments always give the same result. Never throws for user errors. */
  perform(ctx: EditContext, args: A): EditResult;
}

export function refuse(error: string, warnings: string[] = []): EditResult {
  return { changes: [], warnings, error };
}
