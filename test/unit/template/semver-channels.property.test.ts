import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { compareVersions, parseVersion } from '../../../src/core/semver';
import { renderSemverTemplate, type SemverTemplate } from '../../../src/core/template';
import { resolveByName } from './helpers';

/**
 * Properties of generated channels that hold for any bundle set (fbc-rules §8.2 "The effect"):
 * entries ascend, each channel's highest entry reaches every other entry directly (one head, nothing
 * stranded), only Y-stream tops carry edges, and edges never cross majors or archetypes.
 */

const versionArb = fc
  .tuple(
    fc.integer({ min: 0, max: 3 }),
    fc.integer({ min: 0, max: 3 }),
    fc.integer({ min: 0, max: 3 }),
    fc.constantFrom('', '-alpha', '-beta.1', '-rc1'),
  )
  .map(([a, b, c, pre]) => `${a}.${b}.${c}${pre}`);

const listArb = fc.uniqueArray(versionArb, { maxLength: 12 });

const version = (name: string) => parseVersion(name.slice('a-v'.length));

describe('generated channels (property-based)', () => {
  it('form one valid upgrade graph per channel', () => {
    fc.assert(
      fc.property(
        listArb,
        listArb,
        listArb,
        fc.boolean(),
        fc.boolean(),
        (candidate, fast, stable, major, minor) => {
          fc.pre(candidate.length + fast.length + stable.length > 0);
          const toList = (vs: string[]) => ({ bundles: vs.map((v) => ({ image: `img/a-v${v}` })) });
          const t: SemverTemplate = {
            schema: 'olm.semver',
            generateMajorChannels: major,
            generateMinorChannels: minor,
            candidate: toList(candidate),
            fast: toList(fast),
            stable: toList(stable),
          };
          const out = renderSemverTemplate(t, resolveByName);
          const lists: Record<string, string[]> = { candidate, fast, stable };
          const kinds = major || minor ? [major && 'major', minor && 'minor'].filter(Boolean) : ['minor'];

          let expectedChannels = 0;
          for (const [arch, vs] of Object.entries(lists)) {
            const majors = new Set(vs.map((v) => parseVersion(v).major));
            const minors = new Set(vs.map((v) => `${parseVersion(v).major}.${parseVersion(v).minor}`));
            if (kinds.includes('major')) expectedChannels += majors.size;
            if (kinds.includes('minor')) expectedChannels += minors.size;
            expect(
              out.channels.filter((c) => c.name.startsWith(`${arch}-v`)).flatMap((c) => c.entries),
            ).toHaveLength(vs.length * kinds.length);
          }
          expect(out.channels).toHaveLength(expectedChannels);

          for (const ch of out.channels) {
            const arch = ch.name.slice(0, ch.name.indexOf('-v'));
            const names = ch.entries.map((e) => e.name);
            for (let i = 1; i < names.length; i++) {
              expect(compareVersions(version(names[i - 1] as string), version(names[i] as string))).toBe(-1);
            }
            const head = ch.entries[ch.entries.length - 1];
            if (head && ch.entries.length > 1) {
              const reached = new Set([head.replaces, ...(head.skips ?? [])]);
              for (const n of names.slice(0, -1)) expect(reached.has(n)).toBe(true);
            }
            ch.entries.forEach((e, i) => {
              const v = version(e.name);
              const next = ch.entries[i + 1];
              const topOfYStream =
                !next || version(next.name).minor !== v.minor || version(next.name).major !== v.major;
              if (!topOfYStream) expect(e.replaces === undefined && e.skips === undefined).toBe(true);
              for (const target of [e.replaces, ...(e.skips ?? [])].filter((x) => x !== undefined)) {
                expect(version(target).major).toBe(v.major);
                expect(lists[arch]).toContain(target.slice('a-v'.length));
                expect(compareVersions(version(target), v)).toBe(-1);
              }
              if (e.replaces !== undefined) expect(version(e.replaces).minor).toBeLessThan(v.minor);
            });
          }

          const top = ['stable', 'fast', 'candidate'].find(
            (a) => (lists[a] as string[]).length > 0,
          ) as string;
          if (out.package.defaultChannel !== '') {
            expect(out.channels.map((c) => c.name)).toContain(out.package.defaultChannel);
            expect(out.package.defaultChannel.startsWith(`${top}-v`)).toBe(true);
          } else {
            // Only the 0.0.0 baseline quirk leaves it empty: candidate-only, every channel created below 0.0.0.
            expect(top).toBe('candidate');
          }
        },
      ),
      { numRuns: 300 },
    );
  });
});
