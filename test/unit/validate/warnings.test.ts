import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Diagnostic } from '../../../src/core/diagnostics';
import { convertToModel } from '../../../src/core/model/convert';
import { closestKnownSchema } from '../../../src/core/validate/schema-typo';
import { validateCatalog } from '../../../src/core/validate/validate-catalog';
import { catalogWarnings, coversAny } from '../../../src/core/validate/warnings';
import { compareVersions, parseRange, parseVersion } from '../../../src/core/semver';
import { addYaml, bundleYaml } from '../model/build-dc';

/** A channel `alpha` of package `foo`; each entry `[name, version, extra entry yaml]`. */
function catalog(entries: [name: string, version: string, extra?: string][], more = ''): string {
  return (
    `schema: olm.package\nname: foo\ndefaultChannel: alpha\n---\n` +
    `schema: olm.channel\npackage: foo\nname: alpha\nentries:\n` +
    entries.map(([n, , extra]) => `  - name: ${n}\n${extra ?? ''}`).join('') +
    entries.map(([n, v]) => `---\n${bundleYaml('foo', n, v)}`).join('') +
    more
  );
}

function warnings(yaml: string, rule?: string): Diagnostic[] {
  const dc = addYaml(yaml);
  const { model } = convertToModel(dc);
  const all = catalogWarnings(model, dc);
  for (const w of all) {
    expect(w.source).toBe('fbc-studio');
    expect(w.message).toContain('not an opm error');
  }
  return rule === undefined ? all : all.filter((w) => w.rule === rule);
}

const brief = (w: Diagnostic) => ({
  rule: w.rule,
  severity: w.severity,
  bundle: w.bundle,
  path: w.ref?.path,
});

describe('skipped-replaces-target', () => {
  // fbc-rules §5 worked example: opm accepts it, OLM v0 never offers v1.1 and ignores v1.2 → v1.1.
  const example = catalog([
    ['v1.3', '1.3.0', '    replaces: v1.2\n    skips: [v1.1, v1.0]\n'],
    ['v1.2', '1.2.0', '    replaces: v1.1\n'],
    ['v1.1', '1.1.0'],
    ['v1.0', '1.0.0'],
  ]);

  it('notes an entry that is skipped and also some entry’s replaces target, as info when nobody is stranded', () => {
    expect(validateCatalog({ dc: addYaml(example), errors: [] }).passed).toBe(true);
    const w = warnings(example, 'skipped-replaces-target');
    expect(w.map(brief)).toEqual([
      { rule: 'skipped-replaces-target', severity: 'info', bundle: 'v1.1', path: ['entries', 2, 'name'] },
    ]);
    expect(w[0]?.message).toMatch(
      /^"v1\.1" is skipped by "v1\.3" and is also the replaces target of "v1\.2"/,
    );
  });

  it('warns when OLM v0 really leaves the bundle below without an upgrade (opm still accepts it)', () => {
    // v1.1 is skipped, so OLM v0 drops it from the order; v1.0 is only reachable through v1.1.
    const stuck = catalog([
      ['v1.3', '1.3.0', '    replaces: v1.2\n    skips: [v1.1]\n'],
      ['v1.2', '1.2.0', '    replaces: v1.1\n'],
      ['v1.1', '1.1.0', '    replaces: v1.0\n    skips: [v1.0]\n'],
      ['v1.0', '1.0.0'],
    ]);
    expect(validateCatalog({ dc: addYaml(stuck), errors: [] }).passed).toBe(true);
    const w = warnings(stuck, 'skipped-replaces-target');
    expect(w.map(brief)).toEqual([
      { rule: 'skipped-replaces-target', severity: 'warning', bundle: 'v1.1', path: ['entries', 2, 'name'] },
      // v1.0 is skipped by and replaced by v1.1 too, but replaces nothing: nobody below it to strand.
      { rule: 'skipped-replaces-target', severity: 'info', bundle: 'v1.0', path: ['entries', 3, 'name'] },
    ]);
    expect(w[0]?.message).toContain('clusters on "v1.0" (which "v1.1" replaces) get no upgrade from OLM v0.');
  });

  it('stays quiet on a plain replaces chain', () => {
    const plain = catalog([
      ['v1.2', '1.2.0', '    replaces: v1.1\n    skips: [v1.0]\n'],
      ['v1.1', '1.1.0'],
      ['v1.0', '1.0.0'],
    ]);
    expect(warnings(plain, 'skipped-replaces-target')).toEqual([]);
  });
});

describe('skiprange-above-version', () => {
  const one = (range: string) => catalog([['b', '1.2.0', `    replaces: a\n    skipRange: '${range}'\n`]]);

  it.each([
    ['>=1.0.0 <1.3.0', 'reaches up to 1.3.0'],
    ['>=1.0.0', 'has no upper bound'],
    ['<1.0.0 || <=1.2.1', 'reaches 1.2.1 inclusive'],
  ])('flags %s', (range, text) => {
    const w = warnings(one(range), 'skiprange-above-version');
    expect(w.map(brief)).toEqual([
      {
        rule: 'skiprange-above-version',
        severity: 'warning',
        bundle: 'b',
        path: ['entries', 0, 'skipRange'],
      },
    ]);
    expect(w[0]?.message).toContain(text);
  });

  it.each(['>=1.0.0 <1.2.0', '<=1.2.0', '>=1.0.0 <1.2.0-0', '~1.0'])('accepts %s', (range) => {
    expect(warnings(one(range), 'skiprange-above-version')).toEqual([]);
  });
});

describe('skiprange-covers-nothing', () => {
  it('flags a range that matches no other entry’s version (info)', () => {
    const yaml = catalog([
      ['b', '1.1.0', "    replaces: a\n    skipRange: '<0.5.0'\n"],
      ['a', '1.0.0'],
    ]);
    expect(warnings(yaml, 'skiprange-covers-nothing').map(brief)).toEqual([
      { rule: 'skiprange-covers-nothing', severity: 'info', bundle: 'b', path: ['entries', 0, 'skipRange'] },
    ]);
  });

  it('stays quiet when the range covers an entry (its own version does not count)', () => {
    const covers = catalog([
      ['b', '1.1.0', "    replaces: a\n    skipRange: '>=1.0.0 <1.1.0'\n"],
      ['a', '1.0.0'],
    ]);
    expect(warnings(covers, 'skiprange-covers-nothing')).toEqual([]);
    const onlySelf = catalog([['b', '1.1.0', "    skipRange: '>=1.1.0 <=1.1.0'\n"]]);
    expect(warnings(onlySelf, 'skiprange-covers-nothing')).toHaveLength(1);
  });

  /** Package foo with a channel per minor version: `[channel, [name, version, extra entry yaml][]]`. */
  function channels(list: [string, [string, string, string?][]][]): string {
    const names = new Map<string, string>();
    let yaml = 'schema: olm.package\nname: foo\ndefaultChannel: ' + (list[0]?.[0] ?? '') + '\n';
    for (const [ch, entries] of list) {
      yaml += `---\nschema: olm.channel\npackage: foo\nname: ${ch}\nentries:\n`;
      yaml += entries.map(([n, , extra]) => `  - name: ${n}\n${extra ?? ''}`).join('');
      for (const [n, v] of entries) names.set(n, v);
    }
    for (const [n, v] of names) yaml += `---\n${bundleYaml('foo', n, v)}`;
    return yaml;
  }

  it('stays quiet when the range covers versions of another channel (a cluster switching channel upgrades by it)', () => {
    // submariner's layout: stable-0.18's 0.18.0 skips >=0.17.0 <0.18.0, which sit in stable-0.17.
    const yaml = channels([
      [
        'stable-0.17',
        [
          ['foo.v0.17.0', '0.17.0'],
          ['foo.v0.17.1', '0.17.1', '    replaces: foo.v0.17.0\n'],
        ],
      ],
      ['stable-0.18', [['foo.v0.18.0', '0.18.0', "    skipRange: '>=0.17.0 <0.18.0'\n"]]],
    ]);
    expect(warnings(yaml, 'skiprange-covers-nothing')).toEqual([]);
  });

  it('flags a range no version of the package matches, the bundle itself in another channel not counting', () => {
    const yaml = channels([
      [
        'stable-0.17',
        [
          ['foo.v0.17.0', '0.17.0'],
          ['foo.v0.18.0', '0.18.0', '    replaces: foo.v0.17.0\n'],
        ],
      ],
      ['stable-0.18', [['foo.v0.18.0', '0.18.0', "    skipRange: '>=0.16.0 <0.17.0 || 0.18.0'\n"]]],
    ]);
    const w = warnings(yaml, 'skiprange-covers-nothing');
    expect(w.map(brief)).toEqual([
      {
        rule: 'skiprange-covers-nothing',
        severity: 'info',
        bundle: 'foo.v0.18.0',
        path: ['entries', 0, 'skipRange'],
      },
    ]);
    expect(w[0]?.message).toContain(
      'matches no other version of package "foo", in channel "stable-0.18" or any other; it only helps clusters',
    );
  });
});

describe('skips-only', () => {
  it('flags an entry with skips but neither replaces nor skipRange that leaves an older entry out', () => {
    const yaml = catalog([
      ['c', '1.2.0', '    skips: [b]\n'],
      ['b', '1.1.0', '    replaces: a\n'],
      ['a', '1.0.0'],
    ]);
    const w = warnings(yaml, 'skips-only');
    expect(w.map(brief)).toEqual([
      { rule: 'skips-only', severity: 'warning', bundle: 'c', path: ['entries', 0, 'skips'] },
    ]);
    expect(w[0]?.message).toContain(
      'and its skips leave out "a" (older entries of the channel). Skips do not chain',
    );
  });

  it('names at most three of the entries left out', () => {
    const yaml = catalog([
      ['f', '1.5.0', '    skips: [e]\n'],
      ['e', '1.4.0'],
      ['d', '1.3.0'],
      ['c', '1.2.0'],
      ['b', '1.1.0'],
      ['a', '1.0.0'],
    ]);
    expect(warnings(yaml, 'skips-only')[0]?.message).toContain('leave out "d", "c", "b" and 1 more (older');
  });

  it('stays quiet when the skips name every older entry: a head that skips them all strands nobody', () => {
    // openshift-kueue-fbc's channels: each head skips the one entry before it.
    expect(
      warnings(
        catalog([
          ['b', '1.1.0', '    skips: [a]\n'],
          ['a', '1.0.0'],
        ]),
        'skips-only',
      ),
    ).toEqual([]);
    // Newer entries it does not list are not left behind by it.
    const yaml = catalog([
      ['d', '1.3.0', '    replaces: c\n'],
      ['c', '1.2.0', '    skips: [a, b]\n'],
      ['b', '1.1.0'],
      ['a', '1.0.0'],
    ]);
    expect(warnings(yaml, 'skips-only')).toEqual([]);
  });

  it('counts an entry of unknown version as one it may leave out', () => {
    const yaml = catalog([
      ['b', '1.1.0', '    skips: [a]\n'],
      ['a', '1.0.0'],
      ['x', 'not-a-version'],
    ]);
    expect(warnings(yaml, 'skips-only').map((w) => w.bundle)).toEqual(['b']);
  });

  it('stays quiet when the entry also replaces or has a skipRange', () => {
    const yaml = catalog([
      ['c', '1.2.0', "    skips: [b]\n    skipRange: '<1.2.0'\n"],
      ['b', '1.1.0', '    replaces: a\n    skips: [a]\n'],
      ['a', '1.0.0'],
    ]);
    expect(warnings(yaml, 'skips-only')).toEqual([]);
  });
});

describe('prerelease-as-build-number', () => {
  it('flags 1.34.1-5 next to 1.34.1 and replacing it', () => {
    const yaml = catalog([
      ['j.v1.34.1-5', '1.34.1-5', '    replaces: j.v1.34.1\n'],
      ['j.v1.34.1', '1.34.1'],
    ]);
    const w = warnings(yaml, 'prerelease-as-build-number');
    expect(w.map(brief)).toEqual([
      {
        rule: 'prerelease-as-build-number',
        severity: 'warning',
        bundle: 'j.v1.34.1-5',
        path: ['properties', 0, 'value', 'version'],
      },
    ]);
    expect(w[0]?.message).toContain('channel "alpha" also contains 1.34.1');
    expect(w[0]?.message).toContain('it replaces "j.v1.34.1", whose version 1.34.1 is higher');
  });

  it('stays quiet for ordinary prereleases and rebuilds in order', () => {
    const yaml = catalog([
      ['v3', '2.0.0-rc.1', '    replaces: v2\n'],
      ['v2', '1.0.0-2', '    replaces: v1\n'],
      ['v1', '1.0.0-1'],
    ]);
    expect(warnings(yaml, 'prerelease-as-build-number')).toEqual([]);
  });
});

describe('schema-typo', () => {
  it.each([
    ['olm.catalog.deprecation', 'olm.deprecations'],
    ['olm.Bundle', 'olm.bundle'],
    ['olm.chanel', 'olm.channel'],
    ['olm.deprecation', 'olm.deprecations'],
    ['package.olm', 'olm.package'],
  ])('%s looks like %s', (schema, known) => {
    expect(closestKnownSchema(schema)).toBe(known);
  });

  it.each(['example.com.custom', 'olm.template.basic', 'olm.semver', 'olm.package', 'io.acme.widget'])(
    '%s is left alone',
    (schema) => {
      expect(closestKnownSchema(schema)).toBeUndefined();
    },
  );

  it('warns on the blob, pointing at its schema key', () => {
    const yaml = catalog(
      [['a', '1.0.0']],
      '---\nSchema: olm.catalog.deprecation\npackage: foo\nentries: []\n',
    );
    const w = warnings(yaml, 'schema-typo');
    expect(w.map(brief)).toEqual([
      { rule: 'schema-typo', severity: 'warning', bundle: undefined, path: ['Schema'] },
    ]);
    expect(w[0]?.package).toBe('foo');
    expect(w[0]?.message).toContain('did you mean "olm.deprecations"');
  });
});

describe('catalogWarnings in validateCatalog', () => {
  it('are included after the opm findings and do not fail the catalog', () => {
    // opm passes it (d's replaces chain skips the rest); c's skips leave "a" out.
    const yaml = catalog([
      ['d', '1.3.0', '    replaces: c\n    skips: [a]\n'],
      ['c', '1.2.0', '    skips: [b]\n'],
      ['b', '1.1.0'],
      ['a', '1.0.0'],
    ]);
    const r = validateCatalog({ dc: addYaml(yaml), errors: [] });
    expect(r.passed).toBe(true);
    expect(r.diagnostics.map((d) => d.rule)).toEqual(['skips-only']);
  });
});

describe('coversAny (interval search used by skiprange-covers-nothing)', () => {
  it('agrees with testing every version', () => {
    const ver = fc
      .tuple(
        fc.nat(3),
        fc.nat(3),
        fc.nat(3),
        fc.option(fc.constantFrom('0', '1', 'rc', 'rc.1'), { nil: undefined }),
      )
      .map(([a, b, c, pre]) => `${a}.${b}.${c}${pre === undefined ? '' : '-' + pre}`);
    const op = fc.constantFrom('', '=', '==', '!=', '>', '>=', '<', '<=');
    const group = fc
      .array(
        fc.tuple(op, ver).map(([o, v]) => o + v),
        { minLength: 1, maxLength: 3 },
      )
      .map((g) => g.join(' '));
    const range = fc.array(group, { minLength: 1, maxLength: 3 }).map((gs) => gs.join(' || '));
    fc.assert(
      fc.property(range, fc.array(ver, { maxLength: 8 }), fc.nat(8), (rs, vs, selfIndex) => {
        const r = parseRange(rs);
        const sorted = vs.map(parseVersion).sort(compareVersions);
        const self = sorted[selfIndex];
        expect(coversAny(r, sorted, self)).toBe(sorted.some((v) => v !== self && r.test(v)));
      }),
      { numRuns: 3000 },
    );
  });
});
