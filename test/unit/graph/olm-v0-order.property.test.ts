import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { olmV0Order, type V0Order } from '../../../src/core/graph/olm-v0-order';
import type { ModelChannel } from '../../../src/core/model/types';
import { goQuote } from '../../../src/core/semver';
import { channelOf, modelPackage, type EntrySpec } from './fixtures';
import { anyChannel, entryName as name } from './random-channels';

/**
 * OLM v0's sortChannel written the plain way, step for step as resolver.go does it: a copy of the
 * entries, a map of replaces links, a set of visited entries per head. olmV0Order walks without
 * those copies; on any channel the two must give the same order or the same error text.
 */
function sortChannelReference(packageName: string, ch: ModelChannel): V0Order {
  const entries = [...ch.bundles.values()];
  if (entries.length === 0) return { order: [] };
  const where = `in channel ${goQuote(ch.name)} of package ${goQuote(packageName)}`;
  const replacedBy = new Set<string>();
  const replaces = new Map<string, string>();
  const skipped = new Set<string>();
  for (const b of entries) {
    if (b.replaces !== '' && ch.bundles.has(b.replaces)) {
      replacedBy.add(b.replaces);
      replaces.set(b.name, b.replaces);
    }
    for (const s of b.skips) {
      if (ch.bundles.has(s)) {
        replacedBy.add(s);
        skipped.add(s);
      }
    }
  }
  const heads = entries.filter((b) => !replacedBy.has(b.name)).map((b) => b.name);
  if (heads.length === 0) {
    return { error: `no channel heads (entries not replaced by another entry) found ${where}` };
  }
  const chains: string[][] = [];
  for (const head of heads) {
    const chain: string[] = [];
    const visited = new Set<string>();
    let current = head;
    for (;;) {
      visited.add(current);
      if (!skipped.has(current)) chain.push(current);
      const next = replaces.get(current);
      if (next === undefined) break;
      if (visited.has(next)) {
        return {
          error: `a cycle exists in the chain of replacement beginning with ${goQuote(head)} ${where}`,
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
        `channel entries, but ${described.length} replacement chains were found ${where}: ${described.join(', ')}`,
    };
  }
  return { order: chains[0] as string[] };
}

/** Chains: entry i replaces i-1, with a few links changed (into cycles, forks, skips). */
const nearChains = fc
  .integer({ min: 1, max: 12 })
  .chain((n) =>
    fc.tuple(
      fc.constant(n),
      fc.array(fc.tuple(fc.integer({ min: 0, max: n - 1 }), fc.integer({ min: 0, max: n - 1 })), {
        maxLength: 3,
      }),
      fc.array(fc.tuple(fc.integer({ min: 0, max: n - 1 }), fc.integer({ min: 0, max: n - 1 })), {
        maxLength: 3,
      }),
    ),
  )
  .map(([n, relinks, skips]) => {
    const entries: EntrySpec[] = Array.from({ length: n }, (_, i) =>
      i === 0 ? { name: name(i) } : { name: name(i), replaces: name(i - 1) },
    );
    for (const [from, to] of relinks) (entries[from] as EntrySpec).replaces = name(to);
    for (const [from, to] of skips) ((entries[from] as EntrySpec).skips ??= []).push(name(to));
    return entries;
  });

function orderOf(entries: EntrySpec[]): [V0Order, V0Order] {
  const pkg = modelPackage('p', { c: entries });
  const ch = channelOf(pkg);
  return [olmV0Order('p', ch), sortChannelReference('p', ch)];
}

describe("olmV0Order is OLM v0's sortChannel", () => {
  it('on random channels: the same order, or the same error text (an empty one included)', () => {
    expect(orderOf([])).toEqual([{ order: [] }, { order: [] }]);
    fc.assert(
      fc.property(anyChannel, (entries) => {
        const [ours, reference] = orderOf(entries);
        expect(ours).toEqual(reference);
      }),
      { numRuns: 2000 },
    );
  });

  it('on chains with a few links changed: the same order, or the same error text', () => {
    fc.assert(
      fc.property(nearChains, (entries) => {
        const [ours, reference] = orderOf(entries);
        expect(ours).toEqual(reference);
      }),
      { numRuns: 2000 },
    );
  });

  it('names the head whose chain loops back, however far down the loop starts', () => {
    // v3 → v2 → v1 → v0 → v1: the loop does not include the head.
    const entries: EntrySpec[] = [
      { name: name(0), replaces: name(1) },
      { name: name(1), replaces: name(0) },
      { name: name(2), replaces: name(1) },
      { name: name(3), replaces: name(2) },
    ];
    const [ours] = orderOf(entries);
    expect(ours.error).toBe(
      `a cycle exists in the chain of replacement beginning with "p.v3.0.0" in channel "c" of package "p"`,
    );
    // An entry replacing itself is a loop of one.
    const [self] = orderOf([
      { name: name(1), replaces: name(1) },
      { name: name(2), replaces: name(1) },
    ]);
    expect(self.error).toBe(
      `a cycle exists in the chain of replacement beginning with "p.v2.0.0" in channel "c" of package "p"`,
    );
  });
});
