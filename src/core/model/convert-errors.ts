import type { LocRef } from '../location';
import type { RuleId } from '../rules';

/**
 * Stage B's errors and their place in opm's order (convert.ts has the overview). opm returns at the
 * first error; we keep going and sort, so the first of ours is opm's.
 */

export interface ConvertError {
  /** R17–R44. */
  rule: RuleId;
  /** opm's exact text. */
  message: string;
  package?: string;
  channel?: string;
  bundle?: string;
  ref?: LocRef;
  /** R35 only: the entry names that have no olm.bundle blob (sorted). */
  missing?: readonly string[];
}

/**
 * opm's passes over the blobs, in the order they run. An error's pass and the index of its blob in
 * that pass's list (`dc.packages`, `dc.channels`, ...) give its place in opm's order: opm reports the
 * first one. For `entries` (R35) the index is that of the package's first accepted channel, the
 * order in which opm's `channelDefinedEntries` map first sees the package.
 */
export type ConvertPhase = 'packages' | 'channels' | 'bundles' | 'entries' | 'deprecations';
const PHASE_RANK: Readonly<Record<ConvertPhase, number>> = {
  packages: 0,
  channels: 1,
  bundles: 2,
  entries: 3,
  deprecations: 4,
};

export interface OrderedError {
  phase: ConvertPhase;
  /** Index of the blob in its pass: into the dc's arrays, or into a PackageBlobs' own lists. */
  index: number;
  error: ConvertError;
}

/** Sorts (stably) into opm's order: by pass, then by blob index; errors of one blob keep their order. */
export function sortInOpmOrder<T extends { phase: ConvertPhase; index: number }>(items: T[]): T[] {
  return items.sort((a, b) => PHASE_RANK[a.phase] - PHASE_RANK[b.phase] || a.index - b.index);
}
