/**
 * The Catalog Update Formulary's remaining recipes as actions on a plain catalog: remove a bundle
 * version (its entries, its blob, the chain re-pointed) and substitute a respin for a bundle.
 */
import { describe, expect, it } from 'vitest';
import { removeBundle, substituteBundle } from '../../../src/core/edit';
import { applied, contextOf } from './helpers';

function bundleDoc(v: string): string {
  return [
    'schema: olm.bundle',
    `name: op.v${v}`,
    'package: op',
    `image: quay.io/acme/op-bundle:v${v}`,
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
  '  - name: op.v1.2.0 # latest',
  '    replaces: op.v1.1.0',
  '    skips:',
  '      - op.v1.1.0',
  '---',
  'schema: olm.channel',
  'package: op',
  'name: fast',
  'entries:',
  '  - name: op.v1.0.0',
  '  - name: op.v1.1.0',
  '    replaces: op.v1.0.0',
  '  - name: op.v1.2.0',
  '    skips: [op.v1.1.0]',
  '---',
  bundleDoc('1.0.0') + '---',
  bundleDoc('1.1.0'),
].join('\n');

const FILES = { 'op/index.yaml': INDEX, 'op/bundles/op.v1.2.0.yaml': bundleDoc('1.2.0') };

/** Channel entries of the edited catalog, as `name<replaces`. */
function entries(files: Map<string, string>, channel: string): string[] {
  const ctx = contextOf(files);
  expect(ctx.loadErrors).toEqual([]);
  const ch = ctx.dc.channels.find((c) => c.name === channel);
  return (ch?.entries ?? []).map((e) => e.name + (e.replaces ? `<${e.replaces}` : ''));
}

describe('removeBundle', () => {
  it('drops the entries and the blob, re-pointing the chain, and warns of a second head', () => {
    const ctx = contextOf(FILES);
    const r = removeBundle.perform(ctx, { package: 'op', bundle: 'op.v1.1.0' });
    expect(r.error).toBeUndefined();
    expect(r.warnings).toEqual([
      'channel "fast" would have 2 heads (op.v1.0.0, op.v1.2.0): opm validate reports "multiple channel heads found in graph: op.v1.0.0, op.v1.2.0"',
      'users on op.v1.0.0 would no longer reach the head of channel "fast"',
    ]);
    const out = applied(ctx.files, r);
    expect(entries(out, 'stable')).toEqual(['op.v1.0.0', 'op.v1.2.0<op.v1.0.0']);
    expect(entries(out, 'fast')).toEqual(['op.v1.0.0', 'op.v1.2.0']);
    const after = out.get('op/index.yaml') as string;
    // The blob and its separator go; the skips naming it stay (opm allows skipping a missing bundle).
    expect(after.endsWith(bundleDoc('1.0.0'))).toBe(true);
    expect(after).toContain(
      '  - name: op.v1.2.0 # latest\n    replaces: op.v1.0.0\n    skips:\n      - op.v1.1.0\n',
    );
    expect(r.changes.map((c) => c.path)).toEqual(['op/index.yaml']);
  });

  it('deletes a bundle file it empties, and says users on the removed head are stranded', () => {
    const ctx = contextOf(FILES);
    const r = removeBundle.perform(ctx, { package: 'op', bundle: 'op.v1.2.0' });
    expect(r.changes.find((c) => c.path === 'op/bundles/op.v1.2.0.yaml')?.after).toBeNull();
    expect(r.warnings).toContain(
      'op.v1.2.0 is the head of channel "stable": users on it keep a bundle the channel no longer lists, with no upgrade',
    );
  });
});

describe('substituteBundle', () => {
  it('asks for the respin’s blob when the catalog does not have it', () => {
    const r = substituteBundle.perform(contextOf(FILES), {
      package: 'op',
      bundle: 'op.v1.1.0',
      replacement: 'op.v1.1.1',
      image: 'quay.io/acme/op-bundle:v1.1.1',
    });
    expect(r.error).toBe(
      '"op.v1.1.1" has no olm.bundle blob in this catalog: add it first (opm render quay.io/acme/op-bundle:v1.1.1), then substitute',
    );
  });

  it('renames the entries and every reference, and drops the replaced blob', () => {
    const ctx = contextOf({ ...FILES, 'op/bundles/op.v1.1.1.yaml': bundleDoc('1.1.1') });
    const r = substituteBundle.perform(ctx, { package: 'op', bundle: 'op.v1.1.0', replacement: 'op.v1.1.1' });
    expect(r.error).toBeUndefined();
    expect(r.warnings).toEqual([]);
    const out = applied(ctx.files, r);
    expect(entries(out, 'stable')).toEqual(['op.v1.0.0', 'op.v1.1.1<op.v1.0.0', 'op.v1.2.0<op.v1.1.1']);
    const text = out.get('op/index.yaml') as string;
    expect(text).toContain('    skips:\n      - op.v1.1.1\n');
    expect(text).toContain('    skips: [op.v1.1.1]\n');
    expect(text).not.toContain('op.v1.1.0');
  });
});
