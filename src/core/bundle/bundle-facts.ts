/**
 * What a bundle directory says about where it goes in a catalog: its name, package and version,
 * and the upgrade edges its CSV declares (`spec.replaces`, `spec.skips`, the `olm.skipRange`
 * annotation) plus the channels its annotations list. These are what `opm migrate` and the
 * registry-based index builds used to derive channel entries from; a file-based catalog has to be
 * told them, so they become the proposal for the new entries (propose-entries.ts).
 */
import { CHANNELS_LABEL, DEFAULT_CHANNEL_LABEL, PACKAGE_LABEL } from './checks';
import { bundleCsv, dig, type BundleDir } from './read-bundle';

export interface BundleFacts {
  /** The CSV's metadata.name: the bundle's name in the catalog. */
  name: string;
  package: string;
  /** The CSV's spec.version as written ('' when missing). */
  version: string;
  replaces: string;
  skips: string[];
  skipRange: string;
  /** The channels annotation, split on commas (empty entries dropped). */
  channels: string[];
  defaultChannel: string;
}

const str = (v: unknown): string => (typeof v === 'string' ? v.trim() : '');

/** The facts of a bundle directory; undefined when it has no CSV that decoded. */
export function bundleFacts(dir: BundleDir): BundleFacts | undefined {
  const csv = bundleCsv(dir)?.object;
  if (!csv) return undefined;
  const skips = dig(csv, 'spec', 'skips');
  const channels = (dir.annotations?.[CHANNELS_LABEL] ?? '')
    .split(',')
    .map((c) => c.trim())
    .filter((c) => c !== '');
  return {
    name: str(dig(csv, 'metadata', 'name')),
    package: str(dir.annotations?.[PACKAGE_LABEL]),
    version: str(dig(csv, 'spec', 'version')),
    replaces: str(dig(csv, 'spec', 'replaces')),
    skips: Array.isArray(skips) ? skips.map(str).filter((s) => s !== '') : [],
    skipRange: str(dig(csv, 'metadata', 'annotations', 'olm.skipRange')),
    channels: [...new Set(channels)],
    defaultChannel: str(dir.annotations?.[DEFAULT_CHANNEL_LABEL]),
  };
}
