/**
 * The problems list after an edit, as a change to the list before it. An edit to one package file
 * changes a few findings out of thousands; sending the whole list again after every keystroke cost
 * tens of milliseconds of structured cloning on each side of the worker boundary (a 200 MB index has
 * ~2,000 findings, a 1,000-package one over 10,000), some of them kilobytes long. Only the splices
 * that turn the old list into the new one are sent. A problem that stays is the same view object in
 * both lists (diagnostic-views.ts), so lists are compared by identity: cheap, and exact.
 */
import { diffArrays } from 'diff';
import type { DiagnosticView } from './views';

export interface DiagnosticsDelta {
  generation: number;
  /** The generation the change applies to. */
  base: number;
  /** Length of the new list. */
  total: number;
  /** In ascending order of `start` (a position in the old list); they do not overlap. */
  splices: Splice[];
}

/** Items of the old list at [start, start + removed) are replaced by `items`. */
export interface Splice {
  start: number;
  removed: number;
  /** The new items (views with ids the list before did not hold). */
  items: DiagnosticView[];
}

/**
 * The splices that turn `before` into `after`, or undefined when they would carry more than `limit`
 * items (the caller then sends the list whole). The list is ordered errors first, then warnings, so
 * one edit usually touches it in two places: a Myers diff (jsdiff) of what lies between the common
 * head and tail, with findings compared by identity.
 */
export function diffDiagnostics(
  before: readonly DiagnosticView[],
  after: readonly DiagnosticView[],
  limit = Infinity,
): Splice[] | undefined {
  const max = Math.min(before.length, after.length);
  let head = 0;
  while (head < max && before[head] === after[head]) head++;
  let tail = 0;
  while (tail < max - head && before[before.length - 1 - tail] === after[after.length - 1 - tail]) tail++;
  const oldMid = before.slice(head, before.length - tail);
  const newMid = after.slice(head, after.length - tail);
  if (oldMid.length === 0 && newMid.length === 0) return [];
  const changes = diffArrays(oldMid, newMid, {
    maxEditLength: Math.min(limit * 2, oldMid.length + newMid.length),
  });
  if (!changes) return undefined;
  const splices: Splice[] = [];
  let oldAt = head;
  let newAt = head;
  let open: Splice | undefined;
  for (const c of changes) {
    const n = c.count;
    if (!c.added && !c.removed) {
      open = undefined;
      oldAt += n;
      newAt += n;
      continue;
    }
    if (!open) {
      open = { start: oldAt, removed: 0, items: [] };
      splices.push(open);
    }
    if (c.removed) {
      open.removed += n;
      oldAt += n;
    } else {
      for (let i = 0; i < n; i++) open.items.push(after[newAt + i]!);
      newAt += n;
    }
  }
  const carried = splices.reduce((k, sp) => k + sp.items.length, 0);
  return carried > limit ? undefined : splices;
}

/** The new list from the old one and its splices. */
export function applyDiagnosticsDelta(
  before: readonly DiagnosticView[],
  delta: Pick<DiagnosticsDelta, 'splices' | 'total'>,
): DiagnosticView[] {
  const out: DiagnosticView[] = [];
  let at = 0;
  const keep = (end: number) => {
    for (; at < end; at++) out.push(before[at]!);
  };
  for (const sp of delta.splices) {
    keep(sp.start);
    for (const d of sp.items) out.push(d);
    at += sp.removed;
  }
  keep(before.length);
  if (out.length !== delta.total) throw new Error('the problems list is out of step with the worker');
  return out;
}
