import type { ChannelOverlay } from './overlay';

/**
 * What changed between two catalogs, per package: the data behind `fbc-studio diff`, its JSON, the
 * Markdown summary and the app's Compare view. Only what changed is kept: an unchanged package or
 * channel is absent, so an empty `packages` list means "same catalog" to a reviewer.
 */

export type DiffStatus = 'added' | 'removed' | 'changed';

/** A value before and after; null where that side has none (e.g. no default channel, no package). */
export interface Moved<T> {
  old: T | null;
  new: T | null;
}

/** Every value of one property type on a bundle, each as compact JSON (long values cut). */
export interface PropertyChange {
  type: string;
  old: string[];
  new: string[];
}

export interface BundleChange {
  name: string;
  /** Same name, different image: a re-tag, which users on that name silently get. */
  image?: Moved<string>;
  version?: Moved<string>;
  properties: PropertyChange[];
  /** The olm.deprecations message for this bundle, before and after. */
  deprecation?: Moved<string>;
}

export interface EntryChange {
  name: string;
  replaces?: Moved<string>;
  skips?: Moved<string[]>;
  skipRange?: Moved<string>;
}

/** What one side has that the other has not, by name, and what both have but differently. */
export interface Changes<C> {
  added: string[];
  removed: string[];
  changed: C[];
}

export interface ChannelDiff {
  name: string;
  status: DiffStatus;
  /** The channel head (several heads joined by ", "), before and after. */
  head: Moved<string>;
  entries: Changes<EntryChange>;
  deprecation?: Moved<string>;
}

export interface PackageDiff {
  name: string;
  status: DiffStatus;
  defaultChannel: Moved<string>;
  bundles: Changes<BundleChange>;
  channels: ChannelDiff[];
  deprecation?: Moved<string>;
}

export type ImpactKind =
  /** Users on the bundle could reach the channel head and no longer can. */
  | 'no-path'
  /** Their next hop is another bundle (or none). */
  | 'next-hop'
  /** Their next hop is a bundle that is now deprecated. */
  | 'lands-deprecated'
  /** The bundle is gone from the channel (pruned). */
  | 'removed'
  /** Same bundle name, another image. */
  | 'retag'
  /** The channel is gone: subscriptions to it have nothing to resolve. */
  | 'channel-removed'
  /** The package's default channel no longer exists. */
  | 'default-channel-gone'
  /** The whole package is gone. */
  | 'package-removed';

export interface ImpactItem {
  package: string;
  /** The old catalog's channel the users subscribe to; null for package-wide items. */
  channel: string | null;
  /** The installed bundle; null for channel- or package-wide items. */
  bundle: string | null;
  kind: ImpactKind;
  /** Whether this holds under OLM v0 (catalog operator) and OLM v1 (operator-controller). */
  v0: boolean;
  v1: boolean;
  /** One sentence saying why. */
  why: string;
}

export interface CatalogDiff {
  packages: PackageDiff[];
  impact: ImpactItem[];
  /** Each changed channel's graph before and after as one (overlay.ts). */
  overlays: ChannelOverlay[];
}
