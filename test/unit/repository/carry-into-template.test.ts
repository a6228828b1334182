/**
 * Typing in a generated catalog, carried into its basic template: the template gets the same
 * change in place (its comments and layout kept) and renders the catalog as typed.
 */
import { describe, expect, it } from 'vitest';
import { loadFile } from '../../../src/core/load';
import { carryIntoTemplate } from '../../../src/core/repository/carry-into-template';
import { CatalogBundleResolver } from '../../../src/core/template/bundle-resolver';
import { renderTemplate, writeRendered } from '../../../src/core/template/render-template';

const bundle = (v: string, extra = '') =>
  JSON.stringify({
    schema: 'olm.bundle',
    name: `etcd.v${v}`,
    package: 'etcd',
    image: `quay.io/example/etcd-bundle:v${v}`,
    properties: [
      { type: 'olm.package', value: { packageName: 'etcd', version: v } },
      ...(extra ? [{ type: 'olm.maxOpenShiftVersion', value: extra }] : []),
    ],
  });
// Where the template's images resolve offline: a catalog already holding their bundles.
const known = [bundle('0.9.0'), bundle('0.9.2'), bundle('0.9.4')].join('\n');
const resolver = new CatalogBundleResolver([{ name: 'released', dc: loadFile('released.json', known).dc }]);

const TEMPLATE = `# Rendered into catalog/catalog.yaml by make catalog
schema: olm.template.basic
entries:
  # the package
  - schema: olm.package
    name: etcd
    defaultChannel: stable
  - schema: olm.channel
    package: etcd
    name: stable
    entries:
      - name: etcd.v0.9.0
      # 0.9.2 fixes the leader election
      - name: etcd.v0.9.2
        replaces: etcd.v0.9.0
  - schema: olm.channel
    package: etcd
    name: fast
    entries:
      - name: etcd.v0.9.2
  - schema: olm.bundle
    image: quay.io/example/etcd-bundle:v0.9.0
  - schema: olm.bundle
    image: quay.io/example/etcd-bundle:v0.9.2
`;

function rendered(template: string): string {
  const r = renderTemplate('catalog-template.yaml', template, resolver);
  if (!r.ok) throw new Error(r.opmMessage ?? 'unresolved');
  return writeRendered(r.blobs, 'yaml');
}
const CATALOG = rendered(TEMPLATE);

function carry(typed: string, template = TEMPLATE) {
  return carryIntoTemplate({
    templatePath: 'catalog-template.yaml',
    templateText: template,
    before: new Map([['catalog.yaml', CATALOG]]),
    after: new Map([['catalog.yaml', typed]]),
    resolver,
  });
}

describe('carrying typed changes into a basic template', () => {
  it('a new bundle and its entry: one more image and one more entry, comments kept, the render is what was typed', () => {
    const typed = CATALOG.replace(
      /(\n- name: etcd\.v0\.9\.2\n {2}replaces: etcd\.v0\.9\.0\n)/,
      '$1- name: etcd.v0.9.4\n  replaces: etcd.v0.9.2\n',
    ).concat(
      `---\n${rendered(`schema: olm.template.basic\nentries:\n  - schema: olm.bundle\n    image: quay.io/example/etcd-bundle:v0.9.4\n`)}`,
    );
    expect(typed).not.toBe(CATALOG);
    const r = carry(typed);
    expect(r.error).toBeUndefined();
    expect(r.notCarried).toEqual([]);
    expect(r.carried).toEqual([
      'channel stable of etcd changed',
      'bundle etcd.v0.9.4 added as image quay.io/example/etcd-bundle:v0.9.4',
    ]);
    const after = r.change!.after!;
    // Every comment and untouched line is still there, in order.
    expect(after).toContain('# Rendered into catalog/catalog.yaml by make catalog\n');
    expect(after).toContain(
      '      # 0.9.2 fixes the leader election\n      - name: etcd.v0.9.2\n        replaces: etcd.v0.9.0\n      - name: etcd.v0.9.4\n        replaces: etcd.v0.9.2\n',
    );
    expect(after.endsWith('  - schema: olm.bundle\n    image: quay.io/example/etcd-bundle:v0.9.4\n')).toBe(
      true,
    );
    // Rendering the new template gives the catalog as typed, blob for blob.
    const blobs = (t: string) => loadFile('c.yaml', t).dc;
    const want = blobs(typed);
    const got = blobs(rendered(after));
    expect(got.channels.map((c) => c.raw)).toEqual(want.channels.map((c) => c.raw));
    expect(got.bundles.map((b) => b.name).sort()).toEqual(want.bundles.map((b) => b.name).sort());
  });

  it('a changed default channel is one changed line of the template', () => {
    const r = carry(CATALOG.replace('defaultChannel: stable', 'defaultChannel: fast'));
    expect(r.carried).toEqual(['package etcd changed']);
    expect(r.change!.after).toBe(TEMPLATE.replace('defaultChannel: stable', 'defaultChannel: fast'));
  });

  it('a removed channel and a removed bundle leave the template without them', () => {
    const dc = loadFile('catalog.yaml', CATALOG).dc;
    const cut = (text: string, o: { start: number; end: number }) =>
      text.slice(0, o.start) + text.slice(o.end).replace(/^---\n/, '');
    const fast = dc.channels.find((c) => c.name === 'fast')!.origin;
    const old = dc.bundles.find((b) => b.name === 'etcd.v0.9.0')!.origin;
    // Later blobs first, so the earlier offsets still hold.
    let typed = [fast, old].sort((a, b) => b.start - a.start).reduce(cut, CATALOG);
    typed = typed.replace(
      '- name: etcd.v0.9.0\n- name: etcd.v0.9.2\n  replaces: etcd.v0.9.0\n',
      '- name: etcd.v0.9.2\n',
    );
    expect(loadFile('t.yaml', typed).errors).toEqual([]);
    const r = carry(typed);
    expect(r.carried).toEqual([
      'channel stable of etcd changed',
      'channel fast of etcd removed',
      'bundle etcd.v0.9.0 removed (image quay.io/example/etcd-bundle:v0.9.0)',
    ]);
    const after = r.change!.after!;
    expect(after).not.toContain('name: fast');
    expect(after).not.toContain('etcd-bundle:v0.9.0');
    expect(after).toContain(
      '      # 0.9.2 fixes the leader election\n      - name: etcd.v0.9.2\n  - schema: olm.bundle\n',
    );
    const back = loadFile('t.yaml', rendered(after)).dc;
    expect(back.channels.map((c) => c.raw)).toEqual(loadFile('t.yaml', typed).dc.channels.map((c) => c.raw));
    expect(back.bundles.map((b) => b.name)).toEqual(['etcd.v0.9.2']);
  });

  it('a typed change of a bundle property is listed as not carried: opm reads it from the image', () => {
    const typed = CATALOG.replace('version: 0.9.0', 'version: 0.9.1');
    expect(typed).not.toBe(CATALOG);
    const r = carry(typed);
    expect(r.change).toBeUndefined();
    expect(r.notCarried).toEqual([
      'bundle etcd.v0.9.0: its properties and related images come from the image when opm renders; rebuild the bundle to change them',
    ]);
  });

  it('a JSON template keeps its own layout', () => {
    const json = `{
    "schema": "olm.template.basic",
    "entries": [
        {"schema": "olm.package", "name": "etcd", "defaultChannel": "stable"},
        {"schema": "olm.channel", "package": "etcd", "name": "stable", "entries": [{"name": "etcd.v0.9.0"}]},
        {"schema": "olm.bundle", "image": "quay.io/example/etcd-bundle:v0.9.0"}
    ]
}
`;
    const catalog = writeRendered(
      (renderTemplate('t.json', json, resolver) as { blobs: object[] }).blobs,
      'json',
    );
    const typed = catalog.replace('"defaultChannel": "stable"', '"defaultChannel": "candidate"');
    expect(typed).not.toBe(catalog);
    const r = carryIntoTemplate({
      templatePath: 't.json',
      templateText: json,
      before: new Map([['catalog.json', catalog]]),
      after: new Map([['catalog.json', typed]]),
    });
    expect(r.change!.after).toBe(json.replace('"defaultChannel": "stable"', '"defaultChannel": "candidate"'));
  });

  it('a semver template is refused with the reason', () => {
    const r = carry(
      CATALOG.replace('defaultChannel: stable', 'defaultChannel: fast'),
      'schema: olm.semver\nStable:\n  Bundles: []\n',
    );
    expect(r.change).toBeUndefined();
    expect(r.error).toMatch(/is an olm\.semver template: only a basic template lists the blobs typed here/);
  });
});
