import { channelHead } from '../model/channel-head';
import type { ModelPackage } from '../model/types';
import { formatVersion } from '../semver';
import { byOcpVersion } from '../workspace/ocp-version';
import type { MatrixCatalog } from './versions-matrix';

/**
 * Every package of a repository across its catalogs (the repository overview's matrix): rows are
 * packages, columns the catalogs in OpenShift version order, and each cell says what a user installs
 * there (the default channel and its head) and what changed from the previous version that has the
 * package — so the eye goes to the differences, not to seven copies of the same text.
 */
export interface PackageAcrossCell {
  defaultChannel: string;
  /** The default channel's head(s): more than one is opm's error, shown as it is. */
  heads: string[];
  /** The head's version when there is one head with an olm.package version. */
  headVersion?: string;
  channels: number;
  bundles: number;
  /** Against the previous catalog holding the package; absent for the first. */
  change?: PackageChange;
}

export interface PackageChange {
  /** The previous default channel, when it differs. */
  defaultChannel?: string;
  /** The previous default channel's head, when it differs. */
  head?: string;
  /** Bundles this catalog has and the previous one does not, and the reverse. */
  added: string[];
  dropped: string[];
  /** The package is back after a version without it. */
  returned?: boolean;
}

export interface PackagesAcrossView {
  columns: { catalog: string; ocpVersion: string | null }[];
  /** By package name; `changes`: how many cells differ from their previous one (0: the same everywhere). */
  rows: { package: string; cells: (PackageAcrossCell | null)[]; changes: number }[];
}

function cellOf(p: ModelPackage): PackageAcrossCell & { names: Set<string> } {
  const names = new Set<string>();
  for (const ch of p.channels.values()) for (const b of ch.bundles.keys()) names.add(b);
  const def = p.channels.get(p.defaultChannel);
  const heads = def ? channelHead(def).heads : [];
  const head = heads.length === 1 ? def?.bundles.get(heads[0]!) : undefined;
  const version = head?.version ? formatVersion(head.version) : undefined;
  return {
    defaultChannel: p.defaultChannel,
    heads,
    ...(version && { headVersion: version }),
    channels: p.channels.size,
    bundles: names.size,
    names,
  };
}

const isChange = (c: PackageChange) =>
  c.added.length > 0 ||
  c.dropped.length > 0 ||
  c.defaultChannel !== undefined ||
  c.head !== undefined ||
  c.returned === true;

const headLabel = (c: PackageAcrossCell) => c.headVersion ?? c.heads.join(', ');

export function packagesAcross(catalogs: readonly MatrixCatalog[]): PackagesAcrossView {
  const sorted = [...catalogs].sort((a, b) =>
    byOcpVersion({ ocpVersion: a.ocpVersion, path: a.id }, { ocpVersion: b.ocpVersion, path: b.id }),
  );
  const names = new Set<string>();
  for (const c of sorted) for (const p of c.context.model.packages.keys()) names.add(p);
  const rows = [...names].sort().map((name) => {
    let previous: (PackageAcrossCell & { names: Set<string> }) | undefined;
    let gap = false;
    let changes = 0;
    const cells = sorted.map((c) => {
      const p = c.context.model.packages.get(name);
      if (!p) {
        if (previous) gap = true;
        return null;
      }
      const cell = cellOf(p);
      if (previous) {
        const change: PackageChange = {
          added: [...cell.names].filter((n) => !previous!.names.has(n)).sort(),
          dropped: [...previous.names].filter((n) => !cell.names.has(n)).sort(),
        };
        if (previous.defaultChannel !== cell.defaultChannel) change.defaultChannel = previous.defaultChannel;
        if (headLabel(previous) !== headLabel(cell)) change.head = headLabel(previous);
        if (gap) change.returned = true;
        cell.change = change;
        if (isChange(change)) changes++;
      }
      previous = cell;
      gap = false;
      const { names: _, ...shown } = cell;
      return shown;
    });
    // A package that leaves before the newest version is a change too.
    if (cells.at(-1) === null) changes++;
    return { package: name, cells, changes };
  });
  return { columns: sorted.map((c) => ({ catalog: c.id, ocpVersion: c.ocpVersion })), rows };
}
