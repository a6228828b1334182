import { formatVersion, goQuote, parseVersion, SemverError, type Version } from '../semver';
import type { Property } from '../declcfg/types';
import type { SourceRange } from '../location';
import { parseBundleProperties } from '../model/properties';
import { compareGoStrings } from '../gojson';
import { formatAggregate } from './go-format';
import { GoUnmarshalError, unmarshalStrict, type GoType } from './go-unmarshal';
import { ARCHETYPES, generateChannels, type Archetype, type SemverLinking } from './semver-channels';

/**
 * operator-registry's semver catalog template (`olm.semver`, alpha/template/semver), fbc-rules §8.2:
 * reading the template strictly, resolving bundle images, generating channels and the package.
 * Every error message is opm's. A browser cannot pull images, so the caller supplies a resolver.
 */

export interface RenderedBundle {
  name: string;
  package: string;
  /** Used when `properties` is absent: the bundle then gets one `olm.package` property. */
  version: string;
  image: string;
  /** The bundle's properties as rendered. When present, its `olm.package` property decides package and version. */
  properties?: unknown[];
  csv?: { description?: string; icon?: { base64data: string; mediatype: string } };
  /** Written after the properties when non-empty, as opm's Bundle struct does. */
  relatedImages?: { name: string; image: string }[];
}

/** Renders one image reference, e.g. by matching bundles already in the loaded catalog. May throw. */
export type BundleResolver = (image: string) => RenderedBundle[];

export interface SemverTemplateBundleEntry {
  image: string;
}

export interface SemverTemplateBundles {
  bundles: SemverTemplateBundleEntry[];
}

export interface SemverTemplate {
  schema: 'olm.semver';
  generateMajorChannels?: boolean;
  generateMinorChannels?: boolean;
  defaultChannelTypePreference?: 'major' | 'minor';
  candidate?: SemverTemplateBundles;
  fast?: SemverTemplateBundles;
  stable?: SemverTemplateBundles;
}

export interface TemplatePackageBlob {
  schema: 'olm.package';
  name: string;
  defaultChannel: string;
  icon?: { base64data: string; mediatype: string };
  description?: string;
}

export interface TemplateChannelEntry {
  name: string;
  replaces?: string;
  skips?: string[];
}

export interface TemplateChannelBlob {
  schema: 'olm.channel';
  name: string;
  package: string;
  entries: TemplateChannelEntry[];
}

export interface TemplateBundleBlob {
  schema: 'olm.bundle';
  name: string;
  package: string;
  image: string;
  properties: unknown[];
  relatedImages?: { name: string; image: string }[];
}

export interface RenderedSemverTemplate {
  package: TemplatePackageBlob;
  /** Sorted by name. */
  channels: TemplateChannelBlob[];
  /** One per distinct image, sorted by name (stable). */
  bundles: TemplateBundleBlob[];
}

/** An error from reading or rendering a template; `message` is opm's text (without `rendering template: `). */
export class TemplateError extends Error {
  /** Where in the template the problem is, when it can be pinned down. */
  location?: SourceRange;

  constructor(message: string, location?: SourceRange) {
    super(message);
    this.name = 'TemplateError';
    if (location) this.location = location;
  }
}

const SCHEMA = 'olm.semver';

// The Go types, named as in semver.go, because encoding/json puts them into its messages.
const BUNDLE_ENTRY: GoType = {
  kind: 'struct',
  pkg: 'semver',
  name: 'bundleEntry',
  fields: [{ json: 'image', type: { kind: 'string', name: 'string' } }],
};
const CHANNEL_BUNDLES: GoType = {
  kind: 'struct',
  pkg: 'semver',
  name: 'channelBundles',
  fields: [{ json: 'bundles', type: { kind: 'slice', elem: BUNDLE_ENTRY } }],
};
const TEMPLATE_TYPE = {
  kind: 'struct',
  pkg: 'semver',
  name: 'SemverTemplateData',
  fields: [
    { json: 'schema', type: { kind: 'string', name: 'string' } },
    { json: 'generateMajorChannels', type: { kind: 'bool' } },
    { json: 'generateMinorChannels', type: { kind: 'bool' } },
    { json: 'defaultChannelTypePreference', type: { kind: 'string', name: 'semver.StreamType' } },
    { json: 'candidate', type: CHANNEL_BUNDLES },
    { json: 'fast', type: CHANNEL_BUNDLES },
    { json: 'stable', type: CHANNEL_BUNDLES },
  ],
} as const satisfies GoType;

function readFileError(message: string): TemplateError {
  return new TemplateError(`render: unable to read file: ${message}`);
}

function bundleList(v: unknown): SemverTemplateBundles {
  const bundles = (v as { bundles?: { image?: string }[] } | undefined)?.bundles ?? [];
  return { bundles: bundles.map((b) => ({ image: b?.image ?? '' })) };
}

/**
 * The checks and defaults of semver.go `readFile` after decoding: both generate flags off means
 * minor channels; the preference defaults to the generated kind and must match it. Throws the
 * wrapped message. Idempotent, so it is safe on an already parsed template.
 */
function normalize(t: SemverTemplate): Required<SemverTemplate> {
  if ((t.schema as string) !== SCHEMA) {
    throw readFileError(`readFile: input file has unknown schema, should be ${goQuote(SCHEMA)}`);
  }
  const major = t.generateMajorChannels === true;
  let minor = t.generateMinorChannels === true;
  if (!major && !minor) minor = true;
  const pref = (t.defaultChannelTypePreference ?? '') as string;
  let preference: 'major' | 'minor';
  switch (pref) {
    case '':
      preference = minor ? 'minor' : 'major';
      break;
    case 'minor':
      if (!minor) {
        throw readFileError(
          "schema attribute mismatch: DefaultChannelTypePreference set to 'minor' doesn't make sense if not generating minor-version channels",
        );
      }
      preference = 'minor';
      break;
    case 'major':
      if (!major) {
        throw readFileError(
          "schema attribute mismatch: DefaultChannelTypePreference set to 'major' doesn't make sense if not generating major-version channels",
        );
      }
      preference = 'major';
      break;
    default:
      throw readFileError(
        `unknown DefaultChannelTypePreference: ${goQuote(pref)}\nValid values are 'major' or 'minor'`,
      );
  }
  return {
    schema: SCHEMA,
    generateMajorChannels: major,
    generateMinorChannels: minor,
    defaultChannelTypePreference: preference,
    candidate: bundleList(t.candidate),
    fast: bundleList(t.fast),
    stable: bundleList(t.stable),
  };
}

/**
 * Reads a semver template (YAML or JSON) as opm does: strict decoding (unknown fields and
 * duplicate YAML keys are errors, field names match case-insensitively), then readFile's checks.
 * Returns the template with opm's defaults applied. Throws TemplateError with
 * `render: unable to read file: ...`.
 */
export function parseSemverTemplate(text: string): Required<SemverTemplate> {
  let raw: Record<string, unknown>;
  try {
    raw = unmarshalStrict(text, TEMPLATE_TYPE);
  } catch (e) {
    if (e instanceof GoUnmarshalError) throw readFileError(e.message);
    throw e;
  }
  return normalize({
    schema: (raw.schema ?? '') as 'olm.semver',
    generateMajorChannels: raw.generateMajorChannels as boolean | undefined,
    generateMinorChannels: raw.generateMinorChannels as boolean | undefined,
    defaultChannelTypePreference: raw.defaultChannelTypePreference as 'major' | 'minor' | undefined,
    candidate: bundleList(raw.candidate),
    fast: bundleList(raw.fast),
    stable: bundleList(raw.stable),
  });
}

/** A rendered bundle with its effective properties. */
interface ResolvedBundle {
  bundle: RenderedBundle;
  properties: Property[];
}

function effectiveProperties(b: RenderedBundle): Property[] {
  if (!b.properties) return [{ type: 'olm.package', value: { packageName: b.package, version: b.version } }];
  return b.properties.map((p) => {
    const rec = p !== null && typeof p === 'object' ? (p as Record<string, unknown>) : {};
    return { type: typeof rec.type === 'string' ? rec.type : '', value: rec.value };
  });
}

class PostProcessError extends Error {}

/** semver.go getVersionsFromChannel: bundle name → version for one archetype's list. */
function versionsFromList(
  list: readonly SemverTemplateBundleEntry[],
  imageToRendered: ReadonlyMap<string, string>,
  rendered: readonly ResolvedBundle[],
  state: { pkg: string },
): Map<string, Version> {
  const entries = new Map<string, Version>();
  for (const entry of list) {
    const target = imageToRendered.get(entry.image);
    const found = rendered.find((r) => r.bundle.image === target);
    if (!found) {
      throw new PostProcessError(
        `supplied bundle image name ${goQuote(entry.image)} not found in rendered bundle images`,
      );
    }
    const b = found.bundle;
    const parsed = parseBundleProperties(found.properties);
    if (parsed.error)
      throw new PostProcessError(`parse properties for bundle ${goQuote(b.name)}: ${parsed.error.message}`);
    const pkgProp = parsed.packages[0];
    if (parsed.packages.length !== 1 || !pkgProp) {
      throw new PostProcessError(
        `bundle ${goQuote(b.name)} has multiple ${goQuote('olm.package')} properties, expected exactly 1`,
      );
    }
    let version: Version;
    try {
      version = parseVersion(pkgProp.version);
    } catch (e) {
      if (!(e instanceof SemverError)) throw e;
      throw new PostProcessError(
        `bundle ${goQuote(b.name)} has invalid version ${goQuote(pkgProp.version)}: ${e.message}`,
      );
    }
    if (state.pkg !== '') {
      if (pkgProp.packageName !== state.pkg) {
        throw new PostProcessError(
          `bundle ${goQuote(pkgProp.packageName)} does not belong to this package: ${goQuote(state.pkg)}`,
        );
      }
    } else {
      state.pkg = pkgProp.packageName;
    }
    if (entries.has(b.name)) throw new PostProcessError(`duplicate bundle name ${goQuote(b.name)}`);
    entries.set(b.name, version);
  }
  return entries;
}

/**
 * semver.go withoutBuildMetadataConflict. Go walks a map, so which bundle of a pair is named varies
 * in opm; here the later one in template order is.
 */
function checkBuildMetadata(versions: ReadonlyMap<string, Version>): void {
  const seen = new Set<string>();
  const errs: string[] = [];
  for (const v of versions.values()) {
    const stripped = formatVersion({ ...v, build: [] });
    if (seen.has(stripped)) {
      errs.push(`bundle version ${goQuote(formatVersion(v))} cannot be compared to ${goQuote(stripped)}`);
    } else {
      seen.add(stripped);
    }
  }
  if (errs.length > 0) {
    throw new PostProcessError(
      `encountered bundle versions which differ only by build metadata, which cannot be ordered: ${formatAggregate(errs)}`,
    );
  }
}

/**
 * Renders a semver template into an olm.package, generated olm.channel blobs and the resolved
 * olm.bundle blobs. The output is not validated (neither is opm's). Throws TemplateError with opm's
 * message; errors thrown by `resolve` pass through unchanged, as in opm.
 */
export function renderSemverTemplate(
  template: SemverTemplate,
  resolve: BundleResolver,
  opts: { linking?: SemverLinking } = {},
): RenderedSemverTemplate {
  const sv = normalize(template);
  const lists: Record<Archetype, SemverTemplateBundleEntry[]> = {
    candidate: sv.candidate.bundles,
    fast: sv.fast.bundles,
    stable: sv.stable.bundles,
  };

  // buildBundleList + render: each distinct image once. opm walks a map here, so which failing image
  // it reports first varies; this port goes in template order.
  const imageToRendered = new Map<string, string>();
  const rendered: ResolvedBundle[] = [];
  for (const archetype of ARCHETYPES) {
    for (const { image } of lists[archetype]) {
      if (imageToRendered.has(image)) continue;
      const out = resolve(image);
      const first = out[0];
      if (out.length !== 1 || !first) {
        throw new TemplateError(
          `bundle reference ${goQuote(image)} resulted in ${out.length} bundles, expected 1`,
        );
      }
      imageToRendered.set(image, first.image);
      rendered.push({ bundle: first, properties: effectiveProperties(first) });
    }
  }
  if (rendered.length === 0)
    throw new TemplateError('render: no bundles specified or no bundles could be rendered');

  const state = { pkg: '' };
  const versions = {} as Record<Archetype, Map<string, Version>>;
  try {
    for (const archetype of ARCHETYPES) {
      const v = versionsFromList(lists[archetype], imageToRendered, rendered, state);
      checkBuildMetadata(v);
      versions[archetype] = v;
    }
  } catch (e) {
    if (e instanceof PostProcessError) {
      throw new TemplateError(`render: unable to post-process bundle info: ${e.message}`);
    }
    throw e;
  }

  const { channels, defaultChannel } = generateChannels({
    bundles: versions,
    generateMajorChannels: sv.generateMajorChannels,
    generateMinorChannels: sv.generateMinorChannels,
    defaultChannelTypePreference: sv.defaultChannelTypePreference,
    ...(opts.linking !== undefined && { linking: opts.linking }),
  });

  const pkg: TemplatePackageBlob = { schema: 'olm.package', name: state.pkg, defaultChannel };
  // Description and icon come from the CSV of the default channel's last (highest) entry.
  const head = channels.find((c) => c.name === defaultChannel)?.entries.at(-1)?.name;
  const csv = head === undefined ? undefined : rendered.find((r) => r.bundle.name === head)?.bundle.csv;
  if (csv?.icon) pkg.icon = { base64data: csv.icon.base64data, mediatype: csv.icon.mediatype };
  if (csv?.description) pkg.description = csv.description;

  return {
    package: pkg,
    channels: channels.map((c) => ({
      schema: 'olm.channel',
      name: c.name,
      package: state.pkg,
      entries: c.entries.map((e) => ({
        name: e.name,
        ...(e.replaces !== undefined ? { replaces: e.replaces } : {}),
        ...(e.skips !== undefined ? { skips: [...e.skips] } : {}),
      })),
    })),
    bundles: rendered
      .map(({ bundle, properties }) => ({
        schema: 'olm.bundle' as const,
        name: bundle.name,
        package: bundle.package,
        image: bundle.image,
        properties,
        ...(bundle.relatedImages?.length ? { relatedImages: bundle.relatedImages } : {}),
      }))
      .sort((a, b) => compareGoStrings(a.name, b.name)),
  };
}
