/** Properties of the diff on generated catalogs: nothing between a catalog and itself; B→A is A→B inverted. */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { diffCatalogs, diffModels, invertDiff } from '../../../src/core/diff';
import { bundle, model } from './fixtures';

interface Spec {
  channels: { name: string; entries: { v: number; replaces?: number; skips: number[] }[] }[];
  images: Record<number, string>;
  deprecated: number[];
  defaultChannel: number;
}

const spec: fc.Arbitrary<Spec> = fc.record({
  channels: fc.uniqueArray(
    fc.record({
      name: fc.constantFrom('stable', 'fast', 'candidate'),
      entries: fc.uniqueArray(
        fc.record({
          v: fc.integer({ min: 0, max: 6 }),
          replaces: fc.option(fc.integer({ min: 0, max: 6 }), { nil: undefined }),
          skips: fc.uniqueArray(fc.integer({ min: 0, max: 6 }), { maxLength: 2 }),
        }),
        { selector: (e) => e.v, minLength: 1, maxLength: 5 },
      ),
    }),
    { selector: (c) => c.name, minLength: 1, maxLength: 3 },
  ),
  images: fc.dictionary(
    fc.integer({ min: 0, max: 6 }).map(String),
    fc.constantFrom('a', 'b'),
  ) as fc.Arbitrary<Record<number, string>>,
  deprecated: fc.uniqueArray(fc.integer({ min: 0, max: 6 }), { maxLength: 2 }),
  defaultChannel: fc.integer({ min: 0, max: 2 }),
});

const name = (v: number): string => `op.v1.${v}.0`;

function files(s: Spec): Record<string, string> {
  const chans = s.channels.map(
    (c) => `---
schema: olm.channel
package: op
name: ${c.name}
entries:
${c.entries
  .map(
    (e) =>
      `- name: ${name(e.v)}\n` +
      // An entry that replaces or skips itself does not convert (opm refuses it): left out.
      (e.replaces !== undefined && e.replaces !== e.v ? `  replaces: ${name(e.replaces)}\n` : '') +
      (e.skips.some((k) => k !== e.v)
        ? `  skips: [${e.skips
            .filter((k) => k !== e.v)
            .map(name)
            .join(', ')}]\n`
        : ''),
  )
  .join('')}`,
  );
  const versions = [...new Set(s.channels.flatMap((c) => c.entries.map((e) => e.v)))];
  const deps = s.deprecated.filter((v) => versions.includes(v));
  const def = s.channels[s.defaultChannel % s.channels.length]?.name ?? 'stable';
  return {
    'op/catalog.yaml':
      `---\nschema: olm.package\nname: op\ndefaultChannel: ${def}\n` +
      chans.join('') +
      versions.map((v) => bundle('op', name(v), `quay.io/op/bundle:${s.images[v] ?? 'a'}${v}`)).join('') +
      (deps.length
        ? `---\nschema: olm.deprecations\npackage: op\nentries:\n${deps.map((v) => `- reference: {schema: olm.bundle, name: ${name(v)}}\n  message: gone\n`).join('')}`
        : ''),
  };
}

describe('diff properties', () => {
  it('diff(A, A) is empty', async () => {
    let checked = 0;
    await fc.assert(
      fc.asyncProperty(spec, async (s) => {
        const m = await model(files(s)).catch(() => undefined);
        if (!m) return;
        expect(diffCatalogs(m, m)).toEqual({ packages: [], impact: [], overlays: [] });
        checked++;
      }),
      { numRuns: 60 },
    );
    // The generator makes loadable catalogs: the property is not checked on nothing.
    expect(checked).toBeGreaterThan(30);
  });

  it('diff(B, A) is diff(A, B) inverted', async () => {
    let nonEmpty = 0;
    await fc.assert(
      fc.asyncProperty(spec, spec, async (sa, sb) => {
        const [a, b] = await Promise.all(
          [model(files(sa)), model(files(sb))].map((p) => p.catch(() => undefined)),
        );
        if (!a || !b) return;
        const forward = diffModels(a, b);
        expect(diffModels(b, a)).toEqual(invertDiff(forward));
        if (forward.length > 0) nonEmpty++;
      }),
      { numRuns: 80 },
    );
    expect(nonEmpty).toBeGreaterThan(30);
  });
});
