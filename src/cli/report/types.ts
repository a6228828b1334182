/**
 * The neutral shape every CI report format reads. Commands (validate, workspace, and any later
 * one such as diff or validate-bundle) turn what they found into these and call `renderReport`
 * once; the formats know nothing of catalogs or of how a finding was made.
 */
import type { Severity } from '../../core/diagnostics';

export type { Severity };

export interface ReportFinding {
  /** A rule catalogue id (src/core/rules): `R55`, `skipped-replaces-target`. */
  ruleId: string;
  severity: Severity;
  message: string;
  /**
   * Set when `message` is `${text} (${scope})`: many findings share one text (each stranded entry
   * repeats its channel's opm message), which `-o github` escapes once for all of them.
   */
  text?: string;
  scope?: string;
  /** Path as the user would open it from the working directory, `/`-separated; absent when unlocated. */
  file?: string;
  /** 1-based. */
  line?: number;
  /** 1-based, in UTF-16 code units (as our locations are). */
  column?: number;
  /** Our own check (true) or one of opm's (false). */
  ours: boolean;
  /** The catalog (or other unit) the finding belongs to, as the report groups it. */
  catalog?: string;
  /**
   * Accepted by the repository configuration (only findings of ours): listed with the reason,
   * never a failure (SARIF suppression, JUnit output, no GitHub annotation).
   */
  accepted?: { reason: string; by: string };
}

/** A unit of the report (a catalog): JUnit makes it a testsuite, the text summary a line. */
export interface ReportCatalog {
  name: string;
  /** Every file checked in it (working-directory paths), so clean files show as passing tests. */
  files: string[];
}

export interface Report {
  /** What ran, e.g. `validate`: names the JUnit document. */
  command: string;
  catalogs: ReportCatalog[];
  findings: ReportFinding[];
}

/** The findings level that makes the exit code 1. */
export type FailOn = 'error' | 'warning' | 'never';

export const FAIL_ON: readonly FailOn[] = ['error', 'warning', 'never'];

/**
 * The level a report fails at: `--fail-on`'s, plus `any` for `diff --fail-on any`, where every
 * finding fails, notes included (a diff's other changes are notes).
 */
export type FailLevel = FailOn | 'any';

/** Report formats for CI (text, json and yaml stay each command's own). */
export type CiFormat = 'github' | 'sarif' | 'junit';

export const CI_FORMATS: readonly CiFormat[] = ['github', 'sarif', 'junit'];
