/**
 * The edit session: the catalog worker's side of editing. It owns the working texts (through the
 * catalog it edits — a CatalogService's current catalog or one of its sessions — which re-validates
 * on every change), the undo history shared by typing and
 * one-click actions, and what was loaded, so it can say which files changed and what to write.
 * DOM-free: writing to a folder and zipping happen in the worker glue (src/browser/write-*.ts).
 */
import {
  actionByName,
  actionTitle,
  EditHistory,
  type Choices,
  type EditResult,
  type FileChange,
} from '../edit';
import type { ActionName } from '../edit/registry';
import type { CatalogApi } from './catalog-api';
import { quickFixes } from './edit-fixes';
import { schemaMarkers } from './edit-schema-markers';
import type {
  DirtyFile,
  EditState,
  FileEdit,
  FileText,
  QuickFix,
  SchemaMarker,
  StepResult,
  TextDelta,
} from './edit-types';
import type { DiagnosticView } from './views';

/** A pause longer than this ends a typing step: the next keystroke starts a new undo step. */
const TYPING_PAUSE_MS = 1000;

/** What editing needs of a catalog: CatalogService (its current catalog) and CatalogSession both are one. */
export type EditTarget = Pick<
  CatalogApi,
  'getFile' | 'getSummary' | 'updateFiles' | 'editContext' | 'locateRef'
>;

/**
 * Where one-click actions go instead of the catalog's own files: a template the catalog is
 * generated from (src/core/repository/template-route.ts). Typing still edits the file typed in.
 */
export interface EditRouter {
  /** Absent: the actions edit the catalog (its template is only a target of `carry`). */
  choices?(action: string, args: Record<string, unknown>): Choices<Record<string, unknown>>;
  perform?(action: string, args: Record<string, unknown>): EditResult;
  /** What was typed in the catalog's files (each as loaded and as now), made in the template. */
  carry?(files: readonly FileEdit[]): EditResult;
}

export class EditSession {
  private history = new EditHistory();
  /** Text of each touched file as loaded or last written (null: it did not exist). */
  private readonly originals = new Map<string, string | null>();
  private revision = 0;
  private lastTyping = -Infinity;

  constructor(
    private readonly service: EditTarget,
    private readonly router?: EditRouter,
  ) {
    // Edits are answered with deltas of the problems list (getDiagnosticsDelta): its code is loaded
    // as editing starts, so the first edit does not wait for it.
    void import('./diagnostics-delta').catch(() => undefined);
  }

  /** A new catalog was opened: forget edits and history. */
  reset(): void {
    this.history = new EditHistory();
    this.originals.clear();
    this.revision++;
    this.lastTyping = -Infinity;
  }

  private text(path: string): string | null {
    return this.service.getFile(path)?.text ?? null;
  }

  /** Remembers a file's loaded text before its first change. */
  private touch(path: string): void {
    if (!this.originals.has(path)) this.originals.set(path, this.text(path));
  }

  /** Applies full texts to the catalog (one re-validation) and records their originals. */
  private commit(changes: readonly FileText[]): void {
    for (const c of changes) this.touch(c.path);
    if (changes.length > 0) {
      this.service.updateFiles(changes);
      this.revision++;
    }
  }

  state(): EditState {
    const summary = this.service.getSummary();
    if (!summary) throw new Error('No catalog is open');
    return {
      summary,
      dirty: this.dirty(),
      canUndo: this.history.canUndo,
      canRedo: this.history.canRedo,
      undoLabel: this.history.undoLabel,
      redoLabel: this.history.redoLabel,
      revision: this.revision,
    };
  }

  private dirty(): DirtyFile[] {
    const out: DirtyFile[] = [];
    for (const [path, original] of this.originals) {
      const now = this.text(path);
      if (now === original) continue;
      out.push({ path, status: original === null ? 'added' : now === null ? 'deleted' : 'modified' });
    }
    return out.sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
  }

  /**
   * Typing in the editor: Monaco's content changes in order. Returns null (and changes nothing)
   * when the result's length is not `expectLength`, i.e. the editor and the worker disagree; the
   * editor then sends its whole text with `typeText`.
   */
  type(path: string, deltas: readonly TextDelta[], expectLength: number): EditState | null {
    const cur = this.text(path);
    if (cur === null) return null;
    let next = cur;
    for (const d of deltas) {
      if (d.offset < 0 || d.offset + d.length > next.length) return null;
      next = next.slice(0, d.offset) + d.text + next.slice(d.offset + d.length);
    }
    if (next.length !== expectLength) return null;
    return this.typeText(path, next);
  }

  /** Typing, with the editor's whole text. */
  typeText(path: string, text: string): EditState {
    const cur = this.text(path);
    if (cur === text) return this.state();
    const t = now();
    if (t - this.lastTyping > TYPING_PAUSE_MS) this.history.seal();
    this.lastTyping = t;
    this.history.recordTyping(path, cur ?? '', text, `Typing in ${basename(path)}`);
    this.commit([{ path, text }]);
    return this.state();
  }

  /** The values that make sense for an action's pickers, given the arguments known so far. */
  choices(action: ActionName, args: Record<string, unknown>): Choices<Record<string, unknown>> {
    if (this.router?.choices) return this.router.choices(action, args);
    const a = actionByName(action);
    if (!a?.choices) return {};
    return a.choices(this.service.editContext(), args as never) as Choices<Record<string, unknown>>;
  }

  /** What an action would do (changes, warnings or a refusal), without applying it. */
  preview(action: ActionName, args: Record<string, unknown>): EditResult {
    if (this.router?.perform) return this.router.perform(action, args);
    const a = actionByName(action);
    if (!a) return { changes: [], warnings: [], error: `unknown action ${action}` };
    return a.perform(this.service.editContext(), args as never);
  }

  /** Performs an action and applies it as one undoable step. */
  perform(
    action: ActionName,
    args: Record<string, unknown>,
    /** The undo step's name (default: the action's label); an action applied to several catalogs names them. */
    stepLabel?: string,
  ): StepResult & { result: EditResult } {
    const result = this.preview(action, args);
    if (result.error || result.changes.length === 0) return { result, state: this.state(), changes: [] };
    const spec = actionByName(action);
    const label = stepLabel ?? (spec ? actionTitle(spec.label) : action);
    return { result, ...this.applyChanges(result.changes, label) };
  }

  /** Applies file changes as one undoable step (actions, restoring a draft, taking the disk's version). */
  applyChanges(changes: readonly FileChange[], label: string): StepResult {
    this.history.apply(changes, label);
    const texts = changes.map((c) => ({ path: c.path, text: c.after }));
    this.commit(texts);
    return { state: this.state(), changes: texts };
  }

  undo(): StepResult {
    return this.step(this.history.undo());
  }

  redo(): StepResult {
    return this.step(this.history.redo());
  }

  private step(changes: FileChange[] | undefined): StepResult {
    const texts = (changes ?? []).map((c) => ({ path: c.path, text: c.after }));
    this.commit(texts);
    return { state: this.state(), changes: texts };
  }

  /**
   * Edits of a catalog a template generates (typed, or made by actions where they could not go to
   * the template): the same change made in the template (and the catalog rendered from it again
   * when that is possible offline), as one undoable step.
   */
  carryIntoTemplate(): StepResult & { result: EditResult } {
    const typed = this.edits().filter((e) => !e.path.startsWith('../'));
    const result: EditResult = !this.router?.carry
      ? {
          changes: [],
          warnings: [],
          error: 'this catalog is not generated from a template FBC Studio can edit',
        }
      : typed.length === 0
        ? { changes: [], warnings: [], error: 'nothing was typed in this catalog' }
        : this.router.carry(typed);
    if (result.error || result.changes.length === 0) return { result, state: this.state(), changes: [] };
    return { result, ...this.applyChanges(result.changes, 'Carry edits into the template') };
  }

  /** Puts a file back as it was loaded, as one undoable step. */
  revert(path: string): StepResult {
    if (!this.originals.has(path)) return { state: this.state(), changes: [] };
    const cur = this.text(path);
    const original = this.originals.get(path) ?? null;
    if (cur === original) return { state: this.state(), changes: [] };
    return this.applyChanges([{ path, before: cur, after: original }], `Revert ${basename(path)}`);
  }

  /** Every changed file with its loaded and current text (review, drafts, writing). */
  edits(): FileEdit[] {
    return this.dirty().map((d) => ({
      path: d.path,
      original: this.originals.get(d.path) ?? null,
      text: this.text(d.path),
    }));
  }

  /** The text a file had when loaded (or last written); the current text when it was never changed. */
  original(path: string): string | null {
    return this.originals.has(path) ? (this.originals.get(path) ?? null) : this.text(path);
  }

  /** Files now on disk as written: they are no longer changed (undo can still change them again). */
  markSaved(files: readonly FileText[]): EditState {
    for (const f of files) this.originals.set(f.path, f.text);
    return this.state();
  }

  /**
   * The disk changed under a file and the user keeps the disk's version: it becomes the loaded text,
   * and the editor's text is replaced by it as an undoable step.
   */
  takeDiskVersion(path: string, disk: string | null): StepResult {
    const cur = this.text(path);
    const r =
      cur === disk
        ? { state: this.state(), changes: [] }
        : this.applyChanges([{ path, before: cur, after: disk }], `Take ${basename(path)} from disk`);
    this.originals.set(path, disk);
    return { ...r, state: this.state() };
  }

  /**
   * Brings back a saved draft. A file is restored only when what is loaded now is what the draft
   * was made from; the others are returned in `stale` (restored too when `force`).
   */
  restore(files: readonly FileEdit[], force = false): StepResult & { stale: string[] } {
    const stale: string[] = [];
    const changes: FileChange[] = [];
    for (const f of files) {
      const cur = this.text(f.path);
      if (cur !== f.original) {
        stale.push(f.path);
        if (!force) continue;
      }
      if (cur !== f.text) changes.push({ path: f.path, before: cur, after: f.text });
    }
    const r = changes.length
      ? this.applyChanges(changes, 'Restore unsaved edits')
      : { state: this.state(), changes: [] };
    return { ...r, stale };
  }

  quickFixes(d: DiagnosticView): QuickFix[] {
    return quickFixes(this.service.editContext(), d);
  }

  /** Schema problems of every blob in a file, located (for JSON streams). */
  schemaMarkers(path: string): SchemaMarker[] {
    const ctx = this.service.editContext();
    return schemaMarkers(ctx.dc, path, (ref) => this.service.locateRef(ref));
  }
}

function basename(path: string): string {
  return path.slice(path.lastIndexOf('/') + 1);
}

function now(): number {
  return typeof performance !== 'undefined' ? performance.now() : Date.now();
}
