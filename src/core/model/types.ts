import type { BlobOrigin } from '../location';
import type { Property, RelatedImage } from '../declcfg/types';
import type { Version } from '../semver/version';

/**
 * The validated model (operator-registry `alpha/model`): packages → channels → bundles. As in
 * opm, a bundle listed in two channels is two `ModelBundle` objects (one per channel, each with
 * that channel's replaces/skips/skipRange). Maps keep insertion (load) order.
 */

export interface Deprecation {
  message: string;
  /** The olm.deprecations blob and the entry index that deprecates this object. */
  origin: BlobOrigin;
  entryIndex: number;
  /** The olm.deprecations blob's decoded value (for diagnostic paths). */
  raw?: Record<string, unknown>;
}

export interface ModelPackage {
  name: string;
  description: string;
  icon?: { base64data: string; mediatype: string };
  /** Name of the default channel ('' when unset). */
  defaultChannel: string;
  channels: Map<string, ModelChannel>;
  deprecation?: Deprecation;
  origin: BlobOrigin;
  /** The olm.package blob's decoded value (for diagnostic paths). */
  raw?: Record<string, unknown>;
}

export interface ModelChannel {
  package: string;
  name: string;
  /** Entry name → bundle, in entry order. */
  bundles: Map<string, ModelBundle>;
  deprecation?: Deprecation;
  /** The olm.channel blob; undefined for the synthetic channel opm creates for a missing defaultChannel. */
  origin?: BlobOrigin;
  /** The olm.channel blob's decoded value (for diagnostic paths into `entries`). */
  raw?: Record<string, unknown>;
}

export interface ModelBundle {
  package: string;
  channel: string;
  name: string;
  image: string;
  replaces: string;
  skips: string[];
  skipRange: string;
  properties: Property[];
  relatedImages: RelatedImage[];
  /**
   * Parsed olm.package version; undefined when the bundle blob is missing (R35 quirk: opm then uses
   * the zero version 0.0.0) or, in a model built past stage-B errors, when the blob's version is bad.
   */
  version?: Version;
  /** olm.package `release`, '' when unset. */
  release: string;
  deprecation?: Deprecation;
  /** The olm.bundle blob (undefined when an entry has no bundle blob). */
  origin?: BlobOrigin;
  /** The olm.channel blob holding this entry, and the entry's index in `entries`. */
  entryOrigin?: BlobOrigin;
  entryIndex: number;
  /** The olm.bundle blob's decoded value (for diagnostic paths). */
  raw?: Record<string, unknown>;
}

export interface Model {
  packages: Map<string, ModelPackage>;
}
