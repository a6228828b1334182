/**
 * The shape of one rule of the catalogue: every check FBC Studio runs, opm's and our own, has one
 * entry. Diagnostics carry only the id; everything a user (or a report format) needs to explain a
 * finding lives here, once.
 *
 * The fields map one to one onto a SARIF `reportingDescriptor`, so a SARIF writer needs nothing
 * else: `id` → id, `title` → name and shortDescription, `summary` → shortDescription (when a
 * sentence is wanted), `description` → fullDescription, `severity` → defaultConfiguration.level
 * (`info` is SARIF's `note`), `upstream.url` → helpUri.
 */
import type { Severity } from '../diagnostics';

/**
 * `operator-framework`: a bundle check ported from operator-framework's own validators
 * (operator-registry pkg/lib/bundle, api pkg/validation), with their message text; not `opm validate`.
 * `crossplane`, `fleet`: for the formats FBC Studio reads beside OLM, a check of a Crossplane package
 * or a Fleet bundle (Crossplane's or Fleet's text where they have one; errors where they would refuse
 * the package or bundle).
 */
export type RuleSource =
  | 'opm'
  | 'fbc-studio'
  | 'operator-framework'
  | 'crossplane'
  | 'fleet'
  /** A pipeline's policy pack (src/core/policy): Konflux's FBC tasks, the community operator pipeline. */
  | 'konflux'
  | 'community';

/** How operator-registry groups its checks (fbc-rules §1–§3), plus our own. */
export type RuleGroup =
  | 'loading'
  | 'decoding'
  | 'conversion'
  | 'deprecations'
  | 'package'
  | 'channel'
  | 'bundle'
  | 'fbc-studio'
  | 'workspace'
  | 'repo-config'
  | 'bundle-dir'
  | 'crossplane'
  | 'fleet'
  | 'diff'
  | 'lifecycle'
  | 'mirror'
  | 'policy-konflux'
  | 'policy-community';

export interface RuleReference {
  /** What the rule ports (opm's file and function), or for our own checks why it exists. */
  text: string;
  /** Where to read it: the upstream source file, issue or pull request. */
  url: string;
}

export interface RuleEntry {
  /** Stable: `R1`–`R67` as numbered in fbc-rules.md §3, kebab-case for our own checks. */
  id: string;
  group: RuleGroup;
  source: RuleSource;
  /** The default severity (some of our warnings drop to `info` when no cluster is affected). */
  severity: Severity;
  /** A few words, e.g. "Duplicate package". */
  title: string;
  /** One sentence: when the rule fires. */
  summary: string;
  /** A paragraph for users: what it means and what to do about it. */
  description: string;
  /** opm's message format (Go verbs as opm writes them), for opm rules. */
  message?: string;
  /** The first opm release that enforces it, where that matters (fbc-rules "Version drift"). */
  since?: string;
  upstream: RuleReference;
}

/** One group's entries as written in its file: keyed by id, so an id cannot be given twice. */
export type RuleDefinitions = Record<string, Omit<RuleEntry, 'id' | 'group' | 'source'>>;

/**
 * Turns a group's definitions into entries. The id type stays the literal keys, which is how
 * `RuleId` (index.ts) learns every id without a second list to keep in step. `note`, where given, is
 * the sentence every description of the group ends with (why opm does not say it), written once.
 */
export function defineRules<const D extends RuleDefinitions>(
  group: RuleGroup,
  source: RuleSource,
  defs: D,
  note?: string,
): { readonly [K in keyof D & string]: RuleEntry & { id: K } } {
  const out: Record<string, RuleEntry> = {};
  for (const [id, def] of Object.entries(defs)) {
    const description = note === undefined ? def.description : `${def.description} ${note}`;
    out[id] = { id, group, source, ...def, description };
  }
  return out as { readonly [K in keyof D & string]: RuleEntry & { id: K } };
}
