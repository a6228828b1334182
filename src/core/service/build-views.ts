/**
 * Model → view data for the UI: each view built from one generation of a catalog. Pure functions;
 * CatalogApi (catalog-api.ts) answers the UI's requests with them, and session-views.ts caches the
 * costly ones per generation.
 */
import type { DeclBundle } from '../declcfg/types';
import { buildChannelGraph, buildPackageGraph, type PackageGraph } from '../graph/channel-graph';
import { decodeBundleObjects } from '../load';
import type { LocRef, SourceRange } from '../location';
import type { ModelBundle, ModelChannel, ModelPackage } from '../model/types';
import { bundleRef, deprecationRef, entryRef, packageRef } from '../model/refs';
import { formatVersion } from '../semver';
import { csvFromMetadata, csvFromObject } from './csv-summary';
import { field, str } from './fields';
import { iconDataUrl } from './icon';
import type { Snapshot } from './session-snapshot';
import type {
  BundleView,
  ChannelView,
  DeprecationView,
  DiagnosticView,
  EntryRow,
  FileView,
  GvkView,
  PackageListItem,
  PackageView,
  PropertyView,
} from './views';

export type Locate = (ref: LocRef) => SourceRange | undefined;

/** What the views read of a generation (session-snapshot.ts). */
export type ViewSource = Pick<Snapshot, 'validation' | 'index' | 'locate' | 'diagnostics' | 'loads'>;

/** Longest property JSON sent whole; olm.bundle.object payloads run to megabytes. */
export const PROPERTY_JSON_LIMIT = 2000;

interface Counts {
  errors: number;
  warnings: number;
}

/** Error/warning counts per package and per package+channel, for badges. */
export class DiagnosticIndex {
  private readonly byPackage = new Map<string, Counts>();
  private readonly byChannel = new Map<string, Counts>();

  constructor(readonly diagnostics: readonly DiagnosticView[]) {
    for (const d of diagnostics) {
      if (!d.package || d.severity === 'info') continue;
      bump(this.byPackage, d.package, d.severity);
      if (d.channel) bump(this.byChannel, `${d.package}\u0000${d.channel}`, d.severity);
    }
  }

  pkg(name: string): Counts {
    return this.byPackage.get(name) ?? { errors: 0, warnings: 0 };
  }

  channel(pkg: string, ch: string): Counts {
    return this.byChannel.get(`${pkg}\u0000${ch}`) ?? { errors: 0, warnings: 0 };
  }
}

function bump(map: Map<string, Counts>, key: string, severity: 'error' | 'warning'): void {
  let c = map.get(key);
  if (!c) map.set(key, (c = { errors: 0, warnings: 0 }));
  if (severity === 'error') c.errors++;
  else c.warnings++;
}

/** Channels listing a bundle, the default channel first. */
export function channelsListing(pkg: ModelPackage, bundle: string): string[] {
  const out: string[] = [];
  for (const ch of pkg.channels.values()) if (ch.bundles.has(bundle)) out.push(ch.name);
  return out.sort((a, b) => Number(b === pkg.defaultChannel) - Number(a === pkg.defaultChannel));
}

function bundleNames(pkg: ModelPackage): Set<string> {
  const names = new Set<string>();
  for (const ch of pkg.channels.values()) for (const name of ch.bundles.keys()) names.add(name);
  return names;
}

export function packageList({ validation, index }: ViewSource): PackageListItem[] {
  return [...validation.model.packages.values()]
    .map((p) => ({
      name: p.name,
      defaultChannel: p.defaultChannel,
      channels: p.channels.size,
      bundles: bundleNames(p).size,
      ...index.pkg(p.name),
      deprecated: !!p.deprecation,
    }))
    .sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
}

export function packageView(s: ViewSource, name: string): PackageView | null {
  const pkg = s.validation.model.packages.get(name);
  if (!pkg) return null;
  const { index, locate } = s;
  const icon = iconDataUrl(pkg.icon);
  const view: PackageView = {
    name: pkg.name,
    description: pkg.description,
    defaultChannel: pkg.defaultChannel,
    channels: [...pkg.channels.values()].map((ch) => {
      const heads = headsOf(ch);
      const summary: PackageView['channels'][number] = {
        name: ch.name,
        isDefault: ch.name === pkg.defaultChannel,
        entries: ch.bundles.size,
        ...index.channel(pkg.name, ch.name),
      };
      if (heads.length === 1) summary.head = heads[0];
      if (ch.deprecation) summary.deprecation = ch.deprecation.message;
      return summary;
    }),
    deprecations: deprecations(pkg, locate),
    ...index.pkg(pkg.name),
  };
  if (icon.dataUrl) view.icon = icon.dataUrl;
  if (icon.note) view.iconNote = icon.note;
  if (pkg.deprecation) view.deprecation = pkg.deprecation.message;
  const location = locate(packageRef(pkg));
  if (location) view.location = location;
  return view;
}

/** Entries nothing replaces or skips (skipRange ignored, as opm does). */
function headsOf(ch: ModelChannel): string[] {
  const incoming = new Set<string>();
  for (const b of ch.bundles.values()) {
    if (b.replaces) incoming.add(b.replaces);
    for (const s of b.skips) incoming.add(s);
  }
  return [...ch.bundles.keys()].filter((n) => !incoming.has(n));
}

function deprecations(pkg: ModelPackage, locate: Locate): DeprecationView[] {
  const out: DeprecationView[] = [];
  const order = new Map<DeprecationView, number>();
  const add = (schema: string, name: string, d: ModelPackage['deprecation']) => {
    if (!d) return;
    const v: DeprecationView = { schema, name, message: d.message };
    order.set(v, d.entryIndex);
    const location = locate(deprecationRef(d));
    if (location) v.location = location;
    out.push(v);
  };
  add('olm.package', '', pkg.deprecation);
  const seen = new Set<string>();
  for (const ch of pkg.channels.values()) {
    add('olm.channel', ch.name, ch.deprecation);
    for (const b of ch.bundles.values()) {
      if (b.deprecation && !seen.has(b.name)) {
        seen.add(b.name);
        add('olm.bundle', b.name, b.deprecation);
      }
    }
  }
  // In the order the olm.deprecations blob lists them.
  return out.sort((a, b) => (order.get(a) ?? 0) - (order.get(b) ?? 0));
}

export function channelView(pkg: ModelPackage, ch: ModelChannel, locate: Locate): ChannelView {
  const graph = buildChannelGraph(pkg, ch);
  const nodes = new Map(graph.nodes.map((n) => [n.id, n]));
  const entries: EntryRow[] = [...ch.bundles.values()].map((b) => {
    const n = nodes.get(b.name);
    const row: EntryRow = {
      name: b.name,
      version: versionText(b),
      replaces: b.replaces,
      skips: [...b.skips],
      skipRange: b.skipRange,
      head: n?.head ?? false,
      inChain: n?.inChain ?? false,
      skipped: n?.skipped ?? false,
      stranded: n?.stranded ?? false,
    };
    if (b.deprecation) row.deprecation = b.deprecation.message;
    const ref = entryRef(ch, b);
    const location = ref ? locate(ref) : undefined;
    if (location) row.location = location;
    return row;
  });
  const view: ChannelView = {
    package: pkg.name,
    channel: ch.name,
    isDefault: ch.name === pkg.defaultChannel,
    graph,
    entries,
  };
  if (ch.deprecation) view.deprecation = ch.deprecation.message;
  return view;
}

function versionText(b: ModelBundle): string {
  return b.version ? formatVersion(b.version) : '';
}

export function packageGraph(s: ViewSource, name: string): PackageGraph | null {
  const pkg = s.validation.model.packages.get(name);
  return pkg ? buildPackageGraph(pkg) : null;
}

/** The current text of a catalog file (as loaded or as last updated). */
export function fileView(s: ViewSource, path: string): FileView | null {
  const load = s.loads.get(path);
  if (!load) return null;
  return { path, text: load.file.text, format: load.file.format === 'json' ? 'json' : 'yaml' };
}

export function bundleView(s: ViewSource, pkgName: string, name: string): BundleView | null {
  const pkg = s.validation.model.packages.get(pkgName);
  if (!pkg) return null;
  const listing = [...pkg.channels.values()].filter((ch) => ch.bundles.has(name));
  const home = listing.find((ch) => ch.bundles.get(name)!.origin) ?? listing[0];
  const first = home?.bundles.get(name);
  if (!home || !first) return null;
  const props = first.properties;
  const values = (type: string) => props.filter((p) => p.type === type).map((p) => p.value);
  const gvk = (v: unknown): GvkView => ({
    group: str(v, 'group') ?? '',
    version: str(v, 'version') ?? '',
    kind: str(v, 'kind') ?? '',
  });

  let objects: unknown[] = [];
  try {
    // Only `properties` is read from the bundle: its olm.bundle.object manifests, decoded on demand.
    objects = props.some((p) => p.type === 'olm.bundle.object')
      ? decodeBundleObjects({ properties: props } as DeclBundle)
      : [];
  } catch {
    // A bundle object that does not decode is reported as a diagnostic; the details still show.
  }
  const csvObject = objects.find((o) => field(o, 'kind') === 'ClusterServiceVersion');
  const metadata = values('olm.csv.metadata')[0];

  const view: BundleView = {
    package: pkg.name,
    name,
    version: versionText(first),
    release: first.release,
    image: first.image,
    channels: listing.map((ch) => {
      const b = ch.bundles.get(name)!;
      return { channel: ch.name, replaces: b.replaces, skips: [...b.skips], skipRange: b.skipRange };
    }),
    properties: props.map(propertyView),
    gvks: values('olm.gvk').map(gvk),
    requiredPackages: values('olm.package.required').map((v) => ({
      packageName: str(v, 'packageName') ?? '',
      versionRange: str(v, 'versionRange') ?? '',
    })),
    requiredGvks: values('olm.gvk.required').map(gvk),
    relatedImages: first.relatedImages.map((r) => ({ name: r.name, image: r.image })),
    objects: objects.map((o) => ({
      apiVersion: str(o, 'apiVersion') ?? '',
      kind: str(o, 'kind') ?? '',
      name: str(field(o, 'metadata'), 'name') ?? '',
    })),
    diagnostics: s.diagnostics.filter(
      (d) => d.package === pkg.name && (d.bundle === name || d.targets?.some((t) => t.bundle === name)),
    ),
  };
  const csv =
    metadata !== undefined
      ? csvFromMetadata(metadata)
      : csvObject !== undefined
        ? csvFromObject(csvObject)
        : undefined;
  if (csv) view.csv = csv;
  const deprecation = listing.map((ch) => ch.bundles.get(name)!.deprecation).find((d) => d);
  if (deprecation) view.deprecation = deprecation.message;
  const ref = bundleRef(home, first);
  const location = ref ? s.locate(ref) : undefined;
  if (location) view.location = location;
  return view;
}

function propertyView(p: { type: string; value: unknown }): PropertyView {
  let json: string;
  try {
    json = JSON.stringify(p.value) ?? 'null';
  } catch {
    json = String(p.value);
  }
  const truncated = json.length > PROPERTY_JSON_LIMIT;
  return {
    type: p.type,
    json: truncated ? `${json.slice(0, PROPERTY_JSON_LIMIT)}…` : json,
    truncated,
    length: json.length,
  };
}
