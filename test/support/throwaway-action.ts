/**
 * A throwaway action, defined as any action is and added through the registry alone
 * (`registerAction`): the unit test (test/unit/edit/registry-extension.test.ts) and the e2e test
 * (test/e2e/registry-extension.spec.ts, whose build registers it in the catalog worker through
 * register-throwaway-action.ts) check that it then appears wherever the registry's actions do.
 */
import { defineAction, refuse } from '../../src/core/edit/action';
import { packageBlob } from '../../src/core/edit/catalog';
import { Workspace } from '../../src/core/edit/workspace';

/** Why it has no meaning on an olm.semver template (which has no package description). */
export const SEMVER_REASON = 'olm.semver writes no description; set it in the catalog after rendering';

export const describePackage = defineAction<{ package: string; description: string }, 'describePackage'>({
  name: 'describePackage',
  label: 'Describe package…',
  shortcut: 'Alt+Shift+Y',
  fields: [{ arg: 'description', label: 'Description', type: 'text' }],
  placements: [{ on: 'channel', label: 'Describe package {package}…' }, { on: 'bundle' }],
  template: { semver: SEMVER_REASON },
  perform(ctx, args) {
    if (!args.description) return refuse('give a description');
    const pkg = packageBlob(ctx.dc, args.package);
    const ws = new Workspace(ctx.files, ctx.dc);
    ws.editBlob(pkg.origin, [
      { op: 'set', path: ['description'], value: args.description, placement: { samples: [], fallback: [] } },
    ]);
    return { changes: ws.changes(), warnings: [] };
  },
});
