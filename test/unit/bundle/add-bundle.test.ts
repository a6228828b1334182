/**
 * Adding a bundle folder to a catalog: the proposal read from its CSV and annotations, and the
 * addBundle action that writes the blob and the entries as one step, in a catalog and in a basic
 * template.
 */
import { describe, expect, it } from 'vitest';
import {
  bundleFacts,
  proposeEntries,
  readBundleDir,
  renderBundle,
  renderBundleYaml,
} from '../../../src/core/bundle';
import { addBundle, performOnTemplate, templateEditContext } from '../../../src/core/edit';
import { loadFile, mergeFileLoads } from '../../../src/core/load';
import { MemorySource } from '../../../src/core/source/memory';
import { CatalogBundleResolver } from '../../../src/core/template';
import { validateCatalog } from '../../../src/core/validate/validate-catalog';
import { applied, contextOf } from '../edit/helpers';
import { bundleFiles, type FixtureBundle } from './bundle-fixture';

const IMG = 'quay.io/acme/op-bundle';

function bundleDoc(v: string): string {
  return [
    'schema: olm.bundle',
    `name: op.v${v}`,
    'package: op',
    `image: ${IMG}:v${v}`,
    'properties:',
    '  - type: olm.package',
    `    value: {packageName: op, version: ${v}}`,
    '',
  ].join('\n');
}

const INDEX = [
  '---',
  'schema: olm.package',
  'name: op',
  'defaultChannel: stable',
  '---',
  'schema: olm.channel',
  'package: op',
  'name: stable',
  'entries:',
  '  - name: op.v1.0.0',
  '  - name: op.v1.1.0',
  '    replaces: op.v1.0.0',
  '  - name: op.v1.2.0',
  '    replaces: op.v1.1.0',
  '---',
  bundleDoc('1.0.0') + '---',
  bundleDoc('1.1.0') + '---',
  bundleDoc('1.2.0'),
].join('\n');

const FILES = { 'op/index.yaml': INDEX };

async function bundle(b: FixtureBundle) {
  const dir = await readBundleDir(new MemorySource(bundleFiles(b), `op-${b.version}`));
  const facts = bundleFacts(dir);
  if (!facts) throw new Error('no CSV');
  return { facts, blob: renderBundle(dir, `${IMG}:v${b.version}`) as unknown as Record<string, unknown> };
}

function check(files: Map<string, string>) {
  const merged = mergeFileLoads([...files].map(([p, t]) => loadFile(p, t)));
  return { dc: merged.dc, result: validateCatalog(merged) };
}

/** True when every line of `before` is in `after`, in order: the edit only inserted lines. */
function insertedOnly(before: string, after: string): boolean {
  const b = before.split('\n');
  let i = 0;
  for (const line of after.split('\n')) if (line === b[i]) i++;
  return i === b.length;
}

const NEXT: FixtureBundle = {
  version: '1.3.0',
  replaces: 'op.v1.2.0',
  skipRange: '>=1.0.0 <1.3.0',
  channels: 'stable,candidate',
};

describe('proposeEntries', () => {
  it('takes replaces, skips and skipRange from the CSV, one entry per annotated channel', async () => {
    const { facts } = await bundle(NEXT);
    expect(proposeEntries(facts, contextOf(FILES))).toEqual({
      package: 'op',
      bundle: 'op.v1.3.0',
      version: '1.3.0',
      notes: [],
      entries: [
        {
          channel: 'stable',
          replaces: 'op.v1.2.0',
          skips: [],
          skipRange: '>=1.0.0 <1.3.0',
          newChannel: false,
          why: [
            "replaces op.v1.2.0: the CSV's spec.replaces",
            "skipRange >=1.0.0 <1.3.0: the CSV's olm.skipRange annotation",
          ],
        },
        {
          channel: 'candidate',
          replaces: 'op.v1.2.0',
          skips: [],
          skipRange: '>=1.0.0 <1.3.0',
          newChannel: true,
          why: [
            'new channel candidate: the package has no such channel yet',
            "replaces op.v1.2.0: the CSV's spec.replaces",
            "skipRange >=1.0.0 <1.3.0: the CSV's olm.skipRange annotation",
          ],
        },
      ],
    });
  });

  it("replaces the channel's head when the CSV names none, and says why", async () => {
    const { facts } = await bundle({ version: '1.3.0', skips: ['op.v1.1.0'], channels: 'stable' });
    const p = proposeEntries(facts, contextOf(FILES));
    expect(p.entries).toEqual([
      {
        channel: 'stable',
        replaces: 'op.v1.2.0',
        skips: ['op.v1.1.0'],
        skipRange: '',
        newChannel: false,
        why: [
          "replaces op.v1.2.0, the channel's head: the CSV has no spec.replaces, and without an edge to the head the channel would have two heads",
          "skips op.v1.1.0: the CSV's spec.skips",
        ],
      },
    ]);
  });

  it('falls back to the default channel, and notes a package the catalog lacks', async () => {
    const { facts } = await bundle({ version: '1.3.0', replaces: 'op.v1.2.0' });
    const p = proposeEntries(facts, contextOf(FILES));
    expect(p.entries.map((e) => [e.channel, e.replaces, e.newChannel])).toEqual([
      ['stable', 'op.v1.2.0', false],
    ]);
    expect(p.notes).toEqual([
      "the bundle's annotations list no channels: proposing stable, the package's default channel",
    ]);
    const other = await bundle({ version: '0.1.0', pkg: 'other', channels: 'alpha' });
    // A package the catalog lacks is now created with the bundle (add-bundle-new-package.test.ts).
    expect(proposeEntries(other.facts, contextOf(FILES))).toMatchObject({
      entries: [{ channel: 'alpha', newChannel: true }],
      newPackage: { defaultChannel: 'alpha' },
      notes: [
        'the catalog has no package other: adding the bundle creates it, with default channel alpha (its only channel)',
      ],
    });
  });
});

describe('addBundle on a catalog', () => {
  it('adds the blob and an entry in each channel (creating one) in one change, and the catalog validates', async () => {
    const { facts, blob } = await bundle(NEXT);
    const ctx = contextOf(FILES);
    const entries = proposeEntries(facts, ctx).entries;
    const r = addBundle.perform(ctx, { blob, entries });
    expect(r.error).toBeUndefined();
    expect(r.warnings).toEqual([]);
    expect(r.select).toEqual({ package: 'op', channel: 'stable', bundle: 'op.v1.3.0' });
    expect(r.changes.map((c) => c.path)).toEqual(['op/index.yaml']);
    const out = applied(ctx.files, r);
    const { dc, result } = check(out);
    expect(result.opmMessage).toBeNull();
    const chans = Object.fromEntries(dc.channels.map((c) => [c.name, c.entries]));
    expect(chans.stable?.at(-1)).toEqual({
      name: 'op.v1.3.0',
      replaces: 'op.v1.2.0',
      skips: [],
      skipRange: '>=1.0.0 <1.3.0',
    });
    expect(chans.candidate).toEqual([
      { name: 'op.v1.3.0', replaces: 'op.v1.2.0', skips: [], skipRange: '>=1.0.0 <1.3.0' },
    ]);
    // The blob is opm's render of the folder, whole.
    const added = dc.bundles.find((b) => b.name === 'op.v1.3.0');
    expect(added?.raw).toEqual(JSON.parse(JSON.stringify(blob)));
    // Every line of the file that was there stays, in order: the edit only inserts.
    const after = out.get('op/index.yaml') as string;
    expect(insertedOnly(INDEX, after)).toBe(true);
    expect(after).toContain(
      [
        '    replaces: op.v1.1.0',
        '  - name: op.v1.3.0',
        '    replaces: op.v1.2.0',
        '    skipRange: ">=1.0.0 <1.3.0"',
        '---',
        'schema: olm.bundle',
        'name: op.v1.0.0',
      ].join('\n'),
    );
    // The new channel after the package's blobs, then the bundle as `opm render -o yaml` writes it.
    const candidate = [
      '---',
      'schema: olm.channel',
      'package: op',
      'name: candidate',
      'entries:',
      '  - name: op.v1.3.0',
      '    replaces: op.v1.2.0',
      '    skipRange: ">=1.0.0 <1.3.0"',
      '',
    ].join('\n');
    expect(after.endsWith(bundleDoc('1.2.0') + candidate + renderBundleYaml(blob as never))).toBe(true);
  });

  it('says before applying when a channel would get a second head, or the bundle no channel', async () => {
    const { blob } = await bundle(NEXT);
    const ctx = contextOf(FILES);
    const twoHeads = addBundle.perform(ctx, {
      blob,
      entries: [{ channel: 'stable', replaces: 'op.v1.1.0' }],
    });
    expect(twoHeads.warnings).toEqual([
      'channel "stable" would have 2 heads (op.v1.2.0, op.v1.3.0): opm validate reports "multiple channel heads found in graph: op.v1.2.0, op.v1.3.0"',
    ]);
    const none = addBundle.perform(ctx, { blob, entries: [] });
    expect(none.warnings).toEqual([
      'op.v1.3.0 would be in no channel: opm validate reports "package "op", bundle "op.v1.3.0" not found in any channel entries"',
    ]);
    expect(addBundle.perform(contextOf(applied(ctx.files, none)), { blob, entries: [] }).error).toBe(
      'package "op" already has a bundle "op.v1.3.0"',
    );
  });

  it('writes a bundle of a one-blob-per-file catalog into a new file named like the others, as opm writes JSON', async () => {
    const { blob } = await bundle(NEXT);
    const files = {
      'op/package.json': '{"schema":"olm.package","name":"op","defaultChannel":"stable"}\n',
      'op/channel.json':
        '{"schema":"olm.channel","package":"op","name":"stable","entries":[{"name":"op.v1.2.0"}]}\n',
      'op/bundles/op.v1.2.0.json':
        JSON.stringify(
          JSON.parse(JSON.stringify(loadFile('b.yaml', bundleDoc('1.2.0')).dc.bundles[0]?.raw)),
          null,
          4,
        ) + '\n',
    };
    const ctx = contextOf(files);
    const r = addBundle.perform(ctx, { blob, entries: [{ channel: 'stable', replaces: 'op.v1.2.0' }] });
    expect(r.error).toBeUndefined();
    expect(r.changes.map((c) => [c.path, c.before === null])).toEqual([
      ['op/channel.json', false],
      ['op/bundles/op.v1.3.0.json', true],
    ]);
    expect(r.changes[1]?.after).toBe(JSON.stringify(blob, null, 4) + '\n');
    expect(check(applied(ctx.files, r)).result.opmMessage).toBeNull();
  });

  it("refuses a bundle without an image before anything is written, with opm's words", async () => {
    const { blob } = await bundle(NEXT);
    const r = addBundle.perform(contextOf(FILES), {
      blob: { ...blob, image: '' },
      entries: [{ channel: 'stable', replaces: 'op.v1.2.0' }],
    });
    expect(r.error).toMatch(/^bundle image must be set/);
    expect(r.changes).toEqual([]);
  });

  it('names the new file by version when the siblings are named by version (bundle-v<version>.yaml)', async () => {
    const { blob } = await bundle(NEXT);
    const files = {
      'op/package.yaml': 'schema: olm.package\nname: op\ndefaultChannel: stable\n',
      'op/channels/stable.yaml':
        'schema: olm.channel\npackage: op\nname: stable\nentries:\n  - name: op.v1.1.0\n  - name: op.v1.2.0\n    replaces: op.v1.1.0\n',
      'op/bundles/bundle-v1.1.0.yaml': `---\n${bundleDoc('1.1.0')}`,
      'op/bundles/bundle-v1.2.0.yaml': `---\n${bundleDoc('1.2.0')}`,
    };
    const ctx = contextOf(files);
    const r = addBundle.perform(ctx, { blob, entries: [{ channel: 'stable', replaces: 'op.v1.2.0' }] });
    expect(r.error).toBeUndefined();
    expect(r.changes.map((c) => [c.path, c.before === null])).toEqual([
      ['op/channels/stable.yaml', false],
      ['op/bundles/bundle-v1.3.0.yaml', true],
    ]);
    // The siblings untouched; the new file starts as they do.
    expect(r.changes[1]?.after).toMatch(
      /^---\nimage: quay\.io\/acme\/op-bundle:v1\.3\.0\nname: op\.v1\.3\.0\n/,
    );
    expect(check(applied(ctx.files, r)).result.opmMessage).toBeNull();
  });
});

const BASIC = `schema: olm.template.basic
entries:
  - schema: olm.package
    name: op
    defaultChannel: stable
  - schema: olm.channel
    package: op
    name: stable
    entries:
      - name: op.v1.0.0
      - name: op.v1.1.0
        replaces: op.v1.0.0
  - schema: olm.bundle
    image: ${IMG}:v1.0.0
  - schema: olm.bundle
    image: ${IMG}:v1.1.0
`;

describe('addBundle on a basic template', () => {
  it('adds the entry and the bundle as {schema, image}, touching nothing else', async () => {
    const resolver = new CatalogBundleResolver([
      {
        name: 'v4.18/catalog',
        dc: loadFile('c.yaml', [bundleDoc('1.0.0'), bundleDoc('1.1.0')].join('---\n')).dc,
      },
    ]);
    const { blob } = await bundle({ version: '1.2.0', replaces: 'op.v1.1.0', channels: 'stable' });
    const path = 'catalog-template.yaml';
    const t = templateEditContext(path, new Map([[path, BASIC]]), resolver);
    const r = performOnTemplate(
      'addBundle',
      { blob, entries: [{ channel: 'stable', replaces: 'op.v1.1.0' }] },
      t,
    );
    expect(r.error).toBeUndefined();
    expect(r.warnings).toEqual([]);
    expect(r.changes.map((c) => c.path)).toEqual([path]);
    expect(r.changes[0]?.after).toBe(
      BASIC.replace(
        '        replaces: op.v1.0.0\n',
        '        replaces: op.v1.0.0\n      - name: op.v1.2.0\n        replaces: op.v1.1.0\n',
      ) + `  - schema: olm.bundle\n    image: ${IMG}:v1.2.0\n`,
    );
  });
});
