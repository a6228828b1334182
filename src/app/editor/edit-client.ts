/**
 * The edit session, as the UI reaches it in the worker: every edit goes through here, one at a time
 * (a promise chain), so typing, actions and undo reach the worker in the order they happened and
 * never interleave. After each step the new catalog summary is published (the views on screen are
 * fetched for the new generation, then shown in one render: show-generation.ts) and the open
 * editors mirror the files the step changed. Writing back (folder, zip) and drafts go through
 * here too. Loaded when editing starts (edit-store.ts: editClient).
 *
 * This is one of the client modules (src/worker/client.ts): components never call the worker
 * directly. To add an edit request, add it to src/protocol/catalog-protocol.ts, implement it in the
 * worker, and add its function here.
 */
import type {
  ActionName,
  ConflictChoice,
  DiagnosticView,
  EditResult,
  EditState,
  FileEdit,
  PendingCatalog,
  StepResult,
  TextDelta,
} from '../../protocol/catalog-protocol';
import type { FileText } from '../../core/service/edit-types';
import type { CrossplaneEdit } from '../../core/crossplane/edit-deps';
import { catalogClient } from '../../worker/client';
import { prepareDeltas } from '../state/perf-diagnostics';
import { graphEntriesShown } from '../state/graph-entries';
import { showGeneration, viewsWaitForPause } from '../state/show-generation';
import { navigate } from '../state/url';
import { editStateChanged, sinceKeystroke } from './edit-store';
import { showNotice } from '../ui/ui-store';

// This module loads when editing starts: so does the code for the problems-list deltas edits bring.
prepareDeltas();

let chain: Promise<unknown> = Promise.resolve();

/** Runs `op` after every earlier edit operation has finished. */
export function enqueue<T>(op: () => Promise<T>): Promise<T> {
  const next = chain.then(op, op);
  chain = next.catch(() => undefined);
  return next;
}

/** Puts what was typed into the queue and waits for all of it (before switching catalogs). */
export function flushAndSettle(): Promise<void> {
  flushTyping();
  return settled();
}

/** Waits for every queued edit (tests, and before reading the edit state for a dialog). */
export function settled(): Promise<void> {
  return enqueue(async () => undefined);
}

type Mirror = (changes: readonly FileText[]) => void;
let mirror: Mirror | undefined;
/** The editor dock registers how it mirrors worker-side changes into its Monaco models. */
export function setMirror(m: Mirror | undefined): void {
  mirror = m;
}

/** Typing flushers the editor registers, run before any other edit so nothing typed is lost. */
const flushers = new Set<() => void>();
export function addFlusher(f: () => void): () => void {
  flushers.add(f);
  return () => flushers.delete(f);
}
function flushTyping(): void {
  for (const f of flushers) f();
}

/**
 * Where refreshing the views after every keystroke would block typing (a graph of thousands of
 * entries takes seconds of main thread) or lag behind it (a re-validation slower than typing), they
 * follow once typing pauses. Elsewhere, a 200 MB index included, they follow every keystroke.
 */
const TYPING_SETTLE_MS = 450;
let deferred: { timer: ReturnType<typeof setTimeout>; state: EditState } | undefined;

function isLarge(state: EditState): boolean {
  return viewsWaitForPause(state.summary.durationMs, graphEntriesShown());
}

function publishTyping(state: EditState): Promise<void> | undefined {
  if (!isLarge(state)) return publish(state);
  // The toolbar (changed files, undo) follows at once; the views when typing pauses.
  editStateChanged(state);
  if (deferred) clearTimeout(deferred.timer);
  const settle = () => {
    const wait = TYPING_SETTLE_MS - sinceKeystroke();
    if (!deferred) return;
    if (wait > 0) deferred.timer = setTimeout(settle, wait);
    else void publish(deferred.state);
  };
  deferred = { state, timer: setTimeout(settle, TYPING_SETTLE_MS) };
}

/** Shows an edit's result: the toolbar at once, the views in one render once they are fetched. */
function publish(state: EditState): Promise<void> {
  if (deferred) {
    clearTimeout(deferred.timer);
    deferred = undefined;
  }
  editStateChanged(state);
  return showGeneration(state.summary);
}

async function applyStep(r: StepResult): Promise<void> {
  if (r.changes.length) mirror?.(r.changes);
  await publish(r.state);
}

/**
 * Typing: `take` is called when the worker is free and returns every change since the last send
 * (and the editor's length after them), so however slow re-validation is on a large catalog, at
 * most one typing update waits in line: keystrokes coalesce instead of queueing up.
 * Falls back to the editor's whole text when the worker's copy disagrees.
 */
export function sendTyping(
  path: string,
  take: () => { deltas: TextDelta[]; length: number },
  fullText: () => string,
): Promise<void> {
  return enqueue(async () => {
    const c = catalogClient();
    const { deltas, length } = take();
    if (deltas.length === 0) return;
    const state = (await c.editType(path, deltas, length)) ?? (await c.editTypeText(path, fullText()));
    await publishTyping(state);
  });
}

/**
 * A file's whole new text, as typing sends it when the worker's copy disagrees (and as benchmarks
 * and tests edit: window.__fbcStudio.updateFile).
 */
export function typeText(path: string, text: string): Promise<EditState> {
  return enqueue(async () => {
    const state = await catalogClient().editTypeText(path, text);
    await publishTyping(state);
    return state;
  });
}

/** A failure is shown to the user; edits are never dropped silently. */
function report(e: unknown): void {
  showNotice({ kind: 'error', text: `The edit failed: ${e instanceof Error ? e.message : String(e)}` });
}

export function undo(): Promise<void> {
  flushTyping();
  return enqueue(async () => await applyStep(await catalogClient().editUndo())).catch(report);
}

export function redo(): Promise<void> {
  flushTyping();
  return enqueue(async () => await applyStep(await catalogClient().editRedo())).catch(report);
}

export function revertFile(path: string): Promise<void> {
  flushTyping();
  return enqueue(async () => await applyStep(await catalogClient().editRevert(path))).catch(report);
}

/** What was typed in a generated catalog, made in its template (one undo step); says what was carried. */
export function carryIntoTemplate(): Promise<EditResult> {
  flushTyping();
  return enqueue(async () => {
    const r = await catalogClient().editCarryIntoTemplate();
    await applyStep(r);
    return r.result;
  });
}

/** Performs an action; selects what it made (the new channel, the bundle) on success. */
export async function performAction(action: ActionName, args: Record<string, unknown>): Promise<EditResult> {
  flushTyping();
  return enqueue(async () => {
    const r = await catalogClient().editPerform(action, args);
    await applyStep(r);
    const sel = r.result.select;
    if (!r.result.error && sel) navigate({ pkg: sel.package, ch: sel.channel, bundle: sel.bundle });
    return r.result;
  });
}

/**
 * Performs an action on several of a repository's catalogs (the current one first) as one undo
 * step; says where it was refused.
 */
export async function performAcross(
  action: ActionName,
  args: Record<string, unknown>,
  catalogs: string[],
): Promise<{ result: EditResult; across: { catalog: string; error?: string; changes: number }[] }> {
  flushTyping();
  return enqueue(async () => {
    const r = await catalogClient().editPerformAcross(action, args, catalogs);
    await applyStep(r);
    const sel = r.result.select;
    if (!r.result.error && sel) navigate({ pkg: sel.package, ch: sel.channel, bundle: sel.bundle });
    return { result: r.result, across: r.across };
  });
}

export function previewAction(action: ActionName, args: Record<string, unknown>): Promise<EditResult> {
  flushTyping();
  return enqueue(() => catalogClient().editPreview(action, args));
}

/** Applies a step computed elsewhere in the worker (restore a draft, take the disk's version). */
function applyWorkerStep<T extends StepResult>(op: () => Promise<T>): Promise<T> {
  flushTyping();
  return enqueue(async () => {
    const r = await op();
    await applyStep(r);
    return r;
  });
}

/** Loads the worker's edit core (and this module) ahead of the first edit: edit-store.ts warmEditing. */
export function loadEditCore(): Promise<EditState> {
  return catalogClient().editState();
}

/** What an action's pickers offer, given the arguments chosen so far. */
export function actionChoices(action: ActionName, args: Record<string, unknown>) {
  return enqueue(() => catalogClient().editChoices(action, args));
}

/** The quick fixes the editor's light bulb offers for a finding. */
export const quickFixes = (d: DiagnosticView) => catalogClient().editQuickFixes(d);

/** Schema problems of a JSON stream's blobs (Monaco's JSON service cannot check them). */
export const schemaMarkers = (path: string) => catalogClient().editSchemaMarkers(path);

/** Every catalog's pending edits and their impact (a repository's other versions too), after every queued edit. */
export function listPending(): Promise<PendingCatalog[]> {
  return enqueue(() => catalogClient().editPending());
}

/**
 * The other catalogs with pending edits, after every queued edit: names only (the repository bar asks
 * at every edit; the impact `listPending` computes for each catalog is Review's).
 */
export function listPendingElsewhere(): Promise<string[]> {
  return enqueue(() => catalogClient().editPendingElsewhere());
}

/** Every changed file with its loaded and current text, after every queued edit. */
export function listEdits(): Promise<FileEdit[]> {
  return enqueue(() => catalogClient().editList());
}

/** Re-applies a draft's files (files changed on disk since only when `force`). */
export function restoreEdits(files: FileEdit[], force: boolean) {
  return applyWorkerStep(() => catalogClient().editRestore(files, force));
}

// Writing back.

/** The changed files and the conflicts writing them to the folder would meet. */
export function checkWrite() {
  return enqueue(() => catalogClient().editCheckWrite());
}

/** Writes the changed files (conflicts only when listed in `overwrite`) and shows the saved state. */
export async function writeEdits(overwrite: string[]) {
  const r = await enqueue(() => catalogClient().editWrite(overwrite));
  void publish(r.state);
  return r;
}

/** Every catalog with pending edits (a repository's): its changed files and their conflicts. */
export function checkWriteAll() {
  return enqueue(() => catalogClient().editCheckWriteAll());
}

/**
 * Writes every catalog's changed files, each conflict as chosen (none: it stays pending), and shows
 * the current catalog as saved (a disk version taken in it reaches its open editors).
 */
export async function writeAllEdits(choices: ConflictChoice[]) {
  flushTyping();
  const r = await enqueue(() => catalogClient().editWriteAll(choices));
  if (r.changes.length) mirror?.(r.changes);
  void publish(r.state);
  return r;
}

/** Takes the disk's version of a conflicting file (null: gone on disk) as an undoable edit. */
export function takeDiskVersion(path: string, disk: string | null) {
  return applyWorkerStep(() => catalogClient().editTakeDisk(path, disk));
}

/** The whole catalog, or only the changed files, as a zip. */
export function zipCatalog(scope: 'all' | 'changed') {
  return enqueue(() => catalogClient().editZip(scope));
}

/** Adds a dependency to a Crossplane meta file or bumps one's constraint (one undo step); says why not. */
export function crossplaneEdit(edit: CrossplaneEdit): Promise<EditResult> {
  flushTyping();
  return enqueue(async () => {
    const r = await catalogClient().editCrossplane(edit);
    await applyStep(r);
    return r.result;
  });
}
