/**
 * `fbc-studio diff OLD NEW [-o text|json|markdown|github|sarif|junit] [--fail-on breaking|any|never]
 * [--full-messages]` and
 * `fbc-studio diff DIR --against REV`: what changed between two catalogs and what it does to users.
 * OLD and NEW are folders or zips; with --against, OLD is DIR as Git has it at REV (read from the
 * repository's object store, packfiles included) and NEW is DIR as it is on disk.
 * Exit codes: 0 nothing to fail on, 1 the --fail-on condition holds, 2 a side could not be read.
 */
import * as fs from 'node:fs';
import { readFileSync, statSync } from 'node:fs';
import { basename, resolve } from 'node:path';
import { capDiff, diffCatalogs } from '../core/diff';
import { diffToJson } from '../core/diff/format-json';
import { diffToMarkdown } from '../core/diff/format-markdown';
import { diffToText } from '../core/diff/format-text';
import { loadDiffSide } from '../core/diff/load-side';
import { findRepository, GitRevisionSource, resolveRevision } from '../core/git';
import { capText } from '../core/message-cap';
import type { CatalogSource } from '../core/source/types';
import { zipSource } from '../core/source/zip';
import type { Io } from './command-args';
import { NodeFsSource } from './node-source';
import { loadRuleCatalogue } from './rule-catalogue';
import { CI_FORMATS, renderReport, type CiFormat } from './report';
import {
  DIFF_FAIL_LEVEL,
  diffReport,
  diffSummaryLine,
  type DiffFailOn,
  type LocatedSide,
} from './report/from-diff';

export interface DiffOptions {
  output: string;
  failOn: DiffFailOn;
  against?: string;
  fullMessages?: boolean;
}

/** A folder, or a .zip file. */
function openSide(path: string): CatalogSource {
  let isDir: boolean;
  try {
    isDir = statSync(path).isDirectory();
  } catch {
    throw new Error(`stat ${path}: no such file or directory`);
  }
  if (isDir) return new NodeFsSource(path);
  if (/\.zip$/i.test(path)) return zipSource(readFileSync(path), basename(path));
  throw new Error(`${JSON.stringify(path)} is neither a directory nor a .zip file`);
}

async function againstRevision(dir: string, rev: string): Promise<{ old: CatalogSource; label: string }> {
  const folder = resolve(dir);
  const found = await findRepository(fs, folder);
  if (!found) throw new Error(`${dir} is not inside a Git repository`);
  const repo = { fs, dir: found.dir };
  const commit = await resolveRevision(repo, rev);
  return { old: new GitRevisionSource(repo, commit, found.prefix), label: `${rev} (${commit.slice(0, 7)})` };
}

/** `positionals`: OLD NEW, or DIR with --against (the declaration takes one or two). */
export async function diffCommand(positionals: string[], o: DiffOptions, io: Io): Promise<number> {
  const { output, failOn } = o;
  // Every value and message capped at about 2 KB (core/message-cap.ts) unless --full-messages,
  // which also prints property values whole instead of their short summary.
  const full = o.fullMessages === true;
  const want = o.against !== undefined ? 1 : 2;
  if (positionals.length !== want) {
    io.err(
      `${o.against !== undefined ? '--against takes one directory' : 'diff compares two catalogs'}: ` +
        `accepts ${want} arg(s), received ${positionals.length}\n`,
    );
    return 2;
  }
  let diff;
  let title: string;
  // Where each side's files are, for the CI formats' locations.
  let sides: [LocatedSide, LocatedSide] | undefined;
  try {
    let oldSource: CatalogSource;
    let newSource: CatalogSource;
    if (o.against !== undefined) {
      const dir = positionals[0] as string;
      const a = await againstRevision(dir, o.against);
      oldSource = a.old;
      newSource = openSide(dir);
      title = `Catalog diff: ${dir} against ${a.label}`;
    } else {
      oldSource = openSide(positionals[0] as string);
      newSource = openSide(positionals[1] as string);
      title = `Catalog diff: ${positionals[0]} → ${positionals[1]}`;
    }
    const [before, after] = await Promise.all([loadDiffSide(oldSource), loadDiffSide(newSource)]);
    for (const [side, s] of [
      ['old', before],
      ['new', after],
    ] as const) {
      if (s.problem)
        io.err(`warning: the ${side} catalog does not load cleanly (${s.problem}); comparing what loaded\n`);
    }
    diff = diffCatalogs(before.model, after.model, full ? { valueLimit: Infinity } : {});
    const newPath = positionals[o.against !== undefined ? 0 : 1] as string;
    sides = [
      {
        side: before,
        path: positionals[0] as string,
        zip: !statSync(positionals[0] as string).isDirectory(),
      },
      { side: after, path: newPath, zip: !statSync(newPath).isDirectory() },
    ];
  } catch (e) {
    io.err(`${(e as Error).message}\n`);
    return 2;
  }
  const shown = full ? diff : capDiff(diff);
  if (output === 'json') io.out(JSON.stringify(diffToJson(shown), null, 2) + '\n');
  else if (output === 'markdown') io.out(diffToMarkdown(shown, full ? title : capText(title)));
  else if (CI_FORMATS.includes(output as CiFormat) && sides) {
    // The report locates findings by name in the models: built from the whole diff, capped after.
    const report = diffReport(diff, ...sides);
    await loadRuleCatalogue();
    io.out(renderReport(output as CiFormat, report, DIFF_FAIL_LEVEL[failOn], full));
    if (output === 'github') io.out(diffSummaryLine(report));
  } else io.out(diffToText(shown));
  if (failOn === 'never') return 0;
  if (failOn === 'any') return diff.packages.length > 0 ? 1 : 0;
  return diff.impact.length > 0 ? 1 : 0;
}
