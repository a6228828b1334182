/**
 * Our diagnostics as report findings: paths as the user reaches them from the working directory
 * (what GitHub annotations and code scanning resolve against the checkout), the scope (package,
 * channel, bundle) folded into the message as the text output shows it.
 */
import { isAbsolute, relative, resolve, sep } from 'node:path';
import type { Diagnostic } from '../../core/diagnostics';
import { lastMemo } from './last-memo';
import type { ReportFinding } from './types';

/** `dir` relative to the working directory, `/`-separated; '' when it is the working directory. */
export function cwdPrefix(dir: string, cwd = process.cwd()): string {
  const abs = resolve(cwd, dir);
  const rel = relative(cwd, abs);
  // Outside the working directory (another drive, or far up): the absolute path reads better.
  const p = rel.startsWith('..') || isAbsolute(rel) ? abs : rel;
  return p.split(sep).join('/');
}

export function joinPath(prefix: string, path: string): string {
  // Discovery names the opened folder itself '.'.
  if (path === '.') path = '';
  if (!prefix) return path || '.';
  return path ? `${prefix.replace(/\/$/, '')}/${path}` : prefix;
}

/** A diagnostic as `-o json` prints it: without its lazy location pointer. */
export function plainDiagnostic({ ref: _ref, ...d }: Diagnostic): Omit<Diagnostic, 'ref'> {
  return d;
}

/** What a finding is about ("package etcd, channel stable"), as the text output and reports say it. */
export function scopeOf(d: Pick<Diagnostic, 'package' | 'channel' | 'bundle'>): string {
  // Concatenated, not an array filtered and joined: once per finding, 13,000 on a large catalog.
  let s = d.package ? `package ${d.package}` : '';
  if (d.channel) s += `${s ? ', ' : ''}channel ${d.channel}`;
  if (d.bundle) s += `${s ? ', ' : ''}bundle ${d.bundle}`;
  return s;
}

/** Paths joined once per run of findings in one file (a catalog's come file by file). */
const joinedUnder = lastMemo((prefix) => lastMemo((path) => joinPath(prefix, path)));

function joinedPath(prefix: string, path: string): string {
  return joinedUnder(prefix)(path);
}

/** One diagnostic as a finding; `prefix` leads its (folder-relative) file path. */
export function diagnosticToFinding(d: Diagnostic, prefix: string, catalog?: string): ReportFinding {
  const loc = d.location;
  // Built field by field, in the order the formats print them (a large catalog has 13,000 findings:
  // spreading optional parts made an object per part).
  const scope = scopeOf(d);
  const f: ReportFinding = {
    ruleId: d.rule,
    severity: d.severity,
    message: scope ? `${d.message} (${scope})` : d.message,
  } as ReportFinding;
  if (scope) {
    f.text = d.message;
    f.scope = scope;
  }
  if (loc) {
    f.file = joinedPath(prefix, loc.file);
    f.line = loc.start.line;
    f.column = loc.start.column;
  }
  f.ours = d.source !== 'opm';
  if (catalog !== undefined) f.catalog = catalog;
  if (d.accepted) f.accepted = { reason: d.accepted.reason, by: joinPath(prefix, d.accepted.by) };
  return f;
}
