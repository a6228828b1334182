/**
 * A new action is one definition plus one registry entry: a throwaway action registered through
 * the registry alone shows up in the palette, the context menus and the shortcut sheet, runs on a
 * catalog and a basic template, and on a semver template is refused with the reason it gives.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { actionSpecs, performOnTemplate, templateEditContext } from '../../../src/core/edit';
import { registerAction } from '../../../src/core/edit/registry';
import { paletteActions } from '../../../src/app/commands/palette-actions';
import { shortcutGroups } from '../../../src/app/help/shortcuts';
import { contextOf } from './helpers';
import { ONE_BUNDLE_CATALOG } from '../../support/cli-run';
import { describePackage, SEMVER_REASON } from '../../support/throwaway-action';

// The menus module reaches the app stores, which read the system theme and storage when created.
vi.stubGlobal('matchMedia', () => ({ matches: false, addEventListener() {}, removeEventListener() {} }));
vi.stubGlobal('localStorage', { getItem: () => null, setItem() {} });

let unregister: () => void;
beforeAll(() => {
  unregister = registerAction(describePackage);
});
afterAll(() => unregister());

const CATALOG = ONE_BUNDLE_CATALOG;

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
  - schema: olm.bundle
    image: quay.io/acme/op-bundle:v1.0.0
`;

const SEMVER = `Schema: olm.semver
GenerateMajorChannels: false
GenerateMinorChannels: true
Candidate:
  Bundles:
  - Image: quay.io/acme/op-bundle:v1.0.0
`;

const TEMPLATE = 'v4.18/catalog-template.yaml';
const onTemplate = (text: string) =>
  performOnTemplate(
    'describePackage',
    { package: 'op', description: 'An operator' },
    templateEditContext(TEMPLATE, new Map([[TEMPLATE, text]])),
  );

describe('an action added through the registry alone', () => {
  it('is in the palette, offered on the selected channel with its shortcut', () => {
    const entry = paletteActions(actionSpecs(), { pkg: 'op', ch: 'stable' }).find(
      (a) => a.id === 'action:describePackage',
    );
    expect(entry).toMatchObject({
      label: 'Describe package…',
      detail: 'on channel stable · Alt+Shift+Y',
      disabled: undefined,
      offer: { action: 'describePackage', args: { package: 'op', channel: 'stable' } },
    });
  });

  it('is refused in the palette with nothing selected, unless its spec says it starts from its own input', () => {
    const starting = {
      ...describePackage,
      name: 'describeFromFolder' as const,
      startsFrom: 'bundle-folder' as const,
    };
    const unregisterStarting = registerAction(starting);
    try {
      const entries = paletteActions(actionSpecs(), {});
      expect(entries.find((a) => a.id === 'action:describePackage')?.disabled).toBe('open a package first');
      expect(entries.find((a) => a.id === 'action:describeFromFolder')?.disabled).toBeUndefined();
      // The spec carries it to the UI (the worker sends specOf each action).
      const spec = actionSpecs().find((a) => (a.name as string) === 'describeFromFolder');
      expect(spec?.startsFrom).toBe('bundle-folder');
    } finally {
      unregisterStarting();
    }
  });

  it("is in a channel's and a bundle's context menus", async () => {
    const { menuFor } = await import('../../../src/app/commands/menus');
    const specs = actionSpecs();
    const channel = menuFor({ kind: 'channel', pkg: 'op', channel: 'stable' }, specs);
    expect(channel.items.map((i) => i.label)).toContain('Describe package op…');
    const bundle = menuFor({ kind: 'bundle', pkg: 'op', channel: 'stable', bundle: 'op.v1.0.0' }, specs);
    expect(bundle.items.map((i) => i.label)).toContain('Describe package…');
  });

  it('is on the shortcut sheet with its key', () => {
    const keys = shortcutGroups(actionSpecs()).flatMap((g) => g.keys);
    expect(keys).toContainEqual(['Alt+Shift+Y', 'Describe package']);
  });

  it('runs on a catalog', () => {
    const ctx = contextOf({ 'catalog.yaml': CATALOG });
    const r = describePackage.perform(ctx, { package: 'op', description: 'An operator' });
    expect(r.error).toBeUndefined();
    expect(r.changes[0]?.after).toContain('description: An operator');
  });

  it('runs on a basic template, changing only the template', () => {
    const r = onTemplate(BASIC);
    expect(r.error).toBeUndefined();
    expect(r.changes.map((c) => c.path)).toEqual([TEMPLATE]);
    expect(r.changes[0]?.after).toContain('description: An operator');
  });

  it('is refused on a semver template with the reason it gives', () => {
    const r = onTemplate(SEMVER);
    expect(r.error).toBe(SEMVER_REASON);
    expect(r.changes).toEqual([]);
  });
});
