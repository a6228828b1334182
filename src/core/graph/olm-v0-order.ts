import type { ModelBundle, ModelChannel } from '../model/types';
import { goQuote } from '../semver';

/**
 * OLM v0's `sortChannel` (operator-lifecycle-manager resolver.go), the order in which the catalog
 * operator offers a channel's entries as upgrade options (fbc-rules §5 step 2):
 *   - only links to entries of this channel count (`replaces`/`skips` naming other bundles are ignored);
 *   - heads are entries no entry replaces or skips; exactly one is required;
 *   - from the head, follow `replaces` only, leaving out every entry some entry skips.
 * Skipped entries and entries off that chain never appear, so OLM v0 can never pick them.
 */
export type V0Order = { order: string[]; error?: undefined } | { order?: undefined; error: string };

export function olmV0Order(packageName: string, ch: ModelChannel): V0Order {
  const bundles = ch.bundles;
  if (bundles.size === 0) return { order: [] };
  const where = (): string => `in channel ${goQuote(ch.name)} of package ${goQuote(packageName)}`;

  // Walked once per channel of every validated package: no copies of the channel, no per-head sets.
  const replacedBy = new Set<string>();
  const skipped = new Set<string>();
  let links = 0;
  for (const b of bundles.values()) {
    if (b.replaces !== '' && bundles.has(b.replaces)) {
      replacedBy.add(b.replaces);
      links++;
    }
    for (const s of b.skips) {
      if (bundles.has(s)) {
        replacedBy.add(s);
        skipped.add(s);
      }
    }
  }

  const heads: string[] = [];
  for (const b of bundles.values()) if (!replacedBy.has(b.name)) heads.push(b.name);
  if (heads.length === 0) {
    return { error: `no channel heads (entries not replaced by another entry) found ${where()}` };
  }

  const chains: string[][] = [];
  for (const head of heads) {
    const chain: string[] = [];
    let current = head;
    // A walk without a repeated entry follows each of the `links` replaces edges at most once, so
    // one step more means the chain came back to an entry: the cycle OLM reports for this head.
    let steps = 0;
    for (;;) {
      if (!skipped.has(current)) chain.push(current);
      const next = (bundles.get(current) as ModelBundle).replaces;
      if (next === '' || !bundles.has(next)) break;
      if (++steps > links) {
        return {
          error: `a cycle exists in the chain of replacement beginning with ${goQuote(head)} ${where()}`,
        };
      }
      current = next;
    }
    chains.push(chain);
  }

  if (chains.length > 1) {
    const described = chains.map((c) =>
      c.length === 0 ? '[]' : c.length === 1 ? (c[0] as string) : `${c[0]}...${c[c.length - 1]}`,
    );
    return {
      error:
        'a unique replacement chain within a channel is required to determine the relative order between ' +
        `channel entries, but ${described.length} replacement chains were found ${where()}: ${described.join(', ')}`,
    };
  }
  return { order: chains[0] as string[] };
}
