import type { DeclBundle, DeclChannelEntry, DeclPackage } from '../../declcfg/types';
import { compareGoStrings } from '../../gojson';
import { parseRange, SemverError } from '../../semver';
import { foldPlainScalars } from '../../bundle/render';
import { writeFbcJson, writeFbcYaml } from '../../template/fbc-writer';
import { defineAction, refuse, type EditContext } from '../action';
import type { JsonValue } from '../blob-op';
import { blobsOfFile, bundleBlob, channelBlob, packageBlob, packageBundleNames } from '../catalog';
import { entryObject, writeChannelBlob } from '../channel-blob';
import { q, run } from '../common';
import { graphWarnings } from '../graph-check';
import { orderKeys } from '../key-order';
import { entryPlacement, entrySamples, fileLooksSorted, ordered } from '../placement';
import { Workspace } from '../workspace';
import { channelEntryOf, newPackageDefault, templateFileOf, writeNewPackage } from './add-bundle-package';
import { semverAddBundle } from '../template/semver-actions';

/** One channel entry for the new bundle (see proposeEntries in src/core/bundle). */
export interface NewBundleEntry {
  channel: string;
  /** '' or missing: no replaces. */
  replaces?: string;
  skips?: string[];
  skipRange?: string;
}

export interface AddBundleArgs {
  /** Defaults to the blob's package. */
  package?: string;
  /** The bundle's olm.bundle blob as `opm render` makes it of the image (render-bundle). */
  blob: Record<string, unknown>;
  entries: NewBundleEntry[];
  /**
   * For a package the catalog lacks: its default channel (the bundle's annotation). Ignored when
   * it is not one of the entries' channels; the first entry's channel is taken then.
   */
  defaultChannel?: string;
}

const str = (v: unknown): string => (typeof v === 'string' ? v : '');

function sortDeep(v: unknown): unknown {
  if (Array.isArray(v)) return v.map(sortDeep);
  if (typeof v !== 'object' || v === null) return v;
  const o = v as Record<string, unknown>;
  return Object.fromEntries(
    Object.keys(o)
      .sort(compareGoStrings)
      .map((k) => [k, sortDeep(o[k])]),
  );
}

/**
 * The blob as `opm render` writes it: JSON in struct order, YAML with sorted keys and go-yaml's
 * folding — whatever the file's other blobs look like, a rendered bundle is never hand-written.
 */
function renderedText(blob: Record<string, unknown>): { json: string; yaml: string } {
  const yaml = foldPlainScalars(writeFbcYaml([sortDeep(blob) as Record<string, unknown>])).replace(
    /^---\n/,
    '',
  );
  return { json: writeFbcJson([blob as Record<string, unknown>]), yaml };
}

/** Whether the blob carries its manifests (olm.bundle.object), which opm accepts instead of an image. */
function hasObjects(properties: unknown): boolean {
  return (
    Array.isArray(properties) &&
    properties.some((p) => (p as { type?: unknown })?.type === 'olm.bundle.object')
  );
}

/** The version a bundle's olm.package property gives ('' when none). */
function versionOf(properties: unknown): string {
  if (!Array.isArray(properties)) return '';
  for (const p of properties as { type?: unknown; value?: { version?: unknown } }[])
    if (p?.type === 'olm.package' && typeof p.value?.version === 'string') return p.value.version;
  return '';
}

/**
 * The one file name pattern (`\0` where the key goes) every bundle file of the package follows,
 * when each holds that bundle alone and its name contains the key `keyOf` gives.
 */
function filePattern(
  ctx: EditContext,
  own: readonly DeclBundle[],
  keyOf: (b: DeclBundle) => string,
): string | undefined {
  let pattern: string | undefined;
  for (const b of own) {
    const f = b.origin.file;
    const key = keyOf(b);
    const slash = f.lastIndexOf('/');
    const base = f.slice(slash + 1);
    const i = key === '' ? -1 : base.lastIndexOf(key);
    if (i < 0 || blobsOfFile(ctx.dc, f).length !== 1) return undefined;
    const p = `${f.slice(0, slash + 1 + i)}\0${base.slice(i + key.length)}`;
    if (pattern !== undefined && pattern !== p) return undefined;
    pattern = p;
  }
  return pattern;
}

/**
 * Where the new bundle blob goes: in a catalog whose bundles each have their own file named after
 * them in one folder — by bundle name (`bundles/<name>.yaml`) or by version (`bundle-v<version>.yaml`,
 * as Red Hat's catalogs are) — a new file named the same way; else after the package's last bundle
 * blob, or in the package's file.
 */
function bundleTarget(
  ctx: EditContext,
  pkg: string,
  blob: Record<string, unknown>,
): { create?: string; file: string } {
  const own = ctx.dc.bundles.filter((b) => b.package === pkg);
  const last = own[own.length - 1];
  const file = last?.origin.file ?? packageBlob(ctx.dc, pkg).origin.file;
  if (own.length === 0) return { file };
  const keys: [(b: DeclBundle) => string, string][] = [
    [(b) => b.name, str(blob.name)],
    [(b) => versionOf(b.properties), versionOf(blob.properties)],
  ];
  for (const [keyOf, key] of keys) {
    const pattern = filePattern(ctx, own, keyOf);
    if (pattern === undefined || !/^[A-Za-z0-9._+-]+$/.test(key)) continue;
    const path = pattern.replace('\0', key);
    return ctx.files.has(path) ? { file } : { create: path, file };
  }
  return { file };
}

/** A template's bundle stub: `schema` and `image`, keys in the order the template's stubs use. */
function stubOf(ctx: EditContext, stubs: readonly DeclBundle[], image: string): { [k: string]: JsonValue } {
  const keys = orderKeys(
    ['schema', 'image'],
    stubs.map((b) => b.raw),
    fileLooksSorted(ctx, stubs[0]?.origin.file ?? '') ? ['image', 'schema'] : ['schema', 'image'],
  );
  const value: Record<string, string> = { schema: 'olm.bundle', image };
  return Object.fromEntries(keys.map((k) => [k, value[k] as string]));
}

/**
 * Adds a new bundle to a package: its olm.bundle blob (in a basic template, the `{schema, image}`
 * entry its image renders from) and an entry in each channel given, creating channels that do not
 * exist. One action, so one undo step; before it is applied, the warnings say when a channel would
 * get a second head or the bundle would be in no channel. Not offered in menus: the app's "Add
 * bundle" dialog fills its arguments from a bundle folder (blob rendered, entries proposed).
 */
export const addBundle = defineAction<AddBundleArgs, 'addBundle'>({
  name: 'addBundle',
  template: { semver: semverAddBundle, newBundle: (args) => args.blob },
  label: 'Add bundle from folder…',
  fields: [],
  placements: [],
  startsFrom: 'bundle-folder',
  perform(ctx, args) {
    return run(() => {
      const blob = args.blob;
      if (typeof blob !== 'object' || blob === null || blob.schema !== 'olm.bundle')
        return refuse('give the bundle as its olm.bundle blob (render-bundle)');
      const name = str(blob.name);
      const image = str(blob.image);
      if (name === '') return refuse('the bundle has no name (its CSV has no metadata.name)');
      const pkgName = args.package ?? str(blob.package);
      if (pkgName === '') return refuse('the bundle names no package');
      if (str(blob.package) !== pkgName)
        return refuse(`the bundle belongs to package ${q(str(blob.package))}, not ${q(pkgName)}`);
      const isNew = !ctx.dc.packages.some((p) => p.name === pkgName);
      const pkg = isNew ? undefined : packageBlob(ctx.dc, pkgName);
      const template = pkg ? pkg.origin.container !== undefined : templateFileOf(ctx) !== undefined;
      if (bundleBlob(ctx.dc, pkgName, name) || packageBundleNames(ctx.dc, pkgName).includes(name))
        return refuse(`package ${q(pkgName)} already has a bundle ${q(name)}`);
      // opm's own check (R65): without an image or its objects, the catalog would not validate.
      if (image.trim() === '' && !hasObjects(blob.properties))
        return refuse('bundle image must be set: give the bundle image reference the catalog pulls');
      if (template && image === '')
        return refuse('a basic template lists bundles by image: the bundle needs its image reference');
      const entries = args.entries ?? [];
      const seen = new Set<string>();
      for (const e of entries) {
        const channel = e.channel?.trim() ?? '';
        if (channel === '') return refuse('every entry needs a channel');
        if (seen.has(channel)) return refuse(`channel ${q(channel)} is listed twice`);
        seen.add(channel);
        if (e.replaces === name) return refuse(`${name} cannot replace itself`);
        if (e.skipRange?.trim()) {
          try {
            parseRange(e.skipRange.trim());
          } catch (err) {
            if (err instanceof SemverError)
              return refuse(`invalid skipRange ${q(e.skipRange)}: ${err.message}`);
            throw err;
          }
        }
      }

      const ws = new Workspace(ctx.files, ctx.dc);
      const warnings: string[] = [];
      if (isNew) {
        // The bundle's first release: its package and channels are written with it.
        if (entries.length === 0)
          return refuse(
            `the catalog has no package ${q(pkgName)}: give at least one channel, which becomes its default channel`,
          );
        const defaultChannel = newPackageDefault(entries, args.defaultChannel);
        const asked = args.defaultChannel?.trim() ?? '';
        if (asked !== '' && asked !== defaultChannel)
          warnings.push(
            `the default channel ${asked} is not one of the channels the bundle is added to: ${defaultChannel} is the new package's default channel`,
          );
        const stubs = ctx.dc.bundles.filter((b) => b.origin.container !== undefined);
        const file = writeNewPackage(ctx, ws, {
          pkg: pkgName,
          defaultChannel,
          entries,
          blob,
          name,
          ...(template ? { stub: stubOf(ctx, stubs, image) } : {}),
        });
        for (const e of entries) {
          const entry = channelEntryOf(e, name);
          if (entry.replaces !== '')
            warnings.push(
              `${name} replaces ${entry.replaces} in channel ${q(e.channel.trim())}, but the catalog has no such bundle: the graph shows it as a ghost`,
            );
        }
        warnings.push(`new package ${pkgName} (default channel ${defaultChannel}) is written to ${file}`);
        return {
          changes: ws.changes(),
          warnings,
          select: { package: pkgName, channel: defaultChannel, bundle: name },
        };
      }
      if (entries.length === 0)
        warnings.push(
          `${name} would be in no channel: opm validate reports "package ${q(pkgName)}, bundle ${q(name)} not found in any channel entries"`,
        );
      const created: { channel: string; entry: DeclChannelEntry }[] = [];
      // Existing channels first: their blobs are edited in place before anything is appended after
      // them (in a template, an append rewrites the list that holds them).
      for (const e of entries) {
        const entry = channelEntryOf(e, name);
        const ch = channelBlob(ctx.dc, pkgName, e.channel.trim());
        if (!ch) {
          created.push({ channel: e.channel.trim(), entry });
          continue;
        }
        const sorted = fileLooksSorted(ctx, ch.origin.file);
        const value = ordered(entryObject(entry), 'entry', entrySamples(ctx, ch, ch.origin.file), sorted);
        ws.editBlob(ch.origin, [
          { op: 'append', path: ['entries'], value, placement: entryPlacement(ctx, ch) },
        ]);
        warnings.push(...graphWarnings(ctx, pkgName, ch.name, ch.entries, [...ch.entries, entry]));
        if (entry.replaces !== '' && !ch.entries.some((x) => x.name === entry.replaces))
          warnings.push(`${entry.replaces}, which ${name} replaces, is not in channel ${q(ch.name)}`);
      }
      for (const { channel, entry } of created) {
        writeChannelBlob(ctx, ws, pkgName, channel, [entry]);
        warnings.push(...graphWarnings(ctx, pkgName, channel, undefined, [entry]));
      }

      if (template) {
        const stubs = ctx.dc.bundles.filter((b) => b.origin.container !== undefined);
        ws.appendBlob((pkg as DeclPackage).origin.file, stubOf(ctx, stubs, image));
      } else {
        const target = bundleTarget(ctx, pkgName, blob);
        const text = renderedText(blob);
        if (target.create) {
          const sibling = ctx.files.get(target.file) ?? '';
          const json = /^\s*\{/.test(sibling);
          ws.createText(target.create, json ? text.json : (/^---/.test(sibling) ? '---\n' : '') + text.yaml);
        } else ws.appendText(target.file, text);
      }
      const first = entries[0]?.channel.trim();
      return {
        changes: ws.changes(),
        warnings,
        select: first
          ? { package: pkgName, channel: first, bundle: name }
          : { package: pkgName, bundle: name },
      };
    });
  },
});
