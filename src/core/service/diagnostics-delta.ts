/**
 * The problems list after an edit, as a change to the list before it. An edit to one package file
 * changes a few findings out of thousands; sending the whole list again after every keystroke cost
 * tens of milliseconds of structured cloning on each side of the worker boundary (a 200 MB index has
 * ~2,000 findings, a 1,000-package one over 10,000). The list keeps opm's order, so the change is one
 * splice: the common head and tail stay, the middle is replaced.
 */
import type { SourceRange } from '../location';
import type { DiagnosticView } from './views';

export interface DiagnosticsDelta {
  generation: number;
  /** The generation the change applies to. */
  base: number;
  /** Length of the new list. */
  total: number;
  /** Items of the old list at [start, start + removed) are replaced by `items`. */
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

/** The splice that turns `before` into `after`. */
export function diffDiagnostics(
  before: readonly DiagnosticView[],
  after: readonly DiagnosticView[],
): Pick<DiagnosticsDelta, 'start' | 'removed' | 'items'> {
  const max = Math.min(before.length, after.length);
  let head = 0;
  while (head < max && sameFinding(before[head]!, after[head]!)) head++;
  let tail = 0;
  while (tail < max - head && sameFinding(before[before.length - 1 - tail]!, after[after.length - 1 - tail]!))
    tail++;
  return {
    start: head,
    removed: before.length - head - tail,
    items: after.slice(head, after.length - tail),
  };
}

/** The new list from the old one and a delta (ids renumbered to positions). */
export function applyDiagnosticsDelta(
  before: readonly DiagnosticView[],
  delta: Pick<DiagnosticsDelta, 'start' | 'removed' | 'items' | 'total'>,
): DiagnosticView[] {
  const out = before.slice(0, delta.start);
  for (const d of delta.items) out.push(d);
  const shift = out.length - (delta.start + delta.removed);
  for (let i = delta.start + delta.removed; i < before.length; i++) {
    const d = before[i]!;
    // Ids are positions: the unchanged tail moves by the splice's change in length.
    out.push(shift === 0 ? d : { ...d, id: d.id + shift });
  }
  if (out.length !== delta.total) throw new Error('the problems list is out of step with the worker');
  return out;
}
