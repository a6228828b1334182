import { expect } from 'vitest';
import type { EditContext, EditResult } from '../../../src/core/edit';
import { loadFile, mergeFileLoads } from '../../../src/core/load';
import { convertToModel, type ConvertError } from '../../../src/core/model/convert';

/** Loads file texts the way the app does and builds the context actions run in. */
export function contextOf(files: Record<string, string> | ReadonlyMap<string, string>): EditContext & {
  loadErrors: string[];
  modelErrors: ConvertError[];
} {
  const map = files instanceof Map ? new Map(files) : new Map(Object.entries(files));
  const loads = [...map].map(([path, text]) => loadFile(path, text));
  const merged = mergeFileLoads(loads);
  const { model, errors } = convertToModel(merged.dc);
  return {
    files: map,
    dc: merged.dc,
    model,
    loadErrors: merged.errors.map((e) => e.message),
    modelErrors: errors,
  };
}

/** The file texts after applying an action's changes. */
export function applied(files: ReadonlyMap<string, string>, r: EditResult): Map<string, string> {
  const out = new Map(files);
  for (const c of r.changes) {
    if (c.after === null) out.delete(c.path);
    else out.set(c.path, c.after);
  }
  return out;
}

/** The single changed file's new text (asserting the action changed exactly that file). */
export function afterOf(r: EditResult, path: string): string {
  expect(r.error).toBeUndefined();
  expect(r.changes.map((c) => c.path)).toEqual([path]);
  return r.changes[0]?.after as string;
}

/**
 * The changed region as whole lines: the lines removed from `before` and added in `after`,
 * between the longest common run of leading and trailing lines.
 */
export function lineDiff(before: string, after: string): { at: number; removed: string[]; added: string[] } {
  const a = before.split('\n');
  const b = after.split('\n');
  let p = 0;
  while (p < a.length && p < b.length && a[p] === b[p]) p++;
  let s = 0;
  while (s < a.length - p && s < b.length - p && a[a.length - 1 - s] === b[b.length - 1 - s]) s++;
  return { at: p + 1, removed: a.slice(p, a.length - s), added: b.slice(p, b.length - s) };
}
