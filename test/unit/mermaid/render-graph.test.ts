import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { DeclarativeConfig } from '../../../src/core/declcfg/types';
import { loadCatalog } from '../../../src/core/load';
import { renderGraph, splitMermaidByPackage } from '../../../src/core/mermaid/render-graph';
import { convertToModel } from '../../../src/core/model/convert';
import { MemorySource } from '../../../src/core/source/memory';
import { declBundle, declConfig, type DeclSpec } from '../graph/fixtures';
import { hasShared, sharedPath, skipReason } from '../../support/shared';
import { M01_YAML } from './m01-catalog';

const HEADER = [
  'graph LR',
  '  classDef deprecated fill:#E8960F',
  '  classDef skipped stroke:#FF0000,stroke-width:4px',
  '  classDef deprecatedskipped fill:#E8960F,stroke:#FF0000,stroke-width:4px',
];
const lines = (...ls: string[]): string => ls.join('\n') + '\n';

// fbc-cases M01: upstream write_test.go fixture.
const M01_SPEC: DeclSpec = {
  packages: ['anakin', 'boba-fett'],
  channels: [
    {
      package: 'anakin',
      name: 'dark',
      entries: [
        { name: 'anakin.v0.0.1' },
        { name: 'anakin.v0.1.0', replaces: 'anakin.v0.0.1' },
        { name: 'anakin.v0.1.1', replaces: 'anakin.v0.0.1', skips: ['anakin.v0.1.0'] },
      ],
    },
    {
      package: 'anakin',
      name: 'light',
      entries: [{ name: 'anakin.v0.0.1' }, { name: 'anakin.v0.1.0', replaces: 'anakin.v0.0.1' }],
    },
    {
      package: 'boba-fett',
      name: 'mando',
      entries: [{ name: 'boba-fett.v1.0.0' }, { name: 'boba-fett.v2.0.0', replaces: 'boba-fett.v1.0.0' }],
    },
  ],
  deprecations: [
    {
      package: 'anakin',
      entries: [
        { schema: 'olm.bundle', name: 'anakin.v0.0.1', message: 'This bundle version is deprecated' },
        { schema: 'olm.channel', name: 'light', message: 'This channel is deprecated' },
        { schema: 'olm.package', message: 'This package is deprecated... there is another' },
      ],
    },
  ],
};
const m01 = (): DeclarativeConfig => declConfig(M01_SPEC);

const BOBA = [
  '  %% package "boba-fett"',
  '  subgraph "boba-fett"',
  '    %% channel "mando"',
  '    subgraph boba-fett-mando["mando"]',
  '      boba-fett-mando-boba-fett.v2.0.0["boba-fett.v2.0.0"]',
  '      boba-fett-mando-boba-fett.v1.0.0["boba-fett.v1.0.0"]-- replace --> boba-fett-mando-boba-fett.v2.0.0["boba-fett.v2.0.0"]',
  '      boba-fett-mando-boba-fett.v1.0.0["boba-fett.v1.0.0"]',
  '    end',
  '  end',
];
const ANAKIN_DARK = [
  '    %% channel "dark"',
  '    subgraph anakin-dark["dark"]',
  '      anakin-dark-anakin.v0.1.1["anakin.v0.1.1"]',
  '      anakin-dark-anakin.v0.1.0["anakin.v0.1.0"]-- skip --> anakin-dark-anakin.v0.1.1["anakin.v0.1.1"]',
  '      anakin-dark-anakin.v0.0.1["anakin.v0.0.1"]-- replace --> anakin-dark-anakin.v0.1.1["anakin.v0.1.1"]',
  '      anakin-dark-anakin.v0.1.0["anakin.v0.1.0"]',
  '      anakin-dark-anakin.v0.0.1["anakin.v0.0.1"]-- replace --> anakin-dark-anakin.v0.1.0["anakin.v0.1.0"]',
  '      anakin-dark-anakin.v0.0.1["anakin.v0.0.1"]',
  '    end',
];
const ANAKIN_LIGHT = [
  '    %% channel "light"',
  '    subgraph anakin-light["light"]',
  '      anakin-light-anakin.v0.1.0["anakin.v0.1.0"]',
  '      anakin-light-anakin.v0.0.1["anakin.v0.0.1"]-- replace --> anakin-light-anakin.v0.1.0["anakin.v0.1.0"]',
  '      anakin-light-anakin.v0.0.1["anakin.v0.0.1"]',
  '    end',
];

const M01_EXPECTED = lines(
  ...HEADER,
  '  %% package "anakin"',
  '  subgraph "anakin"',
  ...ANAKIN_DARK,
  ...ANAKIN_LIGHT,
  '  end',
  ...BOBA,
  'style anakin fill:#989695',
  'style anakin-light fill:#DCD0FF',
  'class anakin-dark-anakin.v0.0.1,anakin-light-anakin.v0.0.1 deprecated',
  'class anakin-dark-anakin.v0.1.0 skipped',
  'linkStyle 2 stroke:#FF0000,stroke-width:3px,stroke-dasharray:5;',
);

const M03_EXPECTED = lines(
  ...HEADER,
  '  %% package "anakin"',
  '  subgraph "anakin"',
  '    %% channel "dark"',
  '    subgraph anakin-dark["dark"]',
  '      anakin-dark-anakin.v0.1.1["anakin.v0.1.1"]',
  '      anakin-dark-anakin.v0.1.0["anakin.v0.1.0"]-- skip --> anakin-dark-anakin.v0.1.1["anakin.v0.1.1"]',
  '      anakin-dark-anakin.v0.1.0["anakin.v0.1.0"]',
  '    end',
  '    %% channel "light"',
  '    subgraph anakin-light["light"]',
  '      anakin-light-anakin.v0.1.0["anakin.v0.1.0"]',
  '    end',
  '  end',
  'style anakin fill:#989695',
  'style anakin-light fill:#DCD0FF',
  'class anakin-dark-anakin.v0.1.0 skipped',
);

// Reads ../shared/corpus (real repositories, never copied into the project): skipped, with the printed reason, in a clone without it.
describe.skipIf(!hasShared)('the expected outputs above are the spec text', () => {
  it('M01 and M03 match fbc-cases.md §G', () => {
    const md = readFileSync(sharedPath('spec/fbc-cases.md'), 'utf8');
    const block = (id: string): string => {
      const section = md.slice(md.indexOf(`### ${id} `));
      const start = section.indexOf('```text\n') + '```text\n'.length;
      return section.slice(start, section.indexOf('```', start));
    };
    expect(block('M01')).toBe(M01_EXPECTED);
    expect(block('M03')).toBe(M03_EXPECTED);
  });
});
if (!hasShared) console.log(skipReason('render-graph spec sync'));

async function loadM01(): Promise<DeclarativeConfig> {
  const load = await loadCatalog(new MemorySource({ 'catalog.yaml': M01_YAML }));
  expect(load.errors).toEqual([]);
  return load.dc;
}

describe('renderGraph: the M01 case text through the loader', () => {
  it('the catalog is valid for opm validate (no conversion error)', async () => {
    expect(convertToModel(await loadM01()).errors).toEqual([]);
  });

  it('M01 (v0 semantics on) and M03 (--minimum-edge anakin.v0.1.0), byte for byte', async () => {
    const dc = await loadM01();
    expect(renderGraph(dc, { drawV0Semantics: true })).toEqual({ text: M01_EXPECTED, warnings: [] });
    expect(renderGraph(dc, { minimumEdge: 'anakin.v0.1.0', drawV0Semantics: true }).text).toBe(M03_EXPECTED);
    expect(renderGraph(dc, { packageName: 'boba-fett' }).text).toBe(lines(...HEADER, ...BOBA));
    expect(() => renderGraph(dc, { minimumEdge: 'nope' })).toThrow(
      new Error('unknown minimum edge name: "nope"'),
    );
  });
});

describe('renderGraph: fbc-cases §G', () => {
  it('M01: v0 semantics on, byte for byte', () => {
    expect(renderGraph(m01(), { drawV0Semantics: true })).toEqual({ text: M01_EXPECTED, warnings: [] });
  });

  it('M01 with the CLI default (v0 semantics off): no skipped class, no linkStyle', () => {
    const expected = M01_EXPECTED.replace('class anakin-dark-anakin.v0.1.0 skipped\n', '').replace(
      'linkStyle 2 stroke:#FF0000,stroke-width:3px,stroke-dasharray:5;\n',
      '',
    );
    expect(renderGraph(m01()).text).toBe(expected);
    expect(renderGraph(m01(), { drawV0Semantics: false }).text).toBe(expected);
  });

  it('M03: --minimum-edge anakin.v0.1.0, byte for byte', () => {
    expect(renderGraph(m01(), { minimumEdge: 'anakin.v0.1.0', drawV0Semantics: true }).text).toBe(
      M03_EXPECTED,
    );
  });

  it('-p boba-fett: the header and the boba-fett subgraph only, no style or class lines', () => {
    const expected = lines(...HEADER, ...BOBA);
    expect(renderGraph(m01(), { packageName: 'boba-fett' }).text).toBe(expected);
    expect(renderGraph(m01(), { packageName: 'boba-fett', drawV0Semantics: true }).text).toBe(expected);
  });

  it('-p with a package that has no channels draws only the header', () => {
    expect(renderGraph(m01(), { packageName: 'nope' }).text).toBe(lines(...HEADER));
  });

  it('--minimum-edge nope', () => {
    expect(() => renderGraph(m01(), { minimumEdge: 'nope' })).toThrow(
      new Error('unknown minimum edge name: "nope"'),
    );
  });

  it('the input is not reordered in place', () => {
    const dc = m01();
    const names = dc.channels.map((c) => c.name);
    renderGraph(dc);
    expect(dc.channels.map((c) => c.name)).toEqual(names);
  });
});

describe('renderGraph: entries, skipRange and warnings', () => {
  it('a skipRange edge is drawn from every entry in range, in entry order', () => {
    const dc = declConfig({
      packages: ['etcd'],
      channels: [
        {
          package: 'etcd',
          name: 'stable',
          entries: [
            { name: 'etcd.v0.9.0' },
            { name: 'etcd.v0.9.2', replaces: 'etcd.v0.9.0' },
            { name: 'etcd.v0.9.4', replaces: 'etcd.v0.9.2', skipRange: '>=0.9.0 <0.9.4' },
          ],
        },
      ],
    });
    expect(renderGraph(dc).text).toBe(
      lines(
        ...HEADER,
        '  %% package "etcd"',
        '  subgraph "etcd"',
        '    %% channel "stable"',
        '    subgraph etcd-stable["stable"]',
        '      etcd-stable-etcd.v0.9.4["etcd.v0.9.4"]',
        '      etcd-stable-etcd.v0.9.0["etcd.v0.9.0"]-- "skipRange(>=0.9.0 <0.9.4)" --> etcd-stable-etcd.v0.9.4["etcd.v0.9.4"]',
        '      etcd-stable-etcd.v0.9.2["etcd.v0.9.2"]-- "skipRange(>=0.9.0 <0.9.4)" --> etcd-stable-etcd.v0.9.4["etcd.v0.9.4"]',
        '      etcd-stable-etcd.v0.9.2["etcd.v0.9.2"]-- replace --> etcd-stable-etcd.v0.9.4["etcd.v0.9.4"]',
        '      etcd-stable-etcd.v0.9.2["etcd.v0.9.2"]',
        '      etcd-stable-etcd.v0.9.0["etcd.v0.9.0"]-- replace --> etcd-stable-etcd.v0.9.2["etcd.v0.9.2"]',
        '      etcd-stable-etcd.v0.9.0["etcd.v0.9.0"]',
        '    end',
        '  end',
      ),
    );
  });

  it('an entry whose own version is in its own range gets an edge to itself', () => {
    const dc = declConfig({
      packages: ['p'],
      channels: [{ package: 'p', name: 'c', entries: [{ name: 'p.v1.0.0', skipRange: '<=1.0.0' }] }],
    });
    expect(renderGraph(dc).text).toContain(
      '      p-c-p.v1.0.0["p.v1.0.0"]-- "skipRange(<=1.0.0)" --> p-c-p.v1.0.0["p.v1.0.0"]\n',
    );
  });

  it('an invalid skipRange is skipped with the warning, and the entry is still drawn', () => {
    const dc = declConfig({
      packages: ['anakin'],
      channels: [
        {
          package: 'anakin',
          name: 'light',
          entries: [
            { name: 'anakin.v0.0.1' },
            { name: 'anakin.v0.1.0', replaces: 'anakin.v0.0.1', skipRange: '>1.00.1' },
          ],
        },
      ],
    });
    const { text, warnings } = renderGraph(dc);
    expect(warnings).toEqual([
      'warning: ignoring invalid SkipRange for package/edge "anakin"/"anakin.v0.1.0": Could not parse Range ' +
        '">1.00.1": Could not parse version "1.00.1" in ">1.00.1": Minor number must not contain leading zeroes "00"',
    ]);
    expect(text).toContain('      anakin-light-anakin.v0.1.0["anakin.v0.1.0"]\n');
    expect(text).not.toContain('skipRange');
  });

  it('--minimum-edge drops an unparsable skipRange without a warning', () => {
    const dc = declConfig({
      packages: ['p'],
      channels: [
        {
          package: 'p',
          name: 'c',
          entries: [{ name: 'p.v1.0.0' }, { name: 'p.v2.0.0', replaces: 'p.v1.0.0', skipRange: '~1' }],
        },
      ],
    });
    expect(renderGraph(dc, { minimumEdge: 'p.v1.0.0' })).toEqual({
      text: lines(
        ...HEADER,
        '  %% package "p"',
        '  subgraph "p"',
        '    %% channel "c"',
        '    subgraph p-c["c"]',
        '      p-c-p.v2.0.0["p.v2.0.0"]',
        '      p-c-p.v1.0.0["p.v1.0.0"]-- replace --> p-c-p.v2.0.0["p.v2.0.0"]',
        '      p-c-p.v1.0.0["p.v1.0.0"]',
        '    end',
        '  end',
      ),
      warnings: [],
    });
  });

  it('--minimum-edge keeps a skipRange only when it contains the floor', () => {
    const dc = declConfig({
      packages: ['p'],
      channels: [
        {
          package: 'p',
          name: 'c',
          entries: [
            { name: 'p.v1.0.0' },
            { name: 'p.v1.5.0', skipRange: '>=1.0.0 <1.5.0' },
            { name: 'p.v2.0.0', skipRange: '>=1.2.0 <2.0.0' },
          ],
        },
      ],
    });
    const text = renderGraph(dc, { minimumEdge: 'p.v1.0.0' }).text;
    expect(text).toContain('"skipRange(>=1.0.0 <1.5.0)"');
    expect(text).not.toContain('p-c-p.v2.0.0');
  });

  it('a name with no bundle counts as 0.0.0: drawn last, and inside a range that holds 0.0.0', () => {
    const dc = declConfig({
      packages: ['p'],
      channels: [
        {
          package: 'p',
          name: 'c',
          entries: [{ name: 'ghost' }, { name: 'p.v1.0.0', skipRange: '<1.0.0', replaces: 'ghost' }],
        },
      ],
      noBundles: ['ghost'],
    });
    expect(renderGraph(dc).text).toBe(
      lines(
        ...HEADER,
        '  %% package "p"',
        '  subgraph "p"',
        '    %% channel "c"',
        '    subgraph p-c["c"]',
        '      p-c-p.v1.0.0["p.v1.0.0"]',
        '      p-c-ghost["ghost"]-- "skipRange(<1.0.0)" --> p-c-p.v1.0.0["p.v1.0.0"]',
        '      p-c-ghost["ghost"]-- replace --> p-c-p.v1.0.0["p.v1.0.0"]',
        '      p-c-ghost["ghost"]',
        '    end',
        '  end',
      ),
    );
  });

  it('equal versions keep their entry order (opm: unstable; here: stable)', () => {
    const dc = declConfig({
      packages: ['p'],
      channels: [
        {
          package: 'p',
          name: 'c',
          entries: [
            { name: 'b', version: '1.0.0' },
            { name: 'a', version: '1.0.0' },
            { name: 'c', version: '1.0.0' },
          ],
        },
      ],
    });
    const nodes = renderGraph(dc)
      .text.split('\n')
      .filter((l) => l.startsWith('      '));
    expect(nodes).toEqual(['      p-c-b["b"]', '      p-c-a["a"]', '      p-c-c["c"]']);
  });
});

describe('renderGraph: quirks kept from opm', () => {
  it('link numbers count across the run in global channel-name order, not output order', () => {
    const dc = declConfig({
      packages: ['a', 'b'],
      channels: [
        {
          package: 'a',
          name: 'beta',
          entries: [{ name: 'a.v1' }, { name: 'a.v2', replaces: 'a.v1' }, { name: 'a.v3', skips: ['a.v2'] }],
        },
        { package: 'b', name: 'alpha', entries: [{ name: 'b.v1' }, { name: 'b.v2', replaces: 'b.v1' }] },
      ],
    });
    expect(renderGraph(dc, { drawV0Semantics: true }).text).toBe(
      lines(
        ...HEADER,
        '  %% package "a"',
        '  subgraph "a"',
        '    %% channel "beta"',
        '    subgraph a-beta["beta"]',
        '      a-beta-a.v3["a.v3"]',
        '      a-beta-a.v2["a.v2"]-- skip --> a-beta-a.v3["a.v3"]',
        '      a-beta-a.v2["a.v2"]',
        '      a-beta-a.v1["a.v1"]-- replace --> a-beta-a.v2["a.v2"]',
        '      a-beta-a.v1["a.v1"]',
        '    end',
        '  end',
        '  %% package "b"',
        '  subgraph "b"',
        '    %% channel "alpha"',
        '    subgraph b-alpha["alpha"]',
        '      b-alpha-b.v2["b.v2"]',
        '      b-alpha-b.v1["b.v1"]-- replace --> b-alpha-b.v2["b.v2"]',
        '      b-alpha-b.v1["b.v1"]',
        '    end',
        '  end',
        'class a-beta-a.v2 skipped',
        // alpha (package b) was numbered first: its edge is link 0, so beta's replace edge is 2, not 1.
        'linkStyle 2 stroke:#FF0000,stroke-width:3px,stroke-dasharray:5;',
      ),
    );
  });

  it('channel deprecation matches on the channel name across packages; only the last deprecated package is styled', () => {
    const dc = declConfig({
      packages: ['p1', 'p2'],
      channels: [
        { package: 'p1', name: 'light', entries: [{ name: 'p1.v1' }] },
        { package: 'p2', name: 'light', entries: [{ name: 'p2.v1' }] },
        { package: 'p2', name: 'dark', entries: [{ name: 'x.v1' }] },
      ],
      deprecations: [
        {
          package: 'p1',
          entries: [
            { schema: 'olm.channel', name: 'light', message: 'm' },
            { schema: 'olm.package', message: 'm' },
          ],
        },
        {
          package: 'p2',
          entries: [
            { schema: 'olm.package', message: 'm' },
            { schema: 'olm.bundle', name: 'x.v1', message: 'm' },
          ],
        },
      ],
    });
    const tail = renderGraph(dc).text.split('  end\n').pop();
    expect(tail).toBe(
      lines(
        'style p2 fill:#989695',
        'style p1-light fill:#DCD0FF',
        'style p2-light fill:#DCD0FF',
        'class p2-dark-x.v1 deprecated',
      ),
    );
  });

  it('a deprecated bundle that is also skipped gets deprecatedskipped (v0 only); a repeated skip is red', () => {
    const dc = declConfig({
      packages: ['p'],
      channels: [
        {
          package: 'p',
          name: 'c',
          entries: [
            { name: 'p.v1' },
            { name: 'p.v2', skips: ['p.v1'] },
            { name: 'p.v3', skips: ['p.v1', 'p.v2'] },
          ],
        },
      ],
      deprecations: [{ package: 'p', entries: [{ schema: 'olm.bundle', name: 'p.v1', message: 'old' }] }],
    });
    const tail = (o: { drawV0Semantics: boolean }) => renderGraph(dc, o).text.split('  end\n').pop();
    expect(tail({ drawV0Semantics: true })).toBe(
      lines(
        'class p-c-p.v1 deprecatedskipped',
        'class p-c-p.v2 skipped',
        'linkStyle 2 stroke:#FF0000,stroke-width:3px,stroke-dasharray:5;',
      ),
    );
    expect(tail({ drawV0Semantics: false })).toBe(lines('class p-c-p.v1 deprecated'));
  });

  it('names are quoted the way Go %q does', () => {
    const dc = declConfig({
      packages: ['p'],
      channels: [{ package: 'p', name: 'tab\there "q" é\u00a0\u0001', entries: [{ name: 'p.v1' }] }],
    });
    const text = renderGraph(dc).text;
    expect(text).toContain('    %% channel "tab\\there \\"q\\" é\\u00a0\\x01"\n');
    expect(text).toContain(
      '    subgraph p-tab\there "q" é\u00a0\u0001["tab\\there \\"q\\" é\\u00a0\\x01"]\n',
    );
  });
});

describe('renderGraph: fatal errors with opm text', () => {
  const base = (bundles: DeclarativeConfig['bundles']): DeclarativeConfig => ({
    ...declConfig({
      packages: ['p'],
      channels: [{ package: 'p', name: 'c', entries: [{ name: 'p.v1' }] }],
      noBundles: ['p.v1'],
    }),
    bundles,
  });

  it('no olm.package property', () => {
    const b = { ...declBundle('p', 'p.v1', '1.0.0'), properties: [] };
    expect(() => renderGraph(base([b]))).toThrow(
      new Error('bundle "p.v1" has multiple "olm.package" properties, expected exactly 1'),
    );
  });

  it('two olm.package properties', () => {
    const b = declBundle('p', 'p.v1', '1.0.0');
    b.properties.push(b.properties[0] as (typeof b.properties)[0]);
    expect(() => renderGraph(base([b]))).toThrow(
      new Error('bundle "p.v1" has multiple "olm.package" properties, expected exactly 1'),
    );
  });

  it('an invalid version', () => {
    expect(() => renderGraph(base([declBundle('p', 'p.v1', '1.0')]))).toThrow(
      new Error('bundle "p.v1" has invalid version "1.0": No Major.Minor.Patch elements found'),
    );
  });

  it('properties that do not decode', () => {
    const b = { ...declBundle('p', 'p.v1', '1.0.0') };
    b.properties = [{ type: 'olm.gvk', value: [] }, ...b.properties];
    expect(() => renderGraph(base([b]))).toThrow(
      new Error(
        'parse properties for bundle "p.v1": parse property[0] of type "olm.gvk": ' +
          'json: cannot unmarshal array into Go value of type property.GVK',
      ),
    );
  });

  it('a bundle of another package and a later blob with the same name are not a problem (first one wins)', () => {
    const bad = { ...declBundle('p', 'p.v1', '1.0.0'), properties: [] };
    expect(renderGraph(base([declBundle('p', 'p.v1', '1.0.0'), bad])).text).toContain('p-c-p.v1');
  });

  it('an empty || group that Go would evaluate crashes like Go', () => {
    const dc = declConfig({
      packages: ['p'],
      channels: [
        {
          package: 'p',
          name: 'c',
          entries: [{ name: 'p.v0.6.0' }, { name: 'p.v2.0.0', skipRange: '>1.0.0 || || <0.5.0' }],
        },
      ],
    });
    expect(() => renderGraph(dc)).toThrow(
      'panic: runtime error: invalid memory address or nil pointer dereference',
    );
  });
});

describe('splitMermaidByPackage', () => {
  it('one document per package, each equal to render-graph -p <package>', () => {
    const parts = splitMermaidByPackage(m01(), { drawV0Semantics: true });
    expect(parts.map((p) => p.package)).toEqual(['anakin', 'boba-fett']);
    expect(parts[0]?.text).toBe(renderGraph(m01(), { packageName: 'anakin', drawV0Semantics: true }).text);
    expect(parts[1]?.text).toBe(lines(...HEADER, ...BOBA));
  });

  it('a package longer than maxChars is cut into groups of whole channels, link numbers restarting', () => {
    const parts = splitMermaidByPackage(m01(), { drawV0Semantics: true }, 1000);
    expect(renderGraph(m01(), { packageName: 'anakin', drawV0Semantics: true }).text.length).toBeGreaterThan(
      1000,
    );
    expect(parts.map((p) => p.package)).toEqual(['anakin', 'anakin', 'boba-fett']);
    expect(parts[0]?.text).toBe(
      lines(
        ...HEADER,
        '  %% package "anakin"',
        '  subgraph "anakin"',
        ...ANAKIN_DARK,
        '  end',
        'style anakin fill:#989695',
        'class anakin-dark-anakin.v0.0.1 deprecated',
        'class anakin-dark-anakin.v0.1.0 skipped',
        'linkStyle 2 stroke:#FF0000,stroke-width:3px,stroke-dasharray:5;',
      ),
    );
    expect(parts[1]?.text).toBe(
      lines(
        ...HEADER,
        '  %% package "anakin"',
        '  subgraph "anakin"',
        ...ANAKIN_LIGHT,
        '  end',
        'style anakin fill:#989695',
        'style anakin-light fill:#DCD0FF',
        'class anakin-light-anakin.v0.0.1 deprecated',
      ),
    );
    for (const p of parts) expect(p.text.length).toBeLessThanOrEqual(1000);
  });

  it('with --minimum-edge only the floor package is drawn', () => {
    const parts = splitMermaidByPackage(m01(), { minimumEdge: 'anakin.v0.1.0', drawV0Semantics: true });
    expect(parts).toEqual([{ package: 'anakin', text: M03_EXPECTED }]);
  });
});
