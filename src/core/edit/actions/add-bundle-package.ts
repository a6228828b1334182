/**
 * addBundle for a package the catalog does not have yet: the bundle's first release. Besides the
 * bundle, its olm.package (the default channel chosen from the bundle's annotations) and a channel
 * per entry are written — in a basic template as three more items of its `entries`, in a catalog as
 * a new file laid out like the other packages' (`<package>/catalog.json` beside
 * `other/catalog.json`), written as `opm render` writes a package.
 */
import type { DeclChannelEntry } from '../../declcfg/types';
import { foldPlainScalars } from '../../bundle/render';
import { writeFbcJson, writeFbcYaml } from '../../template/fbc-writer';
import type { EditContext } from '../action';
import type { JsonValue } from '../blob-op';
import { blobSamples, entrySamples, fileLooksSorted, ordered } from '../placement';
import { entryObject } from '../channel-blob';
import type { NewBundleEntry } from './add-bundle';
import type { Workspace } from '../workspace';

/** The entry as the catalog holds it (the same normalisation addBundle makes for existing channels). */
export function channelEntryOf(e: NewBundleEntry, name: string): DeclChannelEntry {
  return {
    name,
    replaces: e.replaces?.trim() ?? '',
    skips: [...new Set(e.skips ?? [])].filter((s) => s !== '' && s !== name),
    skipRange: e.skipRange?.trim() ?? '',
  };
}

/** The basic template file when the context is one (its blobs are list items), else undefined. */
export function templateFileOf(ctx: EditContext): string | undefined {
  const { packages, channels, bundles, others } = ctx.dc;
  for (const list of [packages, channels, bundles, others])
    for (const b of list) if (b.origin.container) return b.origin.file;
  return undefined;
}

/**
 * Where a new package's file goes: when every package sits in its own folder under the same file
 * name (`kueue-operator/catalog.json`), `<package>/<that name>`; when packages share one file, that
 * file (the last package's); in an empty catalog, `<package>/catalog.yaml`.
 */
export function newPackageFile(ctx: EditContext, pkg: string): { create: boolean; path: string } {
  const files = ctx.dc.packages.map((p) => p.origin.file);
  if (files.length === 0) return { create: true, path: `${pkg}/catalog.yaml` };
  let rest: string | undefined;
  let prefix: string | undefined;
  for (const p of ctx.dc.packages) {
    const f = p.origin.file;
    const i = f.lastIndexOf(`${p.name}/`);
    if (i < 0 || (i > 0 && f[i - 1] !== '/')) return { create: false, path: files.at(-1) as string };
    const r = f.slice(i + p.name.length + 1);
    const pre = f.slice(0, i);
    if ((rest !== undefined && rest !== r) || (prefix !== undefined && prefix !== pre))
      return { create: false, path: files.at(-1) as string };
    rest = r;
    prefix = pre;
  }
  const path = `${prefix ?? ''}${pkg}/${rest ?? 'catalog.yaml'}`;
  return ctx.files.has(path) ? { create: false, path } : { create: true, path };
}

/**
 * The default channel of the new package: the one asked for (the bundle's annotation), when it is
 * one of the channels the bundle is added to; else the first of them.
 */
export function newPackageDefault(entries: readonly NewBundleEntry[], asked: string | undefined): string {
  const names = entries.map((e) => e.channel.trim());
  const a = asked?.trim() ?? '';
  return a !== '' && names.includes(a) ? a : (names[0] ?? '');
}

/** Writes the new package's blobs (package, channels, then the bundle) into `ws`. */
export function writeNewPackage(
  ctx: EditContext,
  ws: Workspace,
  args: {
    pkg: string;
    defaultChannel: string;
    entries: readonly NewBundleEntry[];
    blob: Record<string, unknown>;
    name: string;
    /** The `{schema, image}` item of a basic template (undefined in a catalog). */
    stub?: { [key: string]: JsonValue };
  },
): string {
  const { pkg, defaultChannel, name } = args;
  const chans = args.entries.map((e) => ({ channel: e.channel.trim(), entry: channelEntryOf(e, name) }));
  const template = templateFileOf(ctx);
  if (template !== undefined && args.stub) {
    const sorted = fileLooksSorted(ctx, template);
    const pkgSamples = ctx.dc.packages.map((p) => p.raw);
    ws.appendBlob(
      template,
      ordered({ schema: 'olm.package', name: pkg, defaultChannel }, 'package', pkgSamples, sorted),
    );
    const eSamples = entrySamples(ctx, undefined, template);
    for (const c of chans)
      ws.appendBlob(
        template,
        ordered(
          {
            schema: 'olm.channel',
            package: pkg,
            name: c.channel,
            entries: [ordered(entryObject(c.entry), 'entry', eSamples, sorted)],
          },
          'channel',
          blobSamples(ctx, 'channel', template),
          sorted,
        ) as { [key: string]: JsonValue },
      );
    ws.appendBlob(template, args.stub);
    return template;
  }
  // opm's writer order and style: the package, its channels by name, its bundles.
  const blobs: Record<string, unknown>[] = [
    { schema: 'olm.package', name: pkg, defaultChannel },
    ...chans.map((c) => ({
      schema: 'olm.channel',
      name: c.channel,
      package: pkg,
      entries: [entryObject(c.entry)],
    })),
    args.blob,
  ];
  const target = newPackageFile(ctx, pkg);
  const yaml = () => foldPlainScalars(writeFbcYaml(blobs));
  if (target.create) ws.createText(target.path, target.path.endsWith('.json') ? writeFbcJson(blobs) : yaml());
  // Packages sharing one file: the blobs go after its last one, in its format.
  else ws.appendText(target.path, { json: writeFbcJson(blobs), yaml: yaml().replace(/^---\n/, '') });
  return target.path;
}
