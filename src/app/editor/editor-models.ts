/**
 * The Monaco models of the open tabs, by path, shared by the dock's hooks, the worker's mirror and the
 * quick-fix provider. Text from the worker (an action, undo, another tab's edit) is applied here as
 * one minimal edit, flagged so the typing listener does not send it back as typing.
 */
import type { editor as MonacoEditorNs } from 'monaco-editor/editor';
import { monaco } from './monaco-setup';

export type Model = MonacoEditorNs.ITextModel;

/** Open models by path (the mirror and the code-action provider look them up). */
export const models = new Map<string, Model>();

let applyingRemote = false;

/** True while a worker-side text is being applied (its change events are not typing). */
export const isApplyingRemote = (): boolean => applyingRemote;

/** Applies a worker-side text to a model as one minimal edit, so the cursor and scroll stay put. */
export function applyRemote(model: Model, text: string): void {
  const cur = model.getValue();
  if (cur === text) return;
  let start = 0;
  const max = Math.min(cur.length, text.length);
  while (start < max && cur.charCodeAt(start) === text.charCodeAt(start)) start++;
  let end = 0;
  while (end < max - start && cur.charCodeAt(cur.length - 1 - end) === text.charCodeAt(text.length - 1 - end))
    end++;
  const from = model.getPositionAt(start);
  const to = model.getPositionAt(cur.length - end);
  applyingRemote = true;
  try {
    model.applyEdits([
      {
        range: new monaco.Range(from.lineNumber, from.column, to.lineNumber, to.column),
        text: text.slice(start, text.length - end),
      },
    ]);
  } finally {
    applyingRemote = false;
  }
}
