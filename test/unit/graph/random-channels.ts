/**
 * Random channels for the graph property tests: entries named `p.v<i>.0.0`, linked at random.
 */
import fc from 'fast-check';
import type { EntrySpec } from './fixtures';

export const entryName = (i: number): string => `p.v${i}.0.0`;

const RANGES = [
  '>=1.0.0 <5.0.0',
  '<3.0.0',
  '>=2.0.0',
  '1.x.x',
  '>=0.0.0',
  'garbage',
  '>=2.0.0 <2.0.0 || >=6.0.0',
];

/** Any channel at all: random links (to entries or to names outside the channel), ranges, repeated versions. */
export const anyChannel = fc
  .uniqueArray(fc.integer({ min: 0, max: 9 }), { minLength: 1, maxLength: 8 })
  .chain((ids) =>
    fc.tuple(
      fc.constant(ids),
      fc.array(
        fc.record({
          replaces: fc.option(fc.integer({ min: 0, max: 9 }), { nil: undefined }),
          skips: fc.array(fc.integer({ min: 0, max: 9 }), { maxLength: 3 }),
          skipRange: fc.option(fc.constantFrom(...RANGES), { nil: undefined }),
          sameVersion: fc.boolean(),
        }),
        { minLength: ids.length, maxLength: ids.length },
      ),
    ),
  )
  .map(([ids, links]) =>
    ids.map((id, i): EntrySpec => {
      const l = links[i] as (typeof links)[number];
      const e: EntrySpec = { name: entryName(id), skips: l.skips.map(entryName) };
      if (l.replaces !== undefined) e.replaces = entryName(l.replaces);
      if (l.skipRange !== undefined) e.skipRange = l.skipRange;
      if (l.sameVersion) e.version = '4.0.0';
      return e;
    }),
  );
