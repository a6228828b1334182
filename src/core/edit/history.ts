import type { FileChange } from './action';
import { diffSplice } from './text';

/**
 * Undo/redo over file texts, covering both one-click actions and typing in the editor. Each step
 * stores, per file, only the changed span (common prefix and suffix dropped), so a one-line edit
 * of a 4 MB catalog costs a few bytes. Consecutive typing in one file coalesces into one step
 * until something else happens (an action, an undo, typing in another file, `seal()`).
 * Pure: no DOM, no timers; the caller applies the FileChanges that `undo`/`redo` return.
 */

interface FileDelta {
  path: string;
  /** Offset of the changed span. */
  start: number;
  /** The span's text before and after the step. */
  removed: string;
  inserted: string;
  /** Whether the file existed before / after the step (creation and deletion). */
  existedBefore: boolean;
  existsAfter: boolean;
}

interface Step {
  label: string;
  deltas: FileDelta[];
  /** Typing steps may absorb the next keystrokes in the same file. */
  typing?: string;
}

export interface HistoryEntry {
  label: string;
}

function delta(path: string, before: string | null, after: string | null): FileDelta {
  const s = diffSplice(before ?? '', after ?? '');
  return {
    path,
    start: s.start,
    removed: (before ?? '').slice(s.start, s.end),
    inserted: s.text,
    existedBefore: before !== null,
    existsAfter: after !== null,
  };
}

export class EditHistory {
  private readonly texts = new Map<string, string>();
  private readonly done: Step[] = [];
  private readonly undone: Step[] = [];
  private sealed = true;

  /** `limit`: the most steps kept (the oldest are dropped). */
  constructor(
    files: Iterable<readonly [string, string]> = [],
    private readonly limit = 500,
  ) {
    for (const [p, t] of files) this.texts.set(p, t);
  }

  /** The current text of a file as the history knows it (undefined: no such file). */
  current(path: string): string | undefined {
    return this.texts.get(path);
  }

  /** Registers a file opened after the history started, without making a step. */
  open(path: string, text: string): void {
    this.texts.set(path, text);
  }

  get canUndo(): boolean {
    return this.done.length > 0;
  }

  get canRedo(): boolean {
    return this.undone.length > 0;
  }

  /** Labels for "Undo <label>" / "Redo <label>". */
  get undoLabel(): string | undefined {
    return this.done[this.done.length - 1]?.label;
  }

  get redoLabel(): string | undefined {
    return this.undone[this.undone.length - 1]?.label;
  }

  /** Characters held by the undo and redo stacks (the changed spans only), for diagnostics. */
  storedChars(): number {
    let n = 0;
    for (const step of [...this.done, ...this.undone])
      for (const d of step.deltas) n += d.removed.length + d.inserted.length;
    return n;
  }

  /** Records an action's changes (already applied by the caller) as one undoable step. */
  apply(changes: readonly FileChange[], label: string): void {
    const deltas: FileDelta[] = [];
    for (const c of changes) {
      const before = this.texts.get(c.path) ?? c.before;
      if (before === c.after) continue;
      deltas.push(delta(c.path, before, c.after));
      this.set(c.path, c.after);
    }
    this.sealed = true;
    if (deltas.length === 0) return;
    this.push({ label, deltas });
  }

  /**
   * Records typing in one file (`after` is the editor's new text). Consecutive calls for the same
   * file merge into one step. `before` is used only for a file the history has not seen.
   */
  recordTyping(path: string, before: string, after: string, label = 'Typing'): void {
    const base = this.texts.has(path) ? (this.texts.get(path) as string) : before;
    if (base === after) return;
    const top = this.done[this.done.length - 1];
    if (!this.sealed && top?.typing === path && top.deltas.length === 1) {
      // Merge: rebuild the text before the step, then diff it against the new text.
      const d = top.deltas[0] as FileDelta;
      const original = base.slice(0, d.start) + d.removed + base.slice(d.start + d.inserted.length);
      top.deltas[0] = { ...delta(path, original, after), existedBefore: d.existedBefore };
      this.set(path, after);
      if (top.deltas[0].removed === '' && top.deltas[0].inserted === '' && d.existedBefore) this.done.pop();
      this.undone.length = 0;
      return;
    }
    if (!this.texts.has(path)) this.texts.set(path, base);
    this.push({ label, deltas: [delta(path, base, after)], typing: path });
    this.set(path, after);
    this.sealed = false;
  }

  /** Ends the current typing step, so the next keystroke starts a new one (e.g. after a pause). */
  seal(): void {
    this.sealed = true;
  }

  /** Reverts the last step; returns the file changes to apply (full texts), or undefined. */
  undo(): FileChange[] | undefined {
    const step = this.done.pop();
    if (!step) return undefined;
    this.undone.push(step);
    return this.replay([...step.deltas].reverse(), 'back');
  }

  /** Re-applies the last undone step; returns the file changes to apply, or undefined. */
  redo(): FileChange[] | undefined {
    const step = this.undone.pop();
    if (!step) return undefined;
    this.done.push(step);
    return this.replay(step.deltas, 'forward');
  }

  /** Applies deltas back (undo: the removed text returns) or forward (redo); the file changes made. */
  private replay(deltas: readonly FileDelta[], way: 'back' | 'forward'): FileChange[] {
    this.sealed = true;
    const out: FileChange[] = [];
    for (const d of deltas) {
      const [put, take, exists] =
        way === 'back' ? [d.removed, d.inserted, d.existedBefore] : [d.inserted, d.removed, d.existsAfter];
      const cur = this.texts.get(d.path) ?? '';
      const after = exists ? cur.slice(0, d.start) + put + cur.slice(d.start + take.length) : null;
      out.push({ path: d.path, before: this.texts.has(d.path) ? cur : null, after });
      this.set(d.path, after);
    }
    return out;
  }

  private set(path: string, text: string | null): void {
    if (text === null) this.texts.delete(path);
    else this.texts.set(path, text);
  }

  private push(step: Step): void {
    this.done.push(step);
    this.undone.length = 0;
    if (this.done.length > this.limit) this.done.splice(0, this.done.length - this.limit);
  }
}
