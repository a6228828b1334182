/**
 * Adding a bundle to an olm.semver template: the image goes into one archetype list (chosen from the
 * bundle's channels, or given), spelled as the template spells its keys, and the catalog rendered
 * from it has the new bundle in the channels its version generates. The CSV's edges are not written
 * (olm.semver generates them), and the action says so.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { bundleFacts, proposeEntries, readBundleDir, renderBundle } from '../../../src/core/bundle';
import { performOnTemplate, templateEditContext, type EditResult } from '../../../src/core/edit';
import { loadFile } from '../../../src/core/load';
import { MemorySource } from '../../../src/core/source/memory';
import { CatalogBundleResolver, renderTemplate } from '../../../src/core/template';
import { hasShared, skipReason } from '../../support/shared';
import { afterOf } from '../edit/helpers';
import { routedCatalog } from './corpus-route';
import { bundleFiles, type FixtureBundle } from './bundle-fixture';

const IMG = 'quay.io/acme/op-bundle';
const VERSIONS = ['1.0.0', '1.1.0', '1.2.0'];

const catalog = loadFile(
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
).dc;
const resolver = new CatalogBundleResolver([{ name: 'v4.18/catalog', dc: catalog }]);

const PATH = 'v4.18/semver-template.yaml';
const SEMVER = `Schema: olm.semver
GenerateMajorChannels: true
GenerateMinorChannels: true
Candidate:
  Bundles:
  - Image: quay.io/acme/op-bundle:v1.0.0
  - Image: quay.io/acme/op-bundle:v1.1.0
  - Image: quay.io/acme/op-bundle:v1.2.0
Stable:
  Bundles:
  - Image: quay.io/acme/op-bundle:v1.0.0 # GA
# more releases to come
`;

async function rendered(b: FixtureBundle): Promise<Record<string, unknown>> {
  const dir = await readBundleDir(new MemorySource(bundleFiles(b), `op-${b.version}`));
  return renderBundle(dir, `${IMG}:v${b.version}`) as unknown as Record<string, unknown>;
}

function add(args: Record<string, unknown>): EditResult {
  return performOnTemplate('addBundle', args, templateEditContext(PATH, new Map([[PATH, SEMVER]]), resolver));
}

/** The channels the template renders to (with the new bundle's blob known), as `name: entries`. */
function channels(text: string, blob: Record<string, unknown>): Record<string, string[]> {
  const withNew = resolver.withCatalog({ name: 'new', dc: loadFile('new.json', JSON.stringify(blob)).dc });
  const r = renderTemplate(PATH, text, withNew);
  expect(r.ok).toBe(true);
  const out: Record<string, string[]> = {};
  for (const b of r.blobs as {
    schema: string;
    name: string;
    entries?: { name: string; replaces?: string }[];
  }[])
    if (b.schema === 'olm.channel')
      out[b.name] = (b.entries ?? []).map((e) => (e.replaces ? `${e.name}<${e.replaces}` : e.name));
  return out;
}

describe('addBundle on an olm.semver template', () => {
  it('lists the image under Stable for a stable channel, and the render puts it in stable-v1 and stable-v1.3', async () => {
    const blob = await rendered({
      version: '1.3.0',
      replaces: 'op.v1.2.0',
      skipRange: '<1.3.0',
      channels: 'stable',
    });
    const r = add({ blob, entries: [{ channel: 'stable', replaces: 'op.v1.2.0', skipRange: '<1.3.0' }] });
    expect(r.error).toBeUndefined();
    const text = afterOf(r, PATH);
    // Appended after the list's last item (its comment kept), before the trailing comment.
    expect(text).toBe(SEMVER.replace('# GA\n', `# GA\n  - Image: ${IMG}:v1.3.0\n`));
    expect(r.warnings).toEqual([
      'op.v1.3.0 joins stable-v1, stable-v1.3: olm.semver generates the channels from its version (1.3.0) and the Stable list',
      'olm.semver generates replaces and skips from versions and never writes skipRange; the edges proposed from the CSV (replaces op.v1.2.0, skipRange <1.3.0) are not written',
    ]);
    expect(r.select).toEqual({ package: 'op', channel: 'stable-v1', bundle: 'op.v1.3.0' });
    const ch = channels(text, blob);
    expect(ch['stable-v1']).toEqual(['op.v1.0.0', 'op.v1.3.0<op.v1.0.0']);
    // A minor stream's first bundle replaces the top of the previous stream in the same archetype.
    expect(ch['stable-v1.3']).toEqual(['op.v1.3.0<op.v1.0.0']);
    expect(ch['candidate-v1']).not.toContain('op.v1.3.0');
  });

  it('goes to Candidate for another channel name, and to the archetype given, creating its list', async () => {
    const blob = await rendered({ version: '1.3.0', channels: 'alpha' });
    const candidate = afterOf(add({ blob, entries: [{ channel: 'alpha' }] }), PATH);
    expect(candidate).toBe(SEMVER.replace(`v1.2.0\n`, `v1.2.0\n  - Image: ${IMG}:v1.3.0\n`));
    expect(channels(candidate, blob)['candidate-v1.3']).toEqual(['op.v1.3.0<op.v1.2.0']);
    const fast = add({ blob, entries: [{ channel: 'stable' }], archetype: 'Fast' });
    expect(fast.error).toBeUndefined();
    const text = afterOf(fast, PATH);
    expect(text).toContain(`Fast:\n  Bundles:\n  - Image: ${IMG}:v1.3.0\n`);
    expect(channels(text, blob)['fast-v1.3']).toEqual(['op.v1.3.0']);
    expect(fast.warnings[0]).toBe(
      'op.v1.3.0 joins fast-v1, fast-v1.3: olm.semver generates the channels from its version (1.3.0) and the Fast list',
    );
  });

  it('refuses a version already listed, another package, an image already listed and an unknown archetype', async () => {
    const again = await rendered({ version: '1.2.0', channels: 'stable' });
    const respin = { ...again, image: `${IMG}:v1.2.0-respin` };
    expect(add({ blob: respin, entries: [] }).error).toBe(
      'version 1.2.0 is already listed (op.v1.2.0): olm.semver keeps one bundle per version; substitute it for a respin',
    );
    expect(add({ blob: again, entries: [] }).error).toBe(`the template already lists ${IMG}:v1.2.0`);
    const other = await rendered({ version: '2.0.0', pkg: 'other', channels: 'stable' });
    expect(add({ blob: other, entries: [] }).error).toBe(
      'this olm.semver template lists bundles of package "op", not "other"',
    );
    const next = await rendered({ version: '1.3.0' });
    expect(add({ blob: next, entries: [], archetype: 'beta' }).error).toBe(
      '"beta" is not an archetype: give Candidate, Fast or Stable',
    );
  });
});

// The real kueue repository (its olm.semver template) is in ../shared/corpus: skipped, printing why, where it is absent.
if (!hasShared) console.log(skipReason('adding a bundle to a real olm.semver template'));

// Reads ../shared (the corpus, not ours to copy): skipped with the printed reason where it is absent; CI has it.
describe.skipIf(!hasShared)('addBundle on kueue v4.20 goes to its olm.semver template', () => {
  it('appends the image to Stable and renders the catalog with the new stable-v1.5 channel; undo restores both', async () => {
    const { root, session, routed, edits } = await routedCatalog('openshift-kueue-fbc', 'v4.20/catalog');
    const route = routed.route!;
    const templateText = readFileSync(`${root}/v4.20/catalog-template.yaml`, 'utf8');
    const catalogBefore = session.getFile(route.catalogFile)!.text;

    const files = bundleFiles({
      pkg: 'kueue-operator',
      version: '1.5.0',
      replaces: 'kueue-operator.v1.4.1',
      channels: 'stable-v1.5',
    });
    const dir = await readBundleDir(new MemorySource(files, 'kueue-1.5.0'));
    const image = `registry.redhat.io/kueue/kueue-operator-bundle@sha256:${'5'.repeat(64)}`;
    const blob = renderBundle(dir, image) as unknown as Record<string, unknown>;
    const proposal = proposeEntries(bundleFacts(dir)!, session.editContext());

    const step = edits.perform('addBundle', { blob, entries: proposal.entries });
    expect(step.result.error).toBeUndefined();
    expect(step.result.changes.map((c) => c.path)).toEqual(['../catalog-template.yaml', route.catalogFile]);
    expect(step.result.warnings[0]).toBe(
      'kueue-operator.v1.5.0 joins stable-v1.5: olm.semver generates the channels from its version (1.5.0) and the Stable list',
    );
    expect(routed.target.getFile(route.path)!.text).toBe(`${templateText}  - Image: ${image}\n`);
    const pkg = session.getPackage('kueue-operator')!;
    const stable15 = pkg.channels.find((c) => c.name === 'stable-v1.5');
    expect(stable15?.head).toBe('kueue-operator.v1.5.0');
    // The default channel follows the highest stable minor stream, as opm's semver template picks it.
    expect(pkg.defaultChannel).toBe('stable-v1.5');
    expect(session.getFile(route.catalogFile)!.text).toContain(`"image": "${image}"`);

    edits.undo();
    expect(routed.target.getFile(route.path)!.text).toBe(templateText);
    expect(session.getFile(route.catalogFile)!.text).toBe(catalogBefore);
  });
});
