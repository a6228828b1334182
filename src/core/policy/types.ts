/**
 * Pipeline policy packs: the checks a catalog pull request must pass in a pipeline, run locally with
 * the pipeline's words. A pack's findings carry its name as their source (`konflux`, `community`),
 * never mixed into opm's verdict, which they only refer to.
 */
import type { DeclarativeConfig } from '../declcfg/types';

export type PolicyPack = 'konflux' | 'community';
export type PolicyChoice = PolicyPack | 'none';
export const POLICY_CHOICES: readonly PolicyChoice[] = ['konflux', 'community', 'none'];

/** One catalog as a pack sees it. Paths are repository-relative, '/'-separated. */
export interface PolicyCatalog {
  /** The catalog folder ('.' for the opened folder itself) or file. */
  path: string;
  isFile: boolean;
  /** '4.17', or null when nothing says. */
  ocpVersion: string | null;
  /** The catalog's files, repository-relative. */
  files: string[];
  dc: DeclarativeConfig;
  /** opm's verdict on it. */
  opmPassed: boolean;
}

/** Channel entries by package and channel, as the pruning check compares them. */
export type ChannelTable = Map<string, Map<string, string[]>>;

export function channelTable(dc: DeclarativeConfig): ChannelTable {
  const out: ChannelTable = new Map();
  for (const ch of dc.channels) {
    let pkg = out.get(ch.package);
    if (!pkg) out.set(ch.package, (pkg = new Map()));
    pkg.set(
      ch.name,
      ch.entries.map((e) => e.name),
    );
  }
  return out;
}
