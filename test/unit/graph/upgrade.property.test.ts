import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { buildChannelGraph } from '../../../src/core/graph/channel-graph';
import { olmV0Order } from '../../../src/core/graph/olm-v0-order';
import { ChannelContext, hasHopV0, hopV0, resolveFrom } from '../../../src/core/graph/next-hop';
import { upgradePath } from '../../../src/core/graph/upgrade';
import { renderGraph } from '../../../src/core/mermaid/render-graph';
import { compareVersions, parseVersion } from '../../../src/core/semver';
import { channelOf, declConfig, modelPackage, type EntrySpec } from './fixtures';
import { anyChannel, entryName as name } from './random-channels';

/**
 * A single-head channel: entry i replaces entry i-1, may skip any older entries and may carry a
 * skipRange over older versions; entries come in a random order.
 */
const singleHeadChannel = fc
  .integer({ min: 2, max: 10 })
  .chain((n) =>
    fc.tuple(
      fc.constant(n),
      fc.array(fc.array(fc.integer({ min: 0, max: n - 1 }), { maxLength: 3 }), {
        minLength: n,
        maxLength: n,
      }),
      fc.array(fc.option(fc.integer({ min: 0, max: n - 1 }), { nil: undefined }), {
        minLength: n,
        maxLength: n,
      }),
      fc.shuffledSubarray([...Array(n).keys()], { minLength: n, maxLength: n }),
    ),
  )
  .map(([n, skips, rangeFloors, perm]) => {
    const entries: EntrySpec[] = [...Array(n).keys()].map((i) => {
      const e: EntrySpec = { name: name(i) };
      if (i > 0) e.replaces = name(i - 1);
      const s = [...new Set((skips[i] ?? []).filter((j) => j < i))].map(name);
      if (s.length > 0) e.skips = s;
      const floor = rangeFloors[i];
      if (i > 0 && floor !== undefined && floor < i) e.skipRange = `>=${floor}.0.0 <${i}.0.0`;
      return e;
    });
    return perm.map((i) => entries[i] as EntrySpec);
  });

describe('upgrade paths on random single-head channels', () => {
  it('OLM v0 ends at the head or says why, and never lands on a skipped entry', () => {
    fc.assert(
      fc.property(singleHeadChannel, (entries) => {
        const pkg = modelPackage('p', { c: entries });
        const ch = channelOf(pkg);
        const skipped = new Set(entries.flatMap((e) => e.skips ?? []));
        const order = olmV0Order('p', ch).order as string[];
        const head = name(entries.length - 1);
        expect(order[0]).toBe(head);
        for (const e of entries) {
          const path = upgradePath(pkg, ch, { name: e.name, version: parseVersion(e.name.slice(3)) }, 'v0');
          expect(path.error).toBeUndefined();
          if (path.reachesHead) expect(path.hops[path.hops.length - 1]).toBe(head);
          else expect(path.stuckReason).toMatch(/\S/);
          for (const target of path.hops.slice(1)) {
            expect(skipped.has(target)).toBe(false);
            expect(order).toContain(target);
          }
          // Every way out of an entry here leads to a newer one, so versions only go up.
          const versions = path.hops.map((h) => parseVersion(h.slice(3)));
          for (let i = 1; i < versions.length; i++) {
            expect(compareVersions(versions[i] as never, versions[i - 1] as never)).toBe(1);
          }
        }
      }),
      { numRuns: 300 },
    );
  });

  it('OLM v1 always reaches the head here (each entry is replaced by a newer one)', () => {
    fc.assert(
      fc.property(singleHeadChannel, (entries) => {
        const pkg = modelPackage('p', { c: entries });
        for (const e of entries) {
          const path = upgradePath(
            pkg,
            channelOf(pkg),
            { name: e.name, version: parseVersion(e.name.slice(3)) },
            'v1',
          );
          expect(path).toMatchObject({ reachesHead: true });
          expect(path.hops[path.hops.length - 1]).toBe(name(entries.length - 1));
        }
      }),
      { numRuns: 200 },
    );
  });
});

const EDGE_LINE = /^ {6}\S+\["([^"]*)"\]-- (skip|replace|"skipRange\(.*\)") --> \S+\["([^"]*)"\]$/;

describe('the yes/no next hop validation asks', () => {
  it('hasHopV0 is true exactly when hopV0 names a target, from every entry and from versions no entry has', () => {
    fc.assert(
      fc.property(singleHeadChannel, fc.integer({ min: 0, max: 12 }), (entries, extra) => {
        const pkg = modelPackage('p', { c: entries });
        const ch = channelOf(pkg);
        const ctx = new ChannelContext(pkg, ch);
        const froms = [
          ...entries.map((e) => resolveFrom(ctx, { name: e.name, version: parseVersion(e.name.slice(3)) })),
          resolveFrom(ctx, { version: parseVersion(`${extra}.5.0`) }),
        ];
        for (const from of froms) expect(hasHopV0(ctx, from)).toBe(hopV0(ctx, from).target !== undefined);
      }),
      { numRuns: 300 },
    );
  });

  it('and on any channel: random links and ranges, repeated versions, a bundle named "" among them', () => {
    fc.assert(
      fc.property(anyChannel, fc.boolean(), fc.integer({ min: 0, max: 9 }), (entries, blank, extra) => {
        // An empty name (opm's R58) is what an entry without replaces names in OLM's predicate.
        const all = blank ? [...entries, { name: '', version: '4.0.0' }] : entries;
        const pkg = modelPackage('p', { c: all });
        const ch = channelOf(pkg);
        const ctx = new ChannelContext(pkg, ch);
        const froms = [
          ...[...ch.bundles.values()].map((b) => resolveFrom(ctx, { name: b.name, version: b.version })),
          resolveFrom(ctx, { version: parseVersion(`${extra}.5.0`) }),
        ];
        for (const from of froms) expect(hasHopV0(ctx, from)).toBe(hopV0(ctx, from).target !== undefined);
      }),
      { numRuns: 500 },
    );
  });
});

describe('ChannelGraph agrees with render-graph', () => {
  it('same edges, and v0Ignored on exactly the edges --draw-v0-semantics paints red', () => {
    fc.assert(
      fc.property(anyChannel, (entries) => {
        const { text } = renderGraph(
          declConfig({ packages: ['p'], channels: [{ package: 'p', name: 'c', entries }] }),
          {
            drawV0Semantics: true,
          },
        );
        const drawn = text
          .split('\n')
          .map((l) => EDGE_LINE.exec(l))
          .filter((m): m is RegExpExecArray => m !== null)
          .map((m) => `${m[1]} ${m[2]?.startsWith('"') ? 'skipRange' : m[2]} ${m[3]}`);
        const red = new Set(
          (/^linkStyle (\S+) /m.exec(text)?.[1] ?? '').split(',').filter(Boolean).map(Number),
        );
        const drawnRed = drawn.filter((_, i) => red.has(i));

        const pkg = modelPackage('p', { c: entries });
        const g = buildChannelGraph(pkg, channelOf(pkg));
        const kind = { replaces: 'replace', skips: 'skip', skipRange: 'skipRange' } as const;
        const key = (e: (typeof g.edges)[number]): string => `${e.from} ${kind[e.kind]} ${e.to}`;
        expect(g.edges.map(key).sort()).toEqual([...drawn].sort());
        expect(
          g.edges
            .filter((e) => e.v0Ignored)
            .map(key)
            .sort(),
        ).toEqual([...drawnRed].sort());
        // Node count: every entry, plus one ghost per outside name an edge comes from.
        const outside = new Set(g.edges.map((e) => e.from).filter((f) => !entries.some((e) => e.name === f)));
        expect(g.nodes).toHaveLength(entries.length + outside.size);
      }),
      { numRuns: 400 },
    );
  });
});
