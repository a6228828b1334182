/**
 * One-click actions on catalog templates: what a maintainer sees in the template's diff (only the
 * intended lines, in the template's own style) and in the catalog it renders to.
 */
import { describe, expect, it } from 'vitest';
import { performOnTemplate, templateEditContext, type EditResult } from '../../../src/core/edit';
import { loadFile } from '../../../src/core/load';
import { CatalogBundleResolver, renderTemplate } from '../../../src/core/template';
import { lineDiff } from './helpers';

const IMG = 'quay.io/acme/op-bundle';
const VERSIONS = ['1.0.0', '1.1.0', '1.1.1', '1.2.0'];

/** The repository's catalogs, as far as the resolver needs them: one bundle per version. */
const resolver = new CatalogBundleResolver([
  {
    name: 'v4.18/catalog',
    dc: loadFile(
      'catalog.json',
      VERSIONS.map((v) =>
        JSON.stringify({
          schema: 'olm.bundle',
          name: `op.v${v}`,
          package: 'op',
          image: `${IMG}:v${v}`,
          properties: [{ type: 'olm.package', value: { packageName: 'op', version: v } }],
        }),
      ).join('\n'),
    ).dc,
  },
]);

const BASIC = `# op's catalog template; CI renders it with opm alpha render-template
schema: olm.template.basic
entries:
  - schema: olm.package
    name: op
    defaultChannel: stable # the channel users get
  - schema: olm.channel
    package: op
    name: stable
    entries:
      - name: op.v1.0.0
      # 1.1 fixes the upgrade
      - name: op.v1.1.0
        replaces: op.v1.0.0
        skipRange: ">=0.9.0 <1.1.0"
  - schema: olm.bundle
    image: quay.io/acme/op-bundle:v1.0.0
  - schema: olm.bundle
    image: "quay.io/acme/op-bundle:v1.1.0"
  - schema: olm.bundle
    image: quay.io/acme/op-bundle:v1.2.0
`;

const PATH = 'v4.18/catalog-template.yaml';

function run(text: string, action: string, args: Record<string, unknown>, path = PATH): EditResult {
  return performOnTemplate(action, args, templateEditContext(path, new Map([[path, text]]), resolver));
}

function after(r: EditResult, path = PATH): string {
  expect(r.error).toBeUndefined();
  expect(r.changes.map((c) => c.path)).toEqual([path]);
  return r.changes[0]?.after as string;
}

/** The rendered catalog's channels, as `name: entry<replaces, …`. */
function channels(path: string, text: string): Record<string, string[]> {
  const r = renderTemplate(path, text, resolver);
  expect(r.opmMessage).toBeUndefined();
  const out: Record<string, string[]> = {};
  for (const b of r.blobs)
    if (b.schema === 'olm.channel')
      out[b.name as string] = (b.entries as { name: string; replaces?: string }[]).map(
        (e) => e.name + (e.replaces ? `<${e.replaces}` : ''),
      );
  return out;
}

describe('actions on a basic template edit the template', () => {
  it('promote appends the entry to the channel item, replacing its head', () => {
    const text = after(
      run(BASIC, 'promoteToChannel', { package: 'op', bundle: 'op.v1.2.0', channel: 'stable' }),
    );
    expect(lineDiff(BASIC, text)).toEqual({
      at: 16,
      removed: [],
      added: ['      - name: op.v1.2.0', '        replaces: op.v1.1.0'],
    });
    expect(channels(PATH, text).stable).toEqual(['op.v1.0.0', 'op.v1.1.0<op.v1.0.0', 'op.v1.2.0<op.v1.1.0']);
  });

  it('a new channel is one more item of entries, keyed like the other channel', () => {
    const text = after(
      run(BASIC, 'createChannel', { package: 'op', channel: 'fast', bundles: ['op.v1.2.0'] }),
    );
    expect(text.startsWith(BASIC)).toBe(true);
    expect(text.slice(BASIC.length)).toBe(
      [
        '  - schema: olm.channel',
        '    package: op',
        '    name: fast',
        '    entries:',
        '      - name: op.v1.2.0',
        '',
      ].join('\n'),
    );
    // …and the package item's default channel then points at it, its comment kept.
    const again = after(run(text, 'setDefaultChannel', { package: 'op', channel: 'fast' }));
    expect(lineDiff(text, again)).toEqual({
      at: 6,
      removed: ['    defaultChannel: stable # the channel users get'],
      added: ['    defaultChannel: fast # the channel users get'],
    });
  });

  it('deprecating writes an olm.deprecations item at the end of entries', () => {
    const text = after(
      run(BASIC, 'deprecate', { package: 'op', kind: 'bundle', name: 'op.v1.0.0', message: 'CVE-2024-1' }),
    );
    expect(text.slice(BASIC.length)).toBe(
      [
        '  - schema: olm.deprecations',
        '    package: op',
        '    entries:',
        '      - reference:',
        '          schema: olm.bundle',
        '          name: op.v1.0.0',
        '        message: CVE-2024-1',
        '',
      ].join('\n'),
    );
  });

  it('retargeting a replaces says what it replaced before', () => {
    const r = run(BASIC, 'addReplaces', {
      package: 'op',
      channel: 'stable',
      bundle: 'op.v1.1.0',
      replaces: 'op.v1.0.0',
    });
    expect(r.error).toBe('op.v1.1.0 already replaces op.v1.0.0');
    const promoted = after(
      run(BASIC, 'promoteToChannel', { package: 'op', bundle: 'op.v1.2.0', channel: 'stable' }),
    );
    const r2 = run(promoted, 'addReplaces', {
      package: 'op',
      channel: 'stable',
      bundle: 'op.v1.2.0',
      replaces: 'op.v1.0.0',
    });
    expect(r2.warnings[0]).toBe('op.v1.2.0 replaced op.v1.1.0; it now replaces op.v1.0.0 instead');
    expect(r2.warnings.join('\n')).toContain('would have 2 heads (op.v1.1.0, op.v1.2.0)');
  });

  it('removing a bundle drops its entry and its image, and re-points what replaced it', () => {
    const text = after(run(BASIC, 'removeBundle', { package: 'op', bundle: 'op.v1.0.0' }));
    expect(text).toBe(
      BASIC.replace('      - name: op.v1.0.0\n', '')
        .replace('        replaces: op.v1.0.0\n', '')
        .replace('  - schema: olm.bundle\n    image: quay.io/acme/op-bundle:v1.0.0\n', ''),
    );
    expect(channels(PATH, text).stable).toEqual(['op.v1.1.0']);
  });

  it('removing the middle of a chain keeps it connected; removing the last entry warns', () => {
    const promoted = after(
      run(BASIC, 'promoteToChannel', { package: 'op', bundle: 'op.v1.2.0', channel: 'stable' }),
    );
    const r = run(promoted, 'removeBundle', { package: 'op', bundle: 'op.v1.1.0' });
    expect(r.warnings).toEqual([]);
    expect(channels(PATH, after(r)).stable).toEqual(['op.v1.0.0', 'op.v1.2.0<op.v1.0.0']);
    const fast = after(
      run(BASIC, 'createChannel', { package: 'op', channel: 'fast', bundles: ['op.v1.2.0'] }),
    );
    expect(run(fast, 'removeBundle', { package: 'op', bundle: 'op.v1.2.0' }).warnings).toEqual([
      'channel "fast" would have no entries: opm validate reports "channel must contain at least one bundle"',
    ]);
  });

  it('a respin swaps the entry names and the stub image, keeping its quotes', () => {
    const text = after(
      run(BASIC, 'substituteBundle', { package: 'op', bundle: 'op.v1.1.0', image: `${IMG}:v1.1.1` }),
    );
    expect(lineDiff(BASIC, text)).toEqual({
      at: 13,
      removed: [
        '      - name: op.v1.1.0',
        '        replaces: op.v1.0.0',
        '        skipRange: ">=0.9.0 <1.1.0"',
        '  - schema: olm.bundle',
        '    image: quay.io/acme/op-bundle:v1.0.0',
        '  - schema: olm.bundle',
        '    image: "quay.io/acme/op-bundle:v1.1.0"',
      ],
      added: [
        '      - name: op.v1.1.1',
        '        replaces: op.v1.0.0',
        '        skipRange: ">=0.9.0 <1.1.0"',
        '  - schema: olm.bundle',
        '    image: quay.io/acme/op-bundle:v1.0.0',
        '  - schema: olm.bundle',
        '    image: "quay.io/acme/op-bundle:v1.1.1"',
      ],
    });
    expect(channels(PATH, text).stable).toEqual(['op.v1.0.0', 'op.v1.1.1<op.v1.0.0']);
  });
});

const JSON_PATH = 'v4.18/catalog-template.json';
const JSON_TEMPLATE = `{
    "schema": "olm.template.basic",
    "entries": [
        {
            "schema": "olm.package",
            "name": "op",
            "defaultChannel": "stable"
        },
        {
            "schema": "olm.channel",
            "package": "op",
            "name": "stable",
            "entries": [
                {
                    "name": "op.v1.0.0",
                    "skipRange": "\\u003e=0.9.0 \\u003c1.0.0"
                }
            ]
        },
        {
            "schema": "olm.bundle",
            "image": "quay.io/acme/op-bundle:v1.0.0"
        },
        {
            "schema": "olm.bundle",
            "image": "quay.io/acme/op-bundle:v1.1.0"
        }
    ]
}
`;

describe('actions on a JSON basic template', () => {
  it('write in its indentation and leave escapes alone', () => {
    const r = run(
      JSON_TEMPLATE,
      'promoteToChannel',
      { package: 'op', bundle: 'op.v1.1.0', channel: 'stable' },
      JSON_PATH,
    );
    expect(lineDiff(JSON_TEMPLATE, after(r, JSON_PATH))).toEqual({
      at: 17,
      removed: [],
      added: [
        '                },',
        '                {',
        '                    "name": "op.v1.1.0",',
        '                    "replaces": "op.v1.0.0"',
      ],
    });
  });

  it('remove a bundle stub with its comma', () => {
    const r = run(JSON_TEMPLATE, 'removeBundle', { package: 'op', bundle: 'op.v1.1.0' }, JSON_PATH);
    expect(after(r, JSON_PATH)).toBe(
      JSON_TEMPLATE.replace(
        ',\n        {\n            "schema": "olm.bundle",\n            "image": "quay.io/acme/op-bundle:v1.1.0"\n        }',
        '',
      ),
    );
  });
});

const SEMVER_PATH = 'v4.18/semver-template.yaml';
const SEMVER = `Schema: olm.semver
GenerateMajorChannels: false
GenerateMinorChannels: true
Candidate:
  Bundles:
  - Image: quay.io/acme/op-bundle:v1.0.0
  - Image: quay.io/acme/op-bundle:v1.1.0
  - Image: quay.io/acme/op-bundle:v1.2.0
Stable:
  Bundles:
  - Image: quay.io/acme/op-bundle:v1.0.0 # GA
`;

const semver = (action: string, args: Record<string, unknown>) =>
  run(SEMVER, action, { package: 'op', ...args }, SEMVER_PATH);

describe('actions on a semver template edit its bundle lists', () => {
  it('promote adds the image to the channel’s archetype', () => {
    const text = after(
      semver('promoteToChannel', { bundle: 'op.v1.1.0', channel: 'stable-v1.1' }),
      SEMVER_PATH,
    );
    expect(lineDiff(SEMVER, text)).toEqual({
      at: 12,
      removed: [],
      added: ['  - Image: quay.io/acme/op-bundle:v1.1.0'],
    });
    expect(channels(SEMVER_PATH, text)['stable-v1.1']).toEqual(['op.v1.1.0<op.v1.0.0']);
  });

  it('promote into an archetype the template lacks writes it in the template’s spelling', () => {
    const text = after(
      semver('promoteToChannel', { bundle: 'op.v1.2.0', channel: 'fast-v1.2' }),
      SEMVER_PATH,
    );
    expect(lineDiff(SEMVER, text)).toEqual({
      at: 9,
      removed: [],
      added: ['Fast:', '  Bundles:', '  - Image: quay.io/acme/op-bundle:v1.2.0'],
    });
    expect(channels(SEMVER_PATH, text)['fast-v1.2']).toEqual(['op.v1.2.0']);
  });

  it('promote to a channel the version does not generate refuses, naming the ones it does', () => {
    expect(semver('promoteToChannel', { bundle: 'op.v1.2.0', channel: 'stable-v2.0' }).error).toBe(
      'olm.semver generates the channels from versions: op.v1.2.0 (1.2.0) can only join candidate-v1.2, fast-v1.2, stable-v1.2, not "stable-v2.0"',
    );
  });

  it('remove from channel and remove bundle take images out of the lists', () => {
    const text = after(
      semver('removeFromChannel', { bundle: 'op.v1.1.0', channel: 'candidate-v1.1' }),
      SEMVER_PATH,
    );
    expect(lineDiff(SEMVER, text)).toEqual({
      at: 7,
      removed: ['  - Image: quay.io/acme/op-bundle:v1.1.0'],
      added: [],
    });
    const r = semver('removeBundle', { bundle: 'op.v1.0.0' });
    expect(r.warnings).toEqual([
      'stable would list no bundles: the template stops generating stable channels',
    ]);
    expect(after(r, SEMVER_PATH)).toBe(
      SEMVER.replace('  - Image: quay.io/acme/op-bundle:v1.0.0\n', '').replace(
        '  Bundles:\n  - Image: quay.io/acme/op-bundle:v1.0.0 # GA\n',
        '  Bundles: []\n',
      ),
    );
  });

  it('a respin swaps the image wherever it is listed', () => {
    const r = semver('substituteBundle', { bundle: 'op.v1.0.0', image: `${IMG}:v1.1.1` });
    expect(r.warnings).toEqual([
      'op.v1.1.1 (1.1.1) is in another version stream than op.v1.0.0 (1.0.0): it lands in other channels',
    ]);
    expect(after(r, SEMVER_PATH)).toBe(SEMVER.replaceAll(`${IMG}:v1.0.0`, `${IMG}:v1.1.1`));
  });

  it('the actions with no meaning there refuse, saying why and what to do instead', () => {
    expect(
      semver('addReplaces', { channel: 'stable-v1.0', bundle: 'op.v1.0.0', replaces: 'x' }).error,
    ).toMatch(
      /^olm\.semver generates replaces and skips from versions: .*; to change the upgrade graph, move bundles between Candidate, Fast and Stable/,
    );
    expect(
      semver('setSkipRange', { channel: 'stable-v1.0', bundle: 'op.v1.0.0', skipRange: '<1.0.0' }).error,
    ).toMatch(/^olm\.semver never writes skipRange/);
    expect(semver('createChannel', { channel: 'beta' }).error).toMatch(
      /promote a bundle of that version into it$/,
    );
    expect(semver('setDefaultChannel', { channel: 'candidate-v1.2' }).error).toMatch(
      /^olm\.semver picks the default channel itself/,
    );
    expect(semver('deprecate', { kind: 'package', message: 'x' }).error).toMatch(
      /cannot hold olm\.deprecations/,
    );
  });
});
