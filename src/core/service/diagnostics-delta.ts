/**
 * The problems list after an edit, as a change to the list before it. An edit to one package file
 * changes a few findings out of thousands; sending the whole list again after every keystroke cost
 * tens of milliseconds of structured cloning on each side of the worker boundary (a 200 MB index has
 * ~2,000 findings, a 1,000-package one over 10,000), some of them kilobytes long. Only the splices
 * that turn the old list into the new one are sent.
 */
import { diffArrays } from 'diff';
import type { SourceRange } from '../location';
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
  /** The new items, with their ids (positions) in the new list. */
  items: DiagnosticView[];
}

function sameRange(a: SourceRange | undefined, b: SourceRange | undefined): boolean {
  if (a === b) return true;
  if (!a || !b) return false;
  return (
    a.file === b.file &&
    a.start.line === b.start.line &&
    a.start.column === b.start.column &&
    a.end.line === b.end.line &&
    a.end.column === b.end.column
  );
}

/** Equal for the user (everything but the id, which is the position). */
export function sameFinding(a: DiagnosticView, b: DiagnosticView): boolean {
  if (a === b) return true;
  if (
    a.severity !== b.severity ||
    a.source !== b.source ||
    a.rule !== b.rule ||
    a.message !== b.message ||
    a.package !== b.package ||
    a.channel !== b.channel ||
    a.bundle !== b.bundle ||
    a.navChannel !== b.navChannel ||
    !sameRange(a.location, b.location)
  )
    return false;
  const ta = a.targets ?? [];
  const tb = b.targets ?? [];
  if (ta.length !== tb.length) return false;
  for (let i = 0; i < ta.length; i++) {
    if (ta[i]!.bundle !== tb[i]!.bundle || !sameRange(ta[i]!.location, tb[i]!.location)) return false;
  }
  return true;
}

/**
 * The splices that turn `before` into `after`, or undefined when they would carry more than `limit`
 * items (the caller then sends the list whole). The list is ordered errors first, then warnings, so
 * one edit usually touches it in two places: a Myers diff (jsdiff) of what lies between the common
 * head and tail, with findings compared by content.
 */
export function diffDiagnostics(
  before: readonly DiagnosticView[],
  after: readonly DiagnosticView[],
  limit = Infinity,
): Splice[] | undefined {
  const max = Math.min(before.length, after.length);
  let head = 0;
  while (head < max && sameFinding(before[head]!, after[head]!)) head++;
  let tail = 0;
  while (tail < max - head && sameFinding(before[before.length - 1 - tail]!, after[after.length - 1 - tail]!))
    tail++;
  const oldMid = before.slice(head, before.length - tail);
  const newMid = after.slice(head, after.length - tail);
  if (oldMid.length === 0 && newMid.length === 0) return [];
  const changes = diffArrays(oldMid, newMid, {
    comparator: sameFinding,
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

/** The new list from the old one and its splices (ids renumbered to positions). */
export function applyDiagnosticsDelta(
  before: readonly DiagnosticView[],
  delta: Pick<DiagnosticsDelta, 'splices' | 'total'>,
): DiagnosticView[] {
  const out: DiagnosticView[] = [];
  let at = 0;
  // Ids are positions: unchanged items take their place in the new list.
  const keep = (end: number) => {
    for (; at < end; at++) {
      const d = before[at]!;
      out.push(d.id === out.length ? d : { ...d, id: out.length });
    }
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
