import { emptyDeclarativeConfig, type DeclBundle } from '../../declcfg/types';
import { bundleVersion } from '../../model/properties';
import { compareVersions, formatVersion, type Version } from '../../semver';
import type { CatalogBundleResolver } from '../../template/bundle-resolver';
import { ARCHETYPES, channelName, type Archetype, type StreamKind } from '../../template/semver-channels';
import { refuse, type EditResult } from '../action';
import { EditError, type BlobOp } from '../blob-op';
import { q } from '../common';
import { Workspace } from '../workspace';
import { spell, type SemverTemplateContext } from './semver-context';

/**
 * What the registry's actions do on a semver template; each action names its edit or its refusal
 * here in its own `template.semver` hook (action.ts), so an action added later decides too.
 * Channels (`<archetype>-v<major>` and `<archetype>-v<major>.<minor>`), their `replaces`/`skips`
 * and the default channel are generated from bundle versions, so an action means an edit of the
 * Candidate/Fast/Stable image lists: promote = add the image to the channel's archetype, remove
 * from channel = take it out of that archetype, remove bundle = take it out of every list,
 * substitute = swap the image, add bundle = list a new bundle's image under the archetype its
 * channels name. The other actions have nothing to edit here; their refusals below say why and
 * what to do instead.
 */

/** Why drawing or removing an edge has no meaning on a semver template. */
export const GENERATED_EDGES =
  'olm.semver generates replaces and skips from versions: within a channel each bundle replaces the top of the previous minor stream and skips the rest; to change the upgrade graph, move bundles between Candidate, Fast and Stable, or render the template and keep the catalog as a basic template';

/** Why the refusing actions refuse on a semver template (the edge actions: GENERATED_EDGES). */
export const SEMVER_REFUSALS = {
  setSkipRange: `olm.semver never writes skipRange; ${GENERATED_EDGES.slice('olm.semver '.length)}`,
  removeSkipRange: 'olm.semver never writes skipRange, so there is none to remove',
  createChannel:
    'olm.semver creates a channel for each archetype and version stream that lists bundles (e.g. stable-v1.2); to get a new one, promote a bundle of that version into it',
  deprecate:
    'an olm.semver template cannot hold olm.deprecations; deprecate in a basic template, or in the catalog after rendering',
} as const;

// The edits read their arguments defensively (`str`): they come from the UI as plain data.
type Args = Readonly<Record<string, unknown>>;

const str = (v: unknown): string => (typeof v === 'string' ? v.trim() : '');

function placement() {
  return {
    samples: [],
    fallback: [
      'schema',
      'generateMajorChannels',
      'generateMinorChannels',
      'defaultChannelTypePreference',
      ...ARCHETYPES,
    ],
  };
}

function kinds(s: SemverTemplateContext): StreamKind[] {
  const out: StreamKind[] = [];
  if (s.template.generateMajorChannels) out.push('major');
  if (s.template.generateMinorChannels) out.push('minor');
  return out;
}

/** Archetype and kind of a channel name the template could generate. */
function parseChannel(name: string): { arch: Archetype; kind: StreamKind } | undefined {
  const m = /^(candidate|fast|stable)-v\d+(\.\d+)?$/.exec(name);
  return m ? { arch: m[1] as Archetype, kind: m[2] ? 'minor' : 'major' } : undefined;
}

/** The channels a bundle of version `v` joins when listed under `arch`. */
function channelsOf(s: SemverTemplateContext, arch: Archetype, v: Version): string[] {
  return kinds(s).map((k) => channelName(arch, k, v));
}

function bundleImages(s: SemverTemplateContext, bundle: string): string[] {
  return [...s.images].filter(([, info]) => info.name === bundle).map(([image]) => image);
}

function versionOf(s: SemverTemplateContext, bundle: string): Version | undefined {
  for (const info of s.images.values()) if (info.name === bundle) return info.version;
  return undefined;
}

/** Indexes of a bundle's images in one archetype's list. */
function indexesIn(s: SemverTemplateContext, arch: Archetype, bundle: string): number[] {
  const images = new Set(bundleImages(s, bundle));
  return s.lists[arch].images.flatMap((img, i) => (images.has(img) ? [i] : []));
}

function edit(s: SemverTemplateContext, ops: BlobOp[]): EditResult['changes'] {
  const { file, origin } = s.doc;
  const ws = new Workspace(new Map([[file.path, file.text]]), emptyDeclarativeConfig());
  ws.editBlob(origin, ops);
  return ws.changes();
}

/** The op listing `image` under `arch`: appended to its list, or a new list when the template has none. */
function appendImage(s: SemverTemplateContext, arch: Archetype, image: string): BlobOp {
  const l = s.lists[arch];
  const item = { [s.imageKey]: image };
  if (l.key) return { op: 'append', path: [l.key, l.bundlesKey ?? spell(s, 'bundles')], value: item };
  return {
    op: 'insert',
    path: [spell(s, arch)],
    value: { [spell(s, 'bundles')]: [item] },
    placement: placement(),
  };
}

/** Ops removing the given items of a list (from the last, so the indexes stay right). */
function removeOps(s: SemverTemplateContext, arch: Archetype, indexes: number[]): BlobOp[] {
  const l = s.lists[arch];
  if (!l.key || !l.bundlesKey) throw new EditError(`the template has no ${arch} bundles`);
  return [...indexes]
    .sort((a, b) => b - a)
    .map((i) => ({ op: 'remove', path: [l.key as string, l.bundlesKey as string, i] }));
}

/** Warnings for lists that an edit empties (their channels vanish), or a refusal when all would be. */
function emptied(s: SemverTemplateContext, removed: Partial<Record<Archetype, number>>): string[] {
  const left = ARCHETYPES.map((a) => s.lists[a].images.length - (removed[a] ?? 0));
  if (left.every((n) => n <= 0))
    throw new EditError(
      'the template would list no bundles, and opm cannot render it ("render: no bundles specified or no bundles could be rendered"); delete the template instead',
    );
  return ARCHETYPES.filter((a, i) => (removed[a] ?? 0) > 0 && (left[i] as number) <= 0).map(
    (a) => `${a} would list no bundles: the template stops generating ${a} channels`,
  );
}

export function semverPromote(s: SemverTemplateContext, a: Args): EditResult {
  const bundle = str(a.bundle);
  const channel = str(a.channel);
  const images = bundleImages(s, bundle);
  const image = images[0];
  const v = versionOf(s, bundle);
  if (!image || !v)
    return refuse(
      `${q(bundle)} is not listed in this olm.semver template: add its bundle image to Candidate, Fast or Stable`,
    );
  const target = parseChannel(channel);
  const possible = ARCHETYPES.flatMap((arch) => channelsOf(s, arch, v));
  if (!target || !possible.includes(channel))
    return refuse(
      `olm.semver generates the channels from versions: ${bundle} (${formatVersion(v)}) can only join ${possible.join(', ')}, not ${q(channel)}`,
    );
  const { arch } = target;
  if (indexesIn(s, arch, bundle).length > 0)
    return refuse(
      `${bundle} is already listed under ${arch}, so it is in ${channelsOf(s, arch, v).join(' and ')}`,
    );
  const warnings: string[] = [];
  if (a.replaces !== undefined && a.replaces !== null && a.replaces !== '')
    warnings.push(
      `olm.semver generates replaces from versions; the replaces you chose (${String(a.replaces)}) is not written`,
    );
  if (str(a.skipRange) !== '')
    warnings.push('olm.semver never writes skipRange; the skipRange you gave is not written');
  const also = channelsOf(s, arch, v).filter((c) => c !== channel);
  if (also.length > 0)
    warnings.push(`${bundle} joins ${also.join(', ')} as well (the template generates both)`);
  const op = appendImage(s, arch, image);
  return { changes: edit(s, [op]), warnings, select: { package: pkgOf(s, bundle), channel, bundle } };
}

function pkgOf(s: SemverTemplateContext, bundle: string): string {
  for (const info of s.images.values()) if (info.name === bundle) return info.package;
  return '';
}

export function semverRemoveFromChannel(s: SemverTemplateContext, a: Args): EditResult {
  const bundle = str(a.bundle);
  const channel = str(a.channel);
  const target = parseChannel(channel);
  if (!target) return refuse(`${q(channel)} is not a channel this olm.semver template generates`);
  const { arch } = target;
  const indexes = indexesIn(s, arch, bundle);
  if (indexes.length === 0) return refuse(`${bundle} is not listed under ${arch}`);
  const warnings = emptied(s, { [arch]: indexes.length });
  const v = versionOf(s, bundle);
  const also = v ? channelsOf(s, arch, v).filter((c) => c !== channel) : [];
  if (also.length > 0)
    warnings.push(`${bundle} leaves ${also.join(', ')} too: they come from the same ${arch} list`);
  const changes = edit(s, removeOps(s, arch, indexes));
  return { changes, warnings, select: { package: pkgOf(s, bundle), channel } };
}

export function semverRemoveBundle(s: SemverTemplateContext, a: Args): EditResult {
  const bundle = str(a.bundle);
  const found = ARCHETYPES.map((arch) => [arch, indexesIn(s, arch, bundle)] as const).filter(
    ([, ix]) => ix.length > 0,
  );
  if (found.length === 0) return refuse(`${q(bundle)} is not listed in this olm.semver template`);
  const warnings = emptied(s, Object.fromEntries(found.map(([arch, ix]) => [arch, ix.length])));
  const ops = found.flatMap(([arch, ix]) => removeOps(s, arch, ix));
  return { changes: edit(s, ops), warnings, select: { package: pkgOf(s, bundle) } };
}

export function semverSubstitute(
  s: SemverTemplateContext,
  a: Args,
  resolver: CatalogBundleResolver | undefined,
): EditResult {
  const bundle = str(a.bundle);
  const image = str(a.image);
  if (image === '') return refuse('give the new bundle image: olm.semver lists bundles by image');
  const old = new Set(bundleImages(s, bundle));
  if (old.size === 0) return refuse(`${q(bundle)} is not listed in this olm.semver template`);
  if (old.has(image)) return refuse(`${bundle} already has the image ${image}`);
  const warnings: string[] = [];
  const r = resolver?.resolve(image);
  const vOld = versionOf(s, bundle);
  if (!r)
    warnings.push(
      `${image} is in no catalog of the repository: the template cannot be rendered offline until one holds it`,
    );
  else {
    const info = { name: r.bundle.name };
    const replacement = str(a.replacement);
    if (replacement !== '' && replacement !== info.name)
      warnings.push(`${image} renders to ${info.name}, not ${replacement}`);
    const vNew = bundleVersion(r.bundle);
    if (
      vOld &&
      vNew &&
      kinds(s).some((k) => channelName('stable', k, vOld) !== channelName('stable', k, vNew))
    )
      warnings.push(
        `${info.name} (${formatVersion(vNew)}) is in another version stream than ${bundle} (${formatVersion(vOld)}): it lands in other channels`,
      );
  }
  const ops: BlobOp[] = [];
  for (const arch of ARCHETYPES) {
    const l = s.lists[arch];
    l.images.forEach((img, i) => {
      if (old.has(img))
        ops.push({ op: 'set', path: [l.key as string, l.bundlesKey as string, i, s.imageKey], value: image });
    });
  }
  return { changes: edit(s, ops), warnings, select: { package: pkgOf(s, bundle) } };
}

/**
 * The list a new bundle goes to: the archetype argument when given; else the most stable one its
 * channels name (`stable…` → Stable, `fast…` → Fast, `candidate…` → Candidate); else Candidate,
 * where a release starts in the semver template's flow.
 */
function archetypeFor(a: Args): Archetype | { error: string } {
  const given = str(a.archetype).toLowerCase();
  if (given !== '') {
    const arch = ARCHETYPES.find((x) => x === given);
    return arch ?? { error: `${q(str(a.archetype))} is not an archetype: give Candidate, Fast or Stable` };
  }
  const channels = (Array.isArray(a.entries) ? (a.entries as { channel?: unknown }[]) : []).map((e) =>
    str(e.channel).toLowerCase(),
  );
  for (const arch of [...ARCHETYPES].reverse()) if (channels.some((c) => c.startsWith(arch))) return arch;
  return 'candidate';
}

/**
 * addBundle: the image goes into one archetype list (`- Image: <ref>`, spelled as the template
 * spells its keys); its channels and edges are then generated from its version. The entries
 * proposed from the CSV only choose the list: their replaces/skips/skipRange are not written.
 */
export function semverAddBundle(s: SemverTemplateContext, a: Args): EditResult {
  const blob = (a.blob ?? {}) as Record<string, unknown>;
  if (blob.schema !== 'olm.bundle') return refuse('give the bundle as its olm.bundle blob (render-bundle)');
  const name = str(blob.name);
  const image = str(blob.image);
  const pkg = str(blob.package);
  if (name === '') return refuse('the bundle has no name (its CSV has no metadata.name)');
  if (image === '')
    return refuse('an olm.semver template lists bundles by image: the bundle needs its image reference');
  const v = bundleVersion({ properties: blob.properties ?? [] } as unknown as DeclBundle);
  if (!v)
    return refuse(`${name} has no version (olm.package property): olm.semver orders bundles by version`);
  const listed = [...s.images.values()];
  const others = [...new Set(listed.map((i) => i.package))].filter((p) => p !== pkg);
  if (others.length > 0)
    return refuse(
      `this olm.semver template lists bundles of package ${others.map(q).join(', ')}, not ${q(pkg)}`,
    );
  if (ARCHETYPES.some((arch) => s.lists[arch].images.includes(image)))
    return refuse(`the template already lists ${image}`);
  const same = listed.find((i) => i.version && compareVersions(i.version, v) === 0);
  if (same)
    return refuse(
      `version ${formatVersion(v)} is already listed (${same.name}): olm.semver keeps one bundle per version; substitute it for a respin`,
    );
  const arch = archetypeFor(a);
  if (typeof arch !== 'string') return refuse(arch.error);
  const joins = channelsOf(s, arch, v);
  const warnings = [
    `${name} joins ${joins.join(', ')}: olm.semver generates the channels from its version (${formatVersion(v)}) and the ${spell({ ...s, capitalized: true }, arch)} list`,
  ];
  const entries = Array.isArray(a.entries) ? (a.entries as Record<string, unknown>[]) : [];
  const edges = [
    ...new Set(
      entries.flatMap((e) => [
        ...(str(e.replaces) !== '' ? [`replaces ${str(e.replaces)}`] : []),
        ...(Array.isArray(e.skips) ? (e.skips as unknown[]).map((x) => `skips ${str(x)}`) : []),
        ...(str(e.skipRange) !== '' ? [`skipRange ${str(e.skipRange)}`] : []),
      ]),
    ),
  ];
  if (edges.length > 0)
    warnings.push(
      `olm.semver generates replaces and skips from versions and never writes skipRange; the edges proposed from the CSV (${edges.join(', ')}) are not written`,
    );
  if (s.unresolved.length > 0 && listed.length === 0)
    warnings.push('no listed image renders offline, so the package and versions could not be checked');
  const op = appendImage(s, arch, image);
  return {
    changes: edit(s, [op]),
    warnings,
    select: joins[0] ? { package: pkg, channel: joins[0], bundle: name } : { package: pkg, bundle: name },
  };
}

export function semverSetDefaultChannel(s: SemverTemplateContext, a: Args): EditResult {
  const pref = s.template.defaultChannelTypePreference;
  return refuse(
    `olm.semver picks the default channel itself: the ${pref} channel of the highest version in the most stable list (Stable, then Fast, then Candidate); to change it to ${q(str(a.channel))}, change DefaultChannelTypePreference or the lists`,
  );
}
