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
 * The finding's annotation, piece by piece through `put` (no line end; see `writeGithubBytes`). A
 * message that is a text and a scope is escaped in those parts (escaping goes character by
 * character), and a text shared by consecutive findings once: a large catalog's 11,000
 * stranded-entry findings each repeat a 1 KB channel message.
 */
function putCommand(f: ReportFinding, put: (s: string) => void): void {
  let head = `::${COMMAND[f.severity]} `;
  if (f.file !== undefined) head += fileProperty(f.file);
  if (f.line !== undefined) head += `line=${f.line},`;
  if (f.column !== undefined) head += `col=${f.column},`;
  put(`${head}title=${escapedTitle(f)}::`);
  if (f.text === undefined || f.scope === undefined) {
    put(escapeData(f.message));
    return;
  }
  put(escapedText(f.text));
  put(` (${escapeData(f.scope)})`);
}

/**
 * The annotations as UTF-8 bytes, written as they are made (the one writer of `-o github`):
 * each piece of a line is encoded straight into one reused buffer of `size` bytes, handed to `write`
 * when full and reused once `write` returns. A large catalog's report is 13 MB: as lines, joined
 * chunks and the bytes Node makes of each string written, it was 30 MB of short-lived strings and
 * buffers, a sixth of what a run allocates, and three copies of every byte instead of one. The
 * pieces are cut wherever the buffer fills, not only between lines (a pipe's reader sees one stream).
 */
export function writeGithubBytes(report: Report, write: (b: Uint8Array) => void, size = 1 << 16): void {
  const buf = Buffer.allocUnsafe(size);
  let n = 0;
  const put = (s: string): void => {
    // UTF-8 takes at most 3 bytes per UTF-16 unit (a surrogate pair: 4 for 2).
    if (n + 3 * s.length > size) {
      if (n > 0) write(buf.subarray(0, n));
      n = 0;
      if (3 * s.length > size) {
        write(Buffer.from(s, 'utf8'));
        return;
      }
    }
    n += buf.write(s, n, 'utf8');
  };
  for (const f of report.findings) {
    if (f.accepted) continue;
    putCommand(f, put);
    put('\n');
  }
  if (n > 0) write(buf.subarray(0, n));
}

/**
 * The same, for an output that takes strings (the GitHub Action's, a test's): each piece decoded as
 * it is written. A piece never cuts a character (writeGithubBytes flushes only between the strings
 * it encodes), so each decodes alone.
 */
export function writeGithubText(report: Report, out: (s: string) => void, size = 1 << 16): void {
  const decoder = new TextDecoder();
  writeGithubBytes(report, (b) => out(decoder.decode(b)), size);
}

export function renderGithub(report: Report): string {
  const parts: string[] = [];
  writeGithubText(report, (s) => parts.push(s));
  return parts.join('');
}
