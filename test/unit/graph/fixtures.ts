/**
 * Hand-built model and declcfg objects for the graph and render-graph tests: the same shapes the
 * loader and the model converter produce, without going through them.
 */
import type {
  DeclarativeConfig,
  DeclBundle,
  DeclChannel,
  DeclDeprecation,
  DeclPackage,
} from '../../../src/core/declcfg/types';
import type { BlobOrigin } from '../../../src/core/location';
import type { ModelBundle, ModelChannel, ModelPackage } from '../../../src/core/model/types';
import { parseVersion, type Version } from '../../../src/core/semver';

export const origin: BlobOrigin = { file: 'catalog.yaml', index: 0, start: 0, end: 0, format: 'yaml' };

export interface EntrySpec {
  name: string;
  replaces?: string;
  skips?: string[];
  skipRange?: string;
  /** Defaults to the version in the name (`foo.v1.2` → 1.2.0); `null` for a bundle with no version. */
  version?: string | null;
  release?: string;
  /** Bundle deprecation message. */
  deprecated?: string;
}

/** `anakin.v0.1.1` → 0.1.1, `v1.3` → 1.3.0, `b-3` → 3.0.0; undefined when the name has no number. */
export function versionFromName(name: string): string | undefined {
  const m = /(\d+)(?:\.(\d+))?(?:\.(\d+))?(-[0-9A-Za-z.-]+)?$/.exec(name);
  if (!m) return undefined;
  return `${m[1]}.${m[2] ?? 0}.${m[3] ?? 0}${m[4] ?? ''}`;
}

function versionOf(e: EntrySpec): Version | undefined {
  if (e.version === null) return undefined;
  const s = e.version ?? versionFromName(e.name);
  return s === undefined ? undefined : parseVersion(s);
}

export function modelChannel(
  pkg: string,
  name: string,
  entries: EntrySpec[],
  deprecated?: string,
): ModelChannel {
  const bundles = new Map<string, ModelBundle>();
  entries.forEach((e, i) => {
    const b: ModelBundle = {
      package: pkg,
      channel: name,
      name: e.name,
      image: `${pkg}-bundle:${e.name}`,
      replaces: e.replaces ?? '',
      skips: e.skips ?? [],
      skipRange: e.skipRange ?? '',
      properties: [],
      relatedImages: [],
      release: e.release ?? '',
      origin,
      entryOrigin: origin,
      entryIndex: i,
    };
    const v = versionOf(e);
    if (v) b.version = v;
    if (e.deprecated !== undefined) b.deprecation = { message: e.deprecated, origin, entryIndex: 0 };
    bundles.set(e.name, b);
  });
  const ch: ModelChannel = { package: pkg, name, bundles, origin };
  if (deprecated !== undefined) ch.deprecation = { message: deprecated, origin, entryIndex: 0 };
  return ch;
}

/** A package; the first channel is the default unless `defaultChannel` says otherwise. */
export function modelPackage(
  name: string,
  channels: Record<string, EntrySpec[]>,
  defaultChannel = Object.keys(channels)[0] ?? '',
): ModelPackage {
  return {
    name,
    description: '',
    defaultChannel,
    channels: new Map(Object.entries(channels).map(([ch, entries]) => [ch, modelChannel(name, ch, entries)])),
    origin,
  };
}

export function channelOf(pkg: ModelPackage, name?: string): ModelChannel {
  const ch = pkg.channels.get(name ?? pkg.defaultChannel);
  if (!ch) throw new Error(`no channel ${name}`);
  return ch;
}

export interface DeclSpec {
  packages: string[];
  channels: { package: string; name: string; entries: EntrySpec[] }[];
  /** Extra bundles; every entry also gets a bundle (version from the name) unless `noBundles` lists it. */
  bundles?: { package: string; name: string; version: string }[];
  noBundles?: string[];
  deprecations?: { package: string; entries: { schema: string; name?: string; message: string }[] }[];
}

export function packageProperty(pkg: string, version: string): { type: string; value: unknown } {
  return { type: 'olm.package', value: { packageName: pkg, version } };
}

export function declBundle(pkg: string, name: string, version: string): DeclBundle {
  return {
    schema: 'olm.bundle',
    package: pkg,
    name,
    image: `${pkg}-bundle:${name}`,
    properties: [packageProperty(pkg, version)],
    relatedImages: [],
    origin,
    raw: {},
  };
}

/** A DeclarativeConfig as LoadFS would give it (no validation). */
export function declConfig(spec: DeclSpec): DeclarativeConfig {
  const packages: DeclPackage[] = spec.packages.map((name) => ({
    schema: 'olm.package',
    name,
    defaultChannel: spec.channels.find((c) => c.package === name)?.name ?? '',
    description: '',
    properties: [],
    origin,
    raw: {},
  }));
  const channels: DeclChannel[] = spec.channels.map((c) => ({
    schema: 'olm.channel',
    package: c.package,
    name: c.name,
    entries: c.entries.map((e) => ({
      name: e.name,
      replaces: e.replaces ?? '',
      skips: e.skips ?? [],
      skipRange: e.skipRange ?? '',
    })),
    properties: [],
    origin,
    raw: {},
  }));
  const bundles: DeclBundle[] = [];
  const seen = new Set<string>();
  for (const c of spec.channels) {
    for (const e of c.entries) {
      const key = `${c.package}/${e.name}`;
      if (seen.has(key) || spec.noBundles?.includes(e.name)) continue;
      seen.add(key);
      const v = typeof e.version === 'string' ? e.version : versionFromName(e.name);
      if (v !== undefined) bundles.push(declBundle(c.package, e.name, v));
    }
  }
  for (const b of spec.bundles ?? []) bundles.push(declBundle(b.package, b.name, b.version));
  const deprecations: DeclDeprecation[] = (spec.deprecations ?? []).map((d) => ({
    schema: 'olm.deprecations',
    package: d.package,
    entries: d.entries.map((e) => ({
      reference: { schema: e.schema, name: e.name ?? '' },
      message: e.message,
    })),
    origin,
    raw: {},
  }));
  return { packages, channels, bundles, deprecations, others: [] };
}
