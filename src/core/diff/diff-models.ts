import { analyzeChannel } from '../model/channel-head';
import { compareGoStrings } from '../model/go-format';
import type { Deprecation, Model, ModelBundle, ModelChannel, ModelPackage } from '../model/types';
import { formatVersion } from '../semver';
import type {
  BundleChange,
  Changes,
  ChannelDiff,
  DiffStatus,
  EntryChange,
  Moved,
  PackageDiff,
  PropertyChange,
} from './types';

/**
 * The structural half of a catalog diff: packages, bundles, channels and entries that differ
 * between two validated models (partial models of invalid catalogs work too). Names are sorted so
 * the result does not depend on file order and diff(B, A) is exactly diff(A, B) inverted.
 */

/** Property values longer than this are cut: bundle objects are whole manifests in base64. */
const VALUE_LIMIT = 160;

export interface DiffOptions {
  /** Property values longer than this many characters are cut (VALUE_LIMIT; Infinity keeps them whole). */
  valueLimit?: number;
}

const sorted = (names: Iterable<string>): string[] => [...names].sort(compareGoStrings);

function moved<T>(a: T | null, b: T | null, same: (x: T, y: T) => boolean): Moved<T> | undefined {
  if (a === null && b === null) return undefined;
  if (a !== null && b !== null && same(a, b)) return undefined;
  return { old: a, new: b };
}
const eq = <T>(x: T, y: T): boolean => x === y;
const sameList = (x: string[], y: string[]): boolean =>
  x.length === y.length && x.every((v, i) => v === y[i]);
const message = (d: Deprecation | undefined): string | null => (d ? d.message : null);

/** One bundle per name across a package's channels (a bundle in two channels is two model objects). */
export function packageBundles(pkg: ModelPackage | undefined): Map<string, ModelBundle> {
  const out = new Map<string, ModelBundle>();
  if (!pkg) return out;
  for (const ch of pkg.channels.values())
    for (const b of ch.bundles.values()) if (!out.has(b.name)) out.set(b.name, b);
  return out;
}

export function versionText(b: ModelBundle): string | null {
  if (!b.version) return null;
  return formatVersion(b.version) + (b.release ? ` (release ${b.release})` : '');
}

/** The channel head as a reviewer reads it: one name, or several joined, or null for none. */
export function headText(ch: ModelChannel | undefined): string | null {
  if (!ch) return null;
  const { heads } = analyzeChannel(ch);
  return heads.length === 0 ? null : heads.join(', ');
}

function cut(s: string, limit: number): string {
  return s.length > limit ? `${s.slice(0, limit)}… (${s.length} chars)` : s;
}

function propertyValues(b: ModelBundle): Map<string, string[]> {
  const out = new Map<string, string[]>();
  for (const p of b.properties) {
    // The version has its own line; olm.package would repeat it.
    if (p.type === 'olm.package') continue;
    const list = out.get(p.type) ?? [];
    list.push(JSON.stringify(p.value) ?? 'null');
    out.set(p.type, list);
  }
  for (const list of out.values()) list.sort();
  return out;
}

function propertyChanges(a: ModelBundle, b: ModelBundle, limit: number): PropertyChange[] {
  const pa = propertyValues(a);
  const pb = propertyValues(b);
  const out: PropertyChange[] = [];
  for (const type of sorted(new Set([...pa.keys(), ...pb.keys()]))) {
    const va = pa.get(type) ?? [];
    const vb = pb.get(type) ?? [];
    // Compared whole (two long values may differ past the cut), shown cut.
    if (!sameList(va, vb))
      out.push({ type, old: va.map((v) => cut(v, limit)), new: vb.map((v) => cut(v, limit)) });
  }
  return out;
}

function bundleChange(a: ModelBundle, b: ModelBundle, limit: number): BundleChange | undefined {
  const change: BundleChange = { name: a.name, properties: propertyChanges(a, b, limit) };
  const image = moved(a.image, b.image, eq);
  if (image) change.image = image;
  const version = moved(versionText(a), versionText(b), eq);
  if (version) change.version = version;
  const dep = moved(message(a.deprecation), message(b.deprecation), eq);
  if (dep) change.deprecation = dep;
  const changed = image || version || dep || change.properties.length > 0;
  return changed ? change : undefined;
}

function entryChange(a: ModelBundle, b: ModelBundle): EntryChange | undefined {
  const change: EntryChange = { name: a.name };
  const replaces = moved(a.replaces, b.replaces, eq);
  if (replaces) change.replaces = replaces;
  const skips = moved(sorted(a.skips), sorted(b.skips), sameList);
  if (skips) change.skips = skips;
  const skipRange = moved(a.skipRange, b.skipRange, eq);
  if (skipRange) change.skipRange = skipRange;
  return replaces || skips || skipRange ? change : undefined;
}

function statusOf(a: unknown, b: unknown): DiffStatus {
  return a === undefined ? 'added' : b === undefined ? 'removed' : 'changed';
}

/** The names only one side has, sorted, and the changes of those both have (in name order). */
function changes<T, C>(
  a: ReadonlyMap<string, T>,
  b: ReadonlyMap<string, T>,
  change: (x: T, y: T) => C | undefined,
): Changes<C> {
  const out: Changes<C> = {
    added: sorted([...b.keys()].filter((n) => !a.has(n))),
    removed: sorted([...a.keys()].filter((n) => !b.has(n))),
    changed: [],
  };
  for (const n of sorted(a.keys())) {
    const y = b.get(n);
    const c = y === undefined ? undefined : change(a.get(n) as T, y);
    if (c) out.changed.push(c);
  }
  return out;
}

const anyChange = (c: Changes<unknown>): boolean => c.added.length + c.removed.length + c.changed.length > 0;

/** The deprecation message of a channel or package, before and after, where it moved. */
const deprecationMoved = (
  a: { deprecation?: Deprecation | undefined } | undefined,
  b: { deprecation?: Deprecation | undefined } | undefined,
): Moved<string> | undefined => moved(message(a?.deprecation), message(b?.deprecation), eq);

function diffChannel(
  name: string,
  a: ModelChannel | undefined,
  b: ModelChannel | undefined,
): ChannelDiff | undefined {
  const none = new Map<string, ModelBundle>();
  const entries = changes(a?.bundles ?? none, b?.bundles ?? none, entryChange);
  const head = { old: headText(a), new: headText(b) };
  const diff: ChannelDiff = { name, status: statusOf(a, b), head, entries };
  const dep = deprecationMoved(a, b);
  if (dep) diff.deprecation = dep;
  const changed =
    diff.status !== 'changed' || head.old !== head.new || anyChange(entries) || dep !== undefined;
  return changed ? diff : undefined;
}

function diffPackage(
  name: string,
  a: ModelPackage | undefined,
  b: ModelPackage | undefined,
  limit: number,
): PackageDiff | undefined {
  const bundles = changes(packageBundles(a), packageBundles(b), (x, y) => bundleChange(x, y, limit));
  const channels: ChannelDiff[] = [];
  const names = sorted(new Set([...(a?.channels.keys() ?? []), ...(b?.channels.keys() ?? [])]));
  for (const c of names) {
    const d = diffChannel(c, a?.channels.get(c), b?.channels.get(c));
    if (d) channels.push(d);
  }
  const defaultChannel = {
    old: a ? a.defaultChannel || null : null,
    new: b ? b.defaultChannel || null : null,
  };
  const diff: PackageDiff = { name, status: statusOf(a, b), defaultChannel, bundles, channels };
  const dep = deprecationMoved(a, b);
  if (dep) diff.deprecation = dep;
  const changed =
    diff.status !== 'changed' ||
    defaultChannel.old !== defaultChannel.new ||
    anyChange(bundles) ||
    channels.length > 0 ||
    dep !== undefined;
  return changed ? diff : undefined;
}

/** Every package that differs between `before` and `after`, by name. */
export function diffModels(before: Model, after: Model, options: DiffOptions = {}): PackageDiff[] {
  const out: PackageDiff[] = [];
  const limit = options.valueLimit ?? VALUE_LIMIT;
  for (const name of sorted(new Set([...before.packages.keys(), ...after.packages.keys()]))) {
    const d = diffPackage(name, before.packages.get(name), after.packages.get(name), limit);
    if (d) out.push(d);
  }
  return out;
}
