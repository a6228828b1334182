/**
 * Findings as the CLI prints them in text, the way linters people like do (ESLint, go vet): one
 * line each, `file:line:col  severity  [rule]  message (scope)`, columns aligned within a group
 * (a policy pack's severity names the pack: `konflux error`),
 * and what a rule explains about itself said once at the end instead of on every line. The scope
 * (package, channel, bundle) leaves out the names the message already quotes.
 *
 * Our own messages are a specific sentence followed by the rule's general explanation (the same
 * words on every finding of that rule). The sentences that end every message of a rule in this
 * run are its "shared tail": printed once at the end under the rule's id, so nothing is lost and
 * nothing repeats. `--explain` adds each rule's catalogue entry there (`fbc-studio rules ID`
 * prints one). opm's own verdict text is not printed here: the commands print it first, unchanged.
 */
import type { Diagnostic, Severity } from '../core/diagnostics';
import { ruleCatalogue } from './rule-catalogue';
import { scopeOf } from './report/from-diagnostics';

const SGR = { red: 31, yellow: 33, cyan: 36, dim: 2, bold: 1 } as const;

/** `text` in an ANSI style when `on` (pad before styling: the codes have no width). */
export function paint(on: boolean, style: keyof typeof SGR, text: string): string {
  return on ? `\u001b[${SGR[style]}m${text}\u001b[0m` : text;
}

const SEVERITY_STYLE: Record<Severity, keyof typeof SGR> = { error: 'red', warning: 'yellow', info: 'cyan' };

/** A message's sentences: split after a full stop, so joining them with a space gives it back. */
function sentences(message: string): string[] {
  return message.split(/(?<=\.) /);
}

/** Per rule with two or more findings: the sentences every one of its messages ends with. */
function sharedTails(findings: readonly Diagnostic[]): Map<string, string> {
  const byRule = new Map<string, { messages: Set<string>; count: number }>();
  for (const d of findings) {
    const r = byRule.get(d.rule) ?? { messages: new Set<string>(), count: 0 };
    r.messages.add(oneLine(d.message));
    r.count++;
    byRule.set(d.rule, r);
  }
  const tails = new Map<string, string>();
  for (const [rule, { messages, count }] of byRule) {
    if (count < 2) continue;
    const all = [...messages].map(sentences);
    // Every message keeps at least its first sentence.
    const most = Math.min(...all.map((s) => s.length)) - 1;
    const first = all[0] as string[];
    const fromEnd = (s: string[], k: number) => s[s.length - k];
    let n = 0;
    while (n < most && all.every((s) => fromEnd(s, n + 1) === fromEnd(first, n + 1))) n++;
    if (n > 0) tails.set(rule, first.slice(first.length - n).join(' '));
  }
  return tails;
}

function oneLine(message: string): string {
  return message.replace(/\s*\n\s*/g, ' ');
}

/** The scope without what the message already names (`"foo.v1" in channel "stable"`, `bundle foo.v1`). */
function unnamed(d: Diagnostic, message: string): Pick<Diagnostic, 'package' | 'channel' | 'bundle'> {
  const out: Pick<Diagnostic, 'package' | 'channel' | 'bundle'> = {};
  for (const kind of ['package', 'channel', 'bundle'] as const) {
    const v = d[kind];
    if (v !== undefined && !message.includes(`"${v}"`) && !message.includes(`${kind} ${v}`)) out[kind] = v;
  }
  return out;
}

/**
 * The severity cell: a pipeline policy pack's finding names its pack (`konflux error`), so it is
 * never read as opm's or ours; padded to the widest severity so the rule ids line up.
 */
function severityCell(d: Diagnostic): string {
  const pack = d.source === 'konflux' || d.source === 'community' ? `${d.source} ` : '';
  return `${pack}${d.severity}`.padEnd(pack.length + 'warning'.length);
}

function where(d: Diagnostic): string {
  return d.location ? `${d.location.file}:${d.location.start.line}:${d.location.start.column}` : '-';
}

function plural(n: number, one: string): string {
  return `${n} ${one}${n === 1 ? '' : 's'}`;
}

/** Locations wider than this are not padded to (one long path would push every message right). */
const MAX_PAD = 48;

export class FindingsText {
  private readonly tails: Map<string, string>;
  private readonly seen = new Map<string, number>();
  private readonly count: Record<Severity, number> = { error: 0, warning: 0, info: 0 };
  private accepted = 0;

  /** `all`: every finding the run will print, for the tails; `color` for the stream they go to. */
  constructor(
    all: readonly Diagnostic[],
    private readonly color: boolean,
    private readonly explain = false,
  ) {
    this.tails = sharedTails(all);
  }

  /** One finding's line (no newline), without its rule's shared tail. */
  line(d: Diagnostic, pad = 0): string {
    let message = oneLine(d.message);
    const tail = this.tails.get(d.rule);
    if (tail !== undefined && message.endsWith(` ${tail}`)) message = message.slice(0, -tail.length - 1);
    const scope = scopeOf(unnamed(d, message));
    const c = this.color;
    // A finding of ours the repository configuration accepts is listed, dimmed, with its reason; it fails nothing.
    const accepted = d.accepted
      ? `  ${paint(c, 'dim', `[accepted: ${d.accepted.reason} (${d.accepted.by})]`)}`
      : '';
    return (
      [
        where(d).padEnd(pad),
        d.accepted ? paint(c, 'dim', 'accepted') : paint(c, SEVERITY_STYLE[d.severity], severityCell(d)),
        paint(c, 'dim', `[${d.rule}]`),
        `${message}${scope ? ` (${scope})` : ''}`,
      ].join('  ') + accepted
    );
  }

  /** A group's findings, one line each after `indent`, locations aligned. */
  lines(findings: readonly Diagnostic[], indent = ''): string {
    const pad = Math.min(MAX_PAD, Math.max(0, ...findings.map((d) => where(d).length)));
    let out = '';
    for (const d of findings) {
      this.seen.set(d.rule, (this.seen.get(d.rule) ?? 0) + 1);
      if (d.accepted) this.accepted++;
      else this.count[d.severity]++;
      out += `${indent}${this.line(d, pad)}\n`;
    }
    return out;
  }

  /**
   * After the last group: each rule's shared tail once (and with --explain its catalogue entry),
   * then the tally. Empty when no finding was printed.
   */
  end(): string {
    if (this.seen.size === 0) return '';
    const c = this.color;
    let out = '\n';
    for (const rule of this.seen.keys()) {
      const tail = this.tails.get(rule);
      const entry = this.explain ? ruleCatalogue().ruleById(rule) : undefined;
      if (entry) {
        out += `${paint(c, 'bold', `[${rule}]`)} ${entry.title} (${entry.source} ${entry.severity})\n`;
        out += `  ${entry.summary}\n  ${entry.description}\n`;
        if (tail !== undefined) out += `  Each finding above goes on: ${tail}\n`;
      } else if (tail !== undefined) out += `${paint(c, 'bold', `[${rule}]`)} ${tail}\n`;
    }
    const { error, warning, info } = this.count;
    const tally = [
      plural(error, 'error'),
      plural(warning, 'warning'),
      ...(info ? [`${info} info`] : []),
      ...(this.accepted ? [`${this.accepted} accepted`] : []),
    ];
    out += `${tally.join(', ')}. \`fbc-studio rules <id>\` explains a rule${this.explain ? '' : ' (or --explain)'}.\n`;
    return out;
  }
}
