import type { DeclBundle, DeclChannelEntry } from '../../declcfg/types';
import { defineAction, refuse, type EditContext, type EditResult } from '../action';
import type { BlobOp } from '../blob-op';
import {
  bundleBlob,
  byVersionDesc,
  channelBlobs,
  deprecationBlobs,
  entryIndex,
  packageBlob,
  packageBundleNames,
  packageVersions,
} from '../catalog';
import { q, requireArg, run, withVersion } from '../common';
import { graphWarnings } from '../graph-check';
import { Workspace } from '../workspace';
import { compareVersions, formatVersion } from '../../semver';
import type { CatalogBundleResolver } from '../../template/bundle-resolver';
import { semverSubstitute } from '../template/semver-actions';

export interface SubstituteBundleArgs {
  package: string;
  /** The bundle being replaced (X). */
  bundle: string;
  /** The bundle that takes its place everywhere (Y). */
  replacement: string;
  /** Y's image: what a basic template's stub of X is changed to. */
  image?: string;
}

/** A basic template's bundle entry: nothing but `schema` and `image` (see basic-template.ts). */
function isStub(b: DeclBundle): boolean {
  return b.origin.container !== undefined && Object.keys(b.raw).every((k) => /^(schema|image)$/i.test(k));
}

/**
 * A CVE respin (the formulary's "substitute a bundle"): bundle X is replaced by a rebuilt bundle Y
 * everywhere — channel entries named X are renamed Y, `replaces`/`skips` naming X name Y, bundle
 * deprecations follow — and Y's olm.bundle takes X's place. In a catalog Y's blob must already be
 * there (rendered from its image); X's blob goes. In a basic template X's stub gets Y's image.
 */
export const substituteBundle = defineAction<SubstituteBundleArgs, 'substituteBundle'>({
  name: 'substituteBundle',
  template: {
    semver: semverSubstitute,
    basic: (ctx, args, resolver) => onBasicTemplate(ctx, args, resolver),
  },
  label: 'Substitute bundle (respin)…',
  fields: [
    { arg: 'bundle', label: 'Bundle to replace', type: 'choice' },
    {
      arg: 'replacement',
      label: 'Replaced by (bundle name)',
      type: 'combo',
      placeholder: 'e.g. op.v1.2.3-1',
    },
    { arg: 'image', label: 'New bundle image (templates)', type: 'text', optional: true },
  ],
  placements: [{ on: 'bundle' }],
  choices(ctx, args) {
    if (!args.package) return {};
    const versions = packageVersions(ctx, args.package);
    const names = packageBundleNames(ctx.dc, args.package).sort(byVersionDesc(versions));
    return {
      bundle: names.map((n) => withVersion(versions, n)),
      // Bundles with a blob that no channel lists yet: a respin rendered into the catalog.
      replacement: names
        .filter(
          (n) =>
            n !== args.bundle &&
            !channelBlobs(ctx.dc, args.package as string).some((c) => entryIndex(c, n) >= 0),
        )
        .map((n) => withVersion(versions, n)),
    };
  },
  perform(ctx, args) {
    return run(() => {
      const pkg = packageBlob(ctx.dc, requireArg(args.package, 'a package')).name;
      const x = requireArg(args.bundle, 'the bundle to replace');
      const y = requireArg(args.replacement?.trim(), 'the bundle that replaces it');
      const image = args.image?.trim() ?? '';
      const xBlob = bundleBlob(ctx.dc, pkg, x);
      const yBlob = x === y ? undefined : bundleBlob(ctx.dc, pkg, y);
      const channels = channelBlobs(ctx.dc, pkg);
      if (!xBlob && !channels.some((c) => entryIndex(c, x) >= 0))
        return refuse(`${q(x)} is not a bundle of package ${q(pkg)}`);
      const stub = xBlob !== undefined && isStub(xBlob);
      if (x === y && !(stub && image !== ''))
        return refuse(
          stub
            ? `${x} keeps its name: give the new bundle image`
            : `${x} keeps its name: replace its olm.bundle blob with the new image's (opm render) instead`,
        );
      if (!yBlob && !(stub && image !== ''))
        return refuse(
          stub
            ? `give the image of ${y}: the template's entry for ${x} gets it`
            : `${q(y)} has no olm.bundle blob in this catalog: add it first (opm render ${image || 'IMAGE'}), then substitute`,
        );

      const ws = new Workspace(ctx.files, ctx.dc);
      const warnings: string[] = [];
      const versions = packageVersions(ctx, pkg);
      const vx = versions.get(x);
      const vy = versions.get(y);
      if (vx && vy && compareVersions(vy, vx) < 0)
        warnings.push(
          `${y} (${formatVersion(vy)}) is older than ${x} (${formatVersion(vx)}), which it replaces`,
        );
      const rename = (n: string): string => (n === x ? y : n);
      for (const ch of channels) {
        const ops: BlobOp[] = [];
        const after: DeclChannelEntry[] = [];
        if (x !== y && entryIndex(ch, x) >= 0 && entryIndex(ch, y) >= 0)
          return refuse(`channel ${q(ch.name)} already lists ${y} beside ${x}; remove one first`);
        ch.entries.forEach((e, i) => {
          if (e.name === x) ops.push({ op: 'set', path: ['entries', i, 'name'], value: y });
          if (e.replaces === x) ops.push({ op: 'set', path: ['entries', i, 'replaces'], value: y });
          e.skips.forEach((s, k) => {
            if (s === x) ops.push({ op: 'set', path: ['entries', i, 'skips', k], value: y });
          });
          after.push({
            ...e,
            name: rename(e.name),
            replaces: rename(e.replaces),
            skips: e.skips.map(rename),
          });
        });
        if (ops.length === 0 || x === y) continue;
        ws.editBlob(ch.origin, ops);
        warnings.push(...graphWarnings(ctx, pkg, ch.name, ch.entries, after));
      }
      for (const d of deprecationBlobs(ctx.dc, pkg)) {
        const ops: BlobOp[] = [];
        d.entries.forEach((e, i) => {
          if (e.reference.schema === 'olm.bundle' && e.reference.name === x)
            ops.push({ op: 'set', path: ['entries', i, 'reference', 'name'], value: y });
        });
        if (ops.length > 0 && x !== y) ws.editBlob(d.origin, ops);
      }
      if (xBlob && stub && !yBlob) ws.editBlob(xBlob.origin, [{ op: 'set', path: ['image'], value: image }]);
      else if (xBlob) ws.removeBlob(xBlob.origin);
      return { changes: ws.changes(), warnings, select: { package: pkg, bundle: y } };
    });
  },
});

/**
 * In a basic template a respin is named by its image: the replacement's name is taken from the
 * bundle the image renders to (and must agree with a name given).
 */
function onBasicTemplate(
  ctx: EditContext,
  args: Record<string, unknown>,
  resolver: CatalogBundleResolver | undefined,
): EditResult {
  const image = typeof args.image === 'string' ? args.image.trim() : '';
  const r = image !== '' ? resolver?.resolve(image) : undefined;
  const given = typeof args.replacement === 'string' ? args.replacement.trim() : '';
  if (r && given !== '' && given !== r.bundle.name)
    return refuse(`${image} renders to ${r.bundle.name}, not ${given}`);
  const final = r && given === '' ? { ...args, replacement: r.bundle.name } : args;
  const result = substituteBundle.perform(ctx, final as unknown as SubstituteBundleArgs);
  if (!r && image !== '' && result.error === undefined)
    result.warnings.push(
      `${image} is in no catalog of the repository: the template cannot be rendered offline until one holds it`,
    );
  return result;
}
