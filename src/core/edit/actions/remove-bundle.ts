import type { DeclChannelEntry } from '../../declcfg/types';
import { defineAction, refuse } from '../action';
import type { BlobOp } from '../blob-op';
import { bundleBlob, channelBlobs, deprecationBlobs, entryIndex, packageBlob } from '../catalog';
import { bundleChoices, q, requireArg, run, BUNDLE_FIELD, type BundleArgs } from '../common';
import { graphWarnings } from '../graph-check';
import { Workspace } from '../workspace';
import { strandedWarnings } from './remove-from-channel';
import { semverRemoveBundle } from '../template/semver-actions';

export type RemoveBundleArgs = BundleArgs;

/**
 * Removes a bundle version from the package (the formulary's "remove a bundle"): its entry in
 * every channel and its olm.bundle blob (in a basic template: its image stub). Entries that
 * replaced it are re-pointed to what it replaced, so each chain stays connected; unlike the yq
 * recipe, it warns when a channel would be left with two heads or no entries.
 */
export const removeBundle = defineAction<RemoveBundleArgs, 'removeBundle'>({
  name: 'removeBundle',
  template: { semver: semverRemoveBundle },
  label: 'Remove bundle from every channel…',
  fields: [BUNDLE_FIELD],
  placements: [{ on: 'bundle' }],
  choices(ctx, args) {
    return args.package ? { bundle: bundleChoices(ctx, args.package) } : {};
  },
  perform(ctx, args) {
    return run(() => {
      const pkg = packageBlob(ctx.dc, requireArg(args.package, 'a package')).name;
      const bundle = requireArg(args.bundle, 'a bundle');
      const channels = channelBlobs(ctx.dc, pkg).filter((c) => entryIndex(c, bundle) >= 0);
      const blob = bundleBlob(ctx.dc, pkg, bundle);
      if (channels.length === 0 && !blob) return refuse(`${q(bundle)} is not a bundle of package ${q(pkg)}`);
      const ws = new Workspace(ctx.files, ctx.dc);
      const warnings: string[] = [];
      for (const ch of channels) {
        const index = entryIndex(ch, bundle);
        const gone = ch.entries[index] as DeclChannelEntry;
        const ops: BlobOp[] = [];
        const after: DeclChannelEntry[] = [];
        ch.entries.forEach((e, i) => {
          if (i === index) return;
          if (e.replaces !== bundle) {
            after.push(e);
            return;
          }
          // Its successor now replaces what it replaced (or nothing, when it replaced nothing).
          const to = gone.replaces !== e.name ? gone.replaces : '';
          ops.push(
            to === ''
              ? { op: 'remove', path: ['entries', i, 'replaces'] }
              : { op: 'set', path: ['entries', i, 'replaces'], value: to },
          );
          after.push({ ...e, replaces: to });
        });
        ops.push({ op: 'remove', path: ['entries', index] });
        ws.editBlob(ch.origin, ops);
        if (after.length === 0) {
          warnings.push(
            `channel ${q(ch.name)} would have no entries: opm validate reports "channel must contain at least one bundle"`,
          );
          continue;
        }
        warnings.push(
          ...graphWarnings(ctx, pkg, ch.name, ch.entries, after),
          ...strandedWarnings(ctx, pkg, ch.name, ch.entries, after, bundle),
        );
      }
      if (blob) ws.removeBlob(blob.origin);
      else warnings.push(`${bundle} has no olm.bundle blob here; only its channel entries are removed`);
      const deprecated = deprecationBlobs(ctx.dc, pkg).some((d) =>
        d.entries.some((e) => e.reference.schema === 'olm.bundle' && e.reference.name === bundle),
      );
      if (deprecated)
        warnings.push(
          `${bundle} is still deprecated in olm.deprecations: opm validate reports "cannot deprecate bundle ${q(bundle)} for package ${q(pkg)}: bundle not found" until that entry goes too`,
        );
      return { changes: ws.changes(), warnings, select: { package: pkg } };
    });
  },
});
