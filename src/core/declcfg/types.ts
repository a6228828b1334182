import type { BlobOrigin } from '../location';

/**
 * The on-disk form ("declcfg" in operator-registry): blobs as written, decoded with Go's
 * encoding/json rules but not yet cross-checked. Every blob keeps its origin, and `raw` keeps
 * the decoded object untouched (unknown fields included) so nothing is lost.
 */

/** A `properties[]` item. `value` is the parsed JSON; `undefined` when the key was missing (fails R27). */
export interface Property {
  type: string;
  value: unknown;
}

export interface DeclPackage {
  schema: 'olm.package';
  name: string;
  defaultChannel: string;
  description: string;
  icon?: { base64data: string; mediatype: string };
  properties: Property[];
  origin: BlobOrigin;
  raw: Record<string, unknown>;
}

export interface DeclChannelEntry {
  name: string;
  replaces: string;
  skips: string[];
  skipRange: string;
}

export interface DeclChannel {
  schema: 'olm.channel';
  package: string;
  name: string;
  entries: DeclChannelEntry[];
  properties: Property[];
  origin: BlobOrigin;
  raw: Record<string, unknown>;
}

export interface RelatedImage {
  name: string;
  image: string;
}

export interface DeclBundle {
  schema: 'olm.bundle';
  package: string;
  name: string;
  image: string;
  properties: Property[];
  relatedImages: RelatedImage[];
  origin: BlobOrigin;
  raw: Record<string, unknown>;
}

export interface DeprecationEntry {
  reference: { schema: string; name: string };
  message: string;
}

export interface DeclDeprecation {
  schema: 'olm.deprecations';
  package: string;
  entries: DeprecationEntry[];
  origin: BlobOrigin;
  raw: Record<string, unknown>;
}

/** A blob with an unknown schema: kept as-is, never validated (fbc-rules §1.6). */
export interface DeclOther {
  schema: string;
  package: string;
  name: string;
  origin: BlobOrigin;
  raw: Record<string, unknown>;
}

export interface DeclarativeConfig {
  packages: DeclPackage[];
  channels: DeclChannel[];
  bundles: DeclBundle[];
  deprecations: DeclDeprecation[];
  others: DeclOther[];
}

export const emptyDeclarativeConfig = (): DeclarativeConfig => ({
  packages: [],
  channels: [],
  bundles: [],
  deprecations: [],
  others: [],
});

/**
 * `from`'s blobs added after `into`'s, list by list (files merged in walk order, a catalog's
 * segments, several directories given to render-graph). Element by element: a 200 MB catalog's
 * lists are too long for a spread call's argument limit.
 */
export function appendConfig(into: DeclarativeConfig, from: DeclarativeConfig): DeclarativeConfig {
  for (const x of from.packages) into.packages.push(x);
  for (const x of from.channels) into.channels.push(x);
  for (const x of from.bundles) into.bundles.push(x);
  for (const x of from.deprecations) into.deprecations.push(x);
  for (const x of from.others) into.others.push(x);
  return into;
}
