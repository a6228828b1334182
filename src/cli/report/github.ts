/**
 * `-o github`: GitHub Actions workflow commands, one per finding, so each shows as an annotation on
 * the file and line in the pull request (`::error file=…,line=…,col=…,title=…::message`).
 */
import { ruleCatalogue } from '../rule-catalogue';
import { lastMemo } from './last-memo';
import { sourceLabel } from './source';
import type { Report, ReportFinding } from './types';

/** GitHub's escaping of a command's message: %, CR and LF. */
export function escapeData(s: string): string {
  // Most messages have nothing to escape: three searches (each a fast scan of the string, where a
  // regular expression reads it character by character) instead of three replacements; a large
  // catalog's 13,000 findings are 13 MB of messages.
  if (s.indexOf('%') < 0 && s.indexOf('\n') < 0 && s.indexOf('\r') < 0) return s;
  return s.replace(/%/g, '%25').replace(/\r/g, '%0D').replace(/\n/g, '%0A');
}

/** GitHub's escaping of a property value: the message's, plus the `:` and `,` that delimit properties. */
export function escapeProperty(s: string): string {
  if (!/[%\r\n:,]/.test(s)) return s;
  return escapeData(s).replace(/:/g, '%3A').replace(/,/g, '%2C');
}

const COMMAND = { error: 'error', warning: 'warning', info: 'notice' } as const;

/** Each rule's escaped title, made once: a large catalog repeats a few rules thousands of times. */
const titles = new Map<string, string>();

function escapedTitle(f: ReportFinding): string {
  const key = f.ours ? `${f.ruleId} ours` : f.ruleId;
  let title = titles.get(key);
  if (title === undefined) {
    const rule = ruleCatalogue().ruleById(f.ruleId);
    title = escapeProperty(`${sourceLabel(f)} ${f.ruleId}${rule ? `: ${rule.title}` : ''}`);
    titles.set(key, title);
  }
  return title;
}

/** Each file's property, escaped once per run of its findings (a catalog's come file by file). */
const fileProperty = lastMemo((file) => `file=${escapeProperty(file)},`);

/** A text escaped once for the consecutive findings sharing it (an opm leaf's stranded entries). */
const escapedText = lastMemo(escapeData);

/**
 * The finding's message escaped. Escaping goes character by character, so a message that is a text
 * and a scope is escaped in those parts, and a text shared by consecutive findings once: a large
 * catalog's 11,000 stranded-entry findings each repeat a 1 KB channel message, which was copied
 * into one string and searched three times per finding.
 */
function escapedMessage(f: ReportFinding): string {
  if (f.text === undefined || f.scope === undefined) return escapeData(f.message);
  return `${escapedText(f.text)} (${escapeData(f.scope)})`;
}

export function githubCommand(f: ReportFinding): string {
  let props = f.file === undefined ? '' : fileProperty(f.file);
  if (f.line !== undefined) props += `line=${f.line},`;
  if (f.column !== undefined) props += `col=${f.column},`;
  props += `title=${escapedTitle(f)}`;
  return `::${COMMAND[f.severity]} ${props}::${escapedMessage(f)}`;
}

/**
 * The annotations in pieces of about `size` characters, each whole lines: written as they are made,
 * a large catalog's report (13 MB) is never one string and one buffer at once, which was the peak of
 * a run's memory. Accepted findings are not annotated (the run's summary line counts them).
 */
export function* githubChunks(report: Report, size = 1 << 16): Generator<string> {
  // Lines gathered and joined: one copy into the chunk, where appending made two string nodes a line
  // and a chunk that was copied flat when written (twice the time of the whole -o github output).
  let lines: string[] = [];
  let length = 0;
  for (const f of report.findings) {
    if (f.accepted) continue;
    const line = githubCommand(f);
    lines.push(line);
    length += line.length + 1;
    if (length >= size) {
      yield lines.join('\n') + '\n';
      lines = [];
      length = 0;
    }
  }
  if (lines.length > 0) yield lines.join('\n') + '\n';
}

export function renderGithub(report: Report): string {
  return [...githubChunks(report)].join('');
}
