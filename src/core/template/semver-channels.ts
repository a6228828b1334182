import { compareVersions, type Version } from '../semver';
import { compareGoStrings } from '../gojson';

/**
 * Channel generation of operator-registry's semver template (`generateChannels` and
 * `linkChannels` in alpha/template/semver), fbc-rules §8.2. Pure data in, channels out.
 */

export type Archetype = 'candidate' | 'fast' | 'stable';
export type StreamKind = 'major' | 'minor';

/** Archetypes in ascending priority (candidate 0, fast 1, stable 2). */
export const ARCHETYPES: readonly Archetype[] = ['candidate', 'fast', 'stable'];
const ARCHETYPE_PRIORITY: Record<Archetype, number> = { candidate: 0, fast: 1, stable: 2 };
/** streamTypePriorities: minor 2, major 1, unset 0. Sorting ascending puts major before minor. */
const KIND_PRIORITY: Record<StreamKind | '', number> = { minor: 2, major: 1, '': 0 };

export interface GeneratedEntry {
  name: string;
  replaces?: string;
  skips?: string[];
}

export interface GeneratedChannel {
  name: string;
  entries: GeneratedEntry[];
}

/**
 * How a release of opm links the generated entries (alpha/template/semver `linkChannels`):
 * - `edge`: every entry of an archetype and kind in version order, Y-stream tops replacing the
 *   previous top of the same X-stream even in another channel (minor channels linked to each
 *   other) — opm up to v1.36.x and from v1.61.0 (#1813 reverted to it), the parity release's;
 * - `channel`: each channel on its own ("inchworm"), no edge between channels — v1.57.0 to v1.60.x;
 * - `channel-zmax-skips`: the same, each Y-stream top also skipping the top it replaces (#1749
 *   removed that) — v1.37.0 to v1.56.x.
 * A catalog rendered by one of these releases is its template's render only with its linking.
 */
export type SemverLinking = 'edge' | 'channel' | 'channel-zmax-skips';

/** The opm releases of each linking, as a maintainer pins them. */
export const SEMVER_LINKING_RELEASES: Readonly<Record<SemverLinking, string>> = {
  edge: 'opm v1.61.0 and later (and up to v1.36.x)',
  channel: 'opm v1.57.0 to v1.60.x',
  'channel-zmax-skips': 'opm v1.37.0 to v1.56.x',
};

export interface ChannelGenerationInput {
  /** Per archetype: bundle name → version (names unique within an archetype). */
  bundles: Record<Archetype, ReadonlyMap<string, Version>>;
  generateMajorChannels: boolean;
  generateMinorChannels: boolean;
  defaultChannelTypePreference: StreamKind;
  /** Absent: `edge`, the parity release's. */
  linking?: SemverLinking;
}

export interface ChannelGenerationResult {
  /** Sorted by name. */
  channels: GeneratedChannel[];
  /** Empty when no channel beat the initial high-water mark (see the 0.0.0-rc1 quirk). */
  defaultChannel: string;
}

interface HighWater {
  archetype: Archetype;
  kind: StreamKind | '';
  version: Version;
  name: string;
}

const ZERO: Version = { major: 0, minor: 0, patch: 0, pre: [], build: [], raw: '0.0.0' };

/**
 * highwaterChannel.gt: higher archetype, else higher version, else the preferred kind, else the
 * higher kind. The version is compared *before* the preference (fbc-rules §8.2 quirk).
 */
function beats(h: HighWater, best: HighWater, pref: StreamKind): boolean {
  if (ARCHETYPE_PRIORITY[h.archetype] !== ARCHETYPE_PRIORITY[best.archetype]) {
    return ARCHETYPE_PRIORITY[h.archetype] > ARCHETYPE_PRIORITY[best.archetype];
  }
  const c = compareVersions(h.version, best.version);
  if (c !== 0) return c > 0;
  if (h.kind !== best.kind) {
    if (h.kind === pref) return true;
    if (best.kind === pref) return false;
    return KIND_PRIORITY[h.kind] > KIND_PRIORITY[best.kind];
  }
  return false;
}

function majorOf(v: Version): string {
  return String(v.exact?.major ?? v.major);
}

function minorOf(v: Version): string {
  return String(v.exact?.minor ?? v.minor);
}

export function channelName(archetype: Archetype, kind: StreamKind, v: Version): string {
  return kind === 'major' ? `${archetype}-v${majorOf(v)}` : `${archetype}-v${majorOf(v)}.${minorOf(v)}`;
}

interface EntryTuple {
  arch: Archetype;
  kind: StreamKind;
  entry: GeneratedEntry;
  name: string;
  version: Version;
}

/** Writes the Y-stream edges onto `entry`: replaces the previous Y-stream's top, skips the rest of the X-stream. */
function writeEdges(entry: GeneratedEntry, prevZMax: string, curSkips: ReadonlySet<string>): void {
  if (prevZMax !== '') entry.replaces = prevZMax;
  else delete entry.replaces;
  const skips = [...curSkips].filter((s) => s !== prevZMax).sort(compareGoStrings);
  if (skips.length > 0) entry.skips = skips;
}

/** linkChannels: walks every entry sorted by archetype, kind and version. */
function link(tuples: EntryTuple[]): void {
  tuples.sort((a, b) => {
    if (a.arch !== b.arch) return ARCHETYPE_PRIORITY[a.arch] - ARCHETYPE_PRIORITY[b.arch];
    if (a.kind !== b.kind) return KIND_PRIORITY[a.kind] - KIND_PRIORITY[b.kind];
    return compareVersions(a.version, b.version);
  });

  let prevZMax = '';
  let curSkips = new Set<string>();
  for (let i = 1; i < tuples.length; i++) {
    const prev = tuples[i - 1] as EntryTuple;
    const cur = tuples[i] as EntryTuple;
    const archChange = cur.arch !== prev.arch;
    const kindChange = cur.kind !== prev.kind;
    const xChange = majorOf(cur.version) !== majorOf(prev.version);
    const yChange = xChange || minorOf(cur.version) !== minorOf(prev.version);

    // Any change above Z ends the previous entry's Y-stream: it is that stream's top and gets the edges.
    if (archChange || kindChange || yChange) writeEdges(prev.entry, prevZMax, curSkips);

    if (archChange || kindChange || xChange) {
      curSkips = new Set();
      prevZMax = '';
    } else {
      if (yChange) prevZMax = prev.name;
      curSkips.add(prev.name);
    }
  }

  if (tuples.length > 1) {
    const last = tuples[tuples.length - 1] as EntryTuple;
    const penultimate = tuples[tuples.length - 2] as EntryTuple;
    const sameStream =
      last.arch === penultimate.arch &&
      last.kind === penultimate.kind &&
      majorOf(last.version) === majorOf(penultimate.version);
    if (sameStream) writeEdges(last.entry, prevZMax, curSkips);
  }
}

/**
 * linkChannels of opm v1.37.0–v1.60.x: each channel alone, its entries in version order; the top of
 * each Y-stream skips the rest of that stream and replaces the previous stream's top. Ported as
 * written, quirks included: the last entry replaces the one before it when their minor numbers
 * differ (the majors are not compared), and `zmaxSkips` (up to v1.56.x) also skips the replaced top.
 */
function linkEachChannel(
  channels: Iterable<GeneratedChannel>,
  versionOf: ReadonlyMap<string, Version>,
  zmaxSkips: boolean,
): void {
  const v = (e: GeneratedEntry) => versionOf.get(e.name) as Version;
  const sameY = (a: Version, b: Version) => majorOf(a) === majorOf(b) && minorOf(a) === minorOf(b);
  const skip = (e: GeneratedEntry, name: string) => (e.skips ??= []).push(name);
  for (const ch of channels) {
    const entries = ch.entries.sort((a, b) => compareVersions(v(a), v(b)));
    const n = entries.length;
    let curEdge = 0;
    let yProbe = 0;
    let zmaxQueue = '';
    while (curEdge < n) {
      while (yProbe < n && sameY(v(entries[yProbe] as GeneratedEntry), v(entries[curEdge] as GeneratedEntry)))
        yProbe++;
      // The entry before the probe is the last of its Y-stream.
      const top = entries[yProbe - 1] as GeneratedEntry;
      if (curEdge !== yProbe) {
        if (zmaxQueue !== '') {
          top.replaces = zmaxQueue;
          if (zmaxSkips) skip(top, zmaxQueue);
        }
        zmaxQueue = top.name;
      }
      for (; curEdge < yProbe - 1; curEdge++) {
        const name = (entries[curEdge] as GeneratedEntry).name;
        if (zmaxSkips || top.replaces !== name) skip(top, name);
      }
      curEdge++;
      yProbe = curEdge + 1;
    }
    if (n > 1) {
      const penultimate = entries[n - 2] as GeneratedEntry;
      const ultimate = entries[n - 1] as GeneratedEntry;
      if (minorOf(v(ultimate)) !== minorOf(v(penultimate))) ultimate.replaces = penultimate.name;
    }
  }
}

/** generateChannels: channels per archetype and kind, linked, plus the default channel. */
export function generateChannels(input: ChannelGenerationInput): ChannelGenerationResult {
  const channels = new Map<string, GeneratedChannel>();
  const tuples: EntryTuple[] = [];
  let best: HighWater = { archetype: 'candidate', kind: '', version: ZERO, name: '' };

  const kinds: StreamKind[] = [];
  if (input.generateMajorChannels) kinds.push('major');
  if (input.generateMinorChannels) kinds.push('minor');

  for (const archetype of ARCHETYPES) {
    const bundles = input.bundles[archetype];
    if (bundles.size === 0) continue;
    // Versions within an archetype are distinct (build-metadata twins are rejected earlier), so this order is total.
    const names = [...bundles.keys()].sort((a, b) =>
      compareVersions(bundles.get(a) as Version, bundles.get(b) as Version),
    );
    for (const name of names) {
      const version = bundles.get(name) as Version;
      for (const kind of kinds) {
        const cName = channelName(archetype, kind, version);
        let ch = channels.get(cName);
        if (!ch) {
          ch = { name: cName, entries: [] };
          channels.set(cName, ch);
          const candidate: HighWater = { archetype, kind, version, name: cName };
          if (beats(candidate, best, input.defaultChannelTypePreference)) best = candidate;
        }
        const entry: GeneratedEntry = { name };
        ch.entries.push(entry);
        tuples.push({ arch: archetype, kind, entry, name, version });
      }
    }
  }

  const linking = input.linking ?? 'edge';
  if (linking === 'edge') link(tuples);
  else
    linkEachChannel(
      channels.values(),
      new Map(tuples.map((t) => [t.name, t.version])),
      linking === 'channel-zmax-skips',
    );
  const sorted = [...channels.values()].sort((a, b) => compareGoStrings(a.name, b.name));
  return { channels: sorted, defaultChannel: best.name };
}
