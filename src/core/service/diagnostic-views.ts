/**
 * Located, UI-ready problems (DiagnosticView) from the validator's findings, kept across edits.
 *
 * After an edit the validator hands back the very same Diagnostic objects for every package whose
 * blobs did not change (validate/incremental.ts), and those findings point into files that did not
 * change either. So their views are the same too: this builder remembers the view made for each
 * finding and hands the same object back, instead of locating ~2,000 findings again per edit on a
 * full index. Ids are stable: a problem keeps its view object and id (and so its React row and its
 * selection) while it stays in the list, a new one gets a new id, and the worker can tell the UI
 * what changed by object identity alone (diagnostics-delta.ts).
 */
import type { Diagnostic } from '../diagnostics';
import { MESSAGE_CAP } from '../message-cap';
import type { Model, ModelPackage } from '../model/types';
import { channelsListing, type Locate } from './build-views';
import { sameFinding } from './same-finding';
import type { DiagnosticView } from './views';

/**
 * The whole text of each view whose message was capped (the worker's side of "show all"): the
 * view crosses to the UI with about 2 KB of a message that can be megabytes (a finding quoting a
 * huge value), and the rest is fetched only when the user asks for it.
 */
const fullMessages = new WeakMap<DiagnosticView, string>();

/**
 * Each line of a long message cut at the cap, "… N more characters": the problems list only needs
 * to stay readable (the whole text is one click away), so the worker's start-up code does not carry
 * the CLI's exact UTF-8 byte count (message-cap.ts).
 */
function capView(message: string): string {
  if (message.length <= MESSAGE_CAP) return message;
  return message
    .split('\n')
    .map((line) => {
      if (line.length <= MESSAGE_CAP) return line;
      // Never half a surrogate pair.
      const at = MESSAGE_CAP - (/[\ud800-\udbff]/.test(line[MESSAGE_CAP - 1] as string) ? 1 : 0);
      return `${line.slice(0, at)}… ${line.length - at} more characters`;
    })
    .join('\n');
}

/** Sets `v.message` to `message` capped (capView), keeping the whole text for fullMessage. */
export function setMessage(v: DiagnosticView, message: string): void {
  v.message = capView(message);
  if (v.message === message) return;
  v.messageLength = message.length;
  fullMessages.set(v, message);
}

/** The whole message of a view (its message when it was not capped). */
export function fullMessage(v: DiagnosticView): string {
  return fullMessages.get(v) ?? v.message;
}

interface Made {
  view: DiagnosticView;
  /** The findings folded into the view's targets, in order (they follow the finding in the list). */
  folded: readonly Diagnostic[];
}

/**
 * The core emits a finding per leaf plus one per entry the leaf names (right after it); those are
 * folded into the leaf's `targets`, so "multiple channel heads: a, b, c" is one problem, not four.
 */
function foldsInto(head: DiagnosticView, d: Diagnostic): boolean {
  return (
    d.bundle !== undefined &&
    head.bundle === undefined &&
    d.source === head.source &&
    d.rule === head.rule &&
    capView(d.message) === head.message &&
    d.package === head.package &&
    d.channel === head.channel
  );
}

/** Equal for equal problems (sameFinding decides; this only narrows the search). */
function contentKey(v: DiagnosticView): string {
  const l = v.location;
  return [
    v.severity,
    v.source,
    v.rule,
    v.message,
    v.package,
    v.channel,
    v.bundle,
    l ? `${l.file}:${l.start.line}:${l.start.column}` : '',
  ].join('\u0000');
}

export class DiagnosticViews {
  private nextId = 0;
  private made = new WeakMap<Diagnostic, Made>();
  /** The last list built: a problem made afresh that equals one of it takes its place (see build). */
  private previous: readonly DiagnosticView[] = [];

  /**
   * The views for `diagnostics`, in order. A view is the same object (same id) as in the last list
   * when it stands for the same finding objects, or when it is the same problem for the user (a
   * finding the validator made again: a load error, a cross-package check, an unchanged finding of
   * an edited package). The caller must not mutate the views.
   */
  build(
    diagnostics: readonly Diagnostic[],
    model: Model | undefined,
    locate: Locate,
    accept?: (d: Diagnostic) => Diagnostic['accepted'],
  ): DiagnosticView[] {
    const out: DiagnosticView[] = [];
    const kept = new Set<DiagnosticView>();
    const fresh: { at: number; d: Diagnostic; folded: Diagnostic[] }[] = [];
    for (let i = 0; i < diagnostics.length;) {
      const d = diagnostics[i]!;
      const known = this.made.get(d);
      if (known && !kept.has(known.view) && this.stillFolds(known, diagnostics, i)) {
        out.push(known.view);
        kept.add(known.view);
        i += 1 + known.folded.length;
        continue;
      }
      const view = makeView(d, model, locate, accept);
      const folded: Diagnostic[] = [];
      let j = i + 1;
      for (; j < diagnostics.length && foldsInto(view, diagnostics[j]!); j++) {
        const t = diagnostics[j]!;
        const location = t.location ?? (t.ref ? locate(t.ref) : undefined);
        (view.targets ??= []).push(location ? { bundle: t.bundle!, location } : { bundle: t.bundle! });
        folded.push(t);
      }
      fresh.push({ at: out.length, d, folded });
      out.push(view);
      i = j;
    }
    if (fresh.length > 0) {
      // The problems of the last list that are not in this one, by content: a new view equal to
      // one of them is replaced by it, so the UI keeps that row (and its selection).
      const gone = new Map<string, DiagnosticView[]>();
      for (const v of this.previous) {
        if (kept.has(v)) continue;
        const k = contentKey(v);
        const list = gone.get(k);
        if (list) list.push(v);
        else gone.set(k, [v]);
      }
      for (const f of fresh) {
        const view = out[f.at]!;
        const candidates = gone.get(contentKey(view));
        const i = candidates ? candidates.findIndex((c) => sameFinding(c, view)) : -1;
        if (i >= 0) out[f.at] = candidates!.splice(i, 1)[0]!;
        else view.id = this.nextId++;
        this.made.set(f.d, { view: out[f.at]!, folded: f.folded });
      }
    }
    this.previous = out;
    return out;
  }

  /** A remembered view still applies at `i`: the same findings follow, and no more fold into it. */
  private stillFolds(known: Made, diagnostics: readonly Diagnostic[], i: number): boolean {
    const n = known.folded.length;
    for (let k = 0; k < n; k++) if (diagnostics[i + 1 + k] !== known.folded[k]) return false;
    const next = diagnostics[i + 1 + n];
    return next === undefined || !foldsInto(known.view, next);
  }
}

/** A view with no id yet (build gives it one unless an earlier view takes its place). */
function makeView(
  d: Diagnostic,
  model: Model | undefined,
  locate: Locate,
  accept?: (d: Diagnostic) => Diagnostic['accepted'],
): DiagnosticView {
  const location = d.location ?? (d.ref ? locate(d.ref) : undefined);
  const v: DiagnosticView = {
    id: -1,
    severity: d.severity,
    source: d.source,
    rule: d.rule,
    message: '',
  };
  setMessage(v, d.message);
  if (d.package !== undefined) v.package = d.package;
  if (d.channel !== undefined) v.channel = d.channel;
  if (d.bundle !== undefined) v.bundle = d.bundle;
  if (location) v.location = location;
  const accepted = d.accepted ?? accept?.(d);
  if (accepted) v.accepted = accepted;
  const pkg = d.package !== undefined ? model?.packages.get(d.package) : undefined;
  if (pkg && d.channel === undefined) {
    const nav = (d.bundle !== undefined && channelsListing(pkg, d.bundle)[0]) || defaultChannelName(pkg);
    if (nav) v.navChannel = nav;
  }
  return v;
}

function defaultChannelName(pkg: ModelPackage): string | undefined {
  if (pkg.channels.has(pkg.defaultChannel)) return pkg.defaultChannel;
  return pkg.channels.keys().next().value;
}
