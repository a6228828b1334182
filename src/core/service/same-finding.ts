/** When two problems are the same for the user: everything but the id. */
import type { SourceRange } from '../location';
import type { DiagnosticView } from './views';

export function sameRange(a: SourceRange | undefined, b: SourceRange | undefined): boolean {
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
