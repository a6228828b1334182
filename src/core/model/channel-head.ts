import { compareGoStrings } from './go-format';
import type { ModelChannel } from './types';

/**
 * Channel head, replaces-chain walk and cycle detection, as opm's `Channel.Head` and
 * `validateReplacesChain` (fbc-rules §4), in linear time so the graph view can reuse them.
 * Only the channel's own entries count; `skipRange` never plays a part.
 */

/** The entry names nothing in the channel replaces or skips, sorted (Go order). */
export function channelHead(ch: ModelChannel): { heads: string[] } {
  const incoming = new Set<string>();
  for (const b of ch.bundles.values()) {
    if (b.replaces !== '') incoming.add(b.replaces);
    for (const s of b.skips) incoming.add(s);
  }
  const heads: string[] = [];
  for (const name of ch.bundles.keys()) if (!incoming.has(name)) heads.push(name);
  heads.sort(compareGoStrings);
  return { heads };
}

/** Every name listed in some entry's `skips` (targets need not exist; '' counts). */
export function skippedNames(ch: ModelChannel): Set<string> {
  const skipped = new Set<string>();
  for (const b of ch.bundles.values()) for (const s of b.skips) skipped.add(s);
  return skipped;
}

export type ChainOutcome = 'ok' | 'no-head' | 'multiple-heads' | 'cycle' | 'stranded';

export interface ChainAnalysis {
  outcome: ChainOutcome;
  /** opm's message for the outcome (R55); undefined when 'ok'. */
  message?: string;
  /** Sorted names with no incoming replaces/skips. */
  heads: string[];
  /** Every name in some entry's `skips`. */
  skipped: Set<string>;
  /**
   * The replaces chain from the single head, in walk order (may end with a name that is not an
   * entry: the tail's predecessor). Empty unless there is exactly one head.
   */
  chain: string[];
  /** For 'cycle': the repeating path, e.g. ['a.v3', 'a.v2', 'a.v1', 'a.v3']. */
  cycle?: string[];
  /** Entries neither on the chain nor skipped, sorted (Go order). Empty for 'cycle' (opm stops there). */
  stranded: string[];
}

/**
 * `validateReplacesChain` with its inputs and by-products. At most one of the four R55 messages:
 * no head, several heads, a cycle on the head's replaces chain, or stranded entries.
 */
export function analyzeChannel(ch: ModelChannel): ChainAnalysis {
  const { heads } = channelHead(ch);
  const skipped = skippedNames(ch);
  const base = { heads, skipped, chain: [] as string[], stranded: [] as string[] };
  if (heads.length === 0) return { ...base, outcome: 'no-head', message: 'no channel head found in graph' };
  if (heads.length > 1) {
    return {
      ...base,
      outcome: 'multiple-heads',
      message: `multiple channel heads found in graph: ${heads.join(', ')}`,
    };
  }

  const head = heads[0] as string;
  const chain = [head];
  const onChain = new Set(chain);
  let cur = ch.bundles.get(head);
  while (cur !== undefined) {
    const next = cur.replaces;
    // A replaces target that some entry skips ends the walk (opm v1.58+); this includes '' when a
    // skips list holds ''.
    if (skipped.has(next)) break;
    if (onChain.has(next)) {
      const cycle = chain.slice(chain.indexOf(next));
      cycle.push(next);
      return {
        ...base,
        chain,
        outcome: 'cycle',
        cycle,
        message: `detected cycle in replaces chain of upgrade graph: ${cycle.join(' -> ')}`,
      };
    }
    chain.push(next);
    onChain.add(next);
    cur = ch.bundles.get(next);
  }

  const stranded: string[] = [];
  for (const name of ch.bundles.keys()) if (!onChain.has(name) && !skipped.has(name)) stranded.push(name);
  stranded.sort(compareGoStrings);
  if (stranded.length > 0) {
    return {
      ...base,
      chain,
      stranded,
      outcome: 'stranded',
      message: `channel contains one or more stranded bundles: ${stranded.join(', ')}`,
    };
  }
  return { ...base, chain, outcome: 'ok' };
}

/** opm's `validateReplacesChain` error text, or undefined when the channel's graph is valid. */
export function validateReplacesChain(ch: ModelChannel): string | undefined {
  return analyzeChannel(ch).message;
}
