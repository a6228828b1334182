import type { DeclarativeConfig } from '../declcfg/types';
import type { EditContext } from '../edit/action';
import { lifecyclesOf } from '../lifecycle/check';
import { lifecycleVersionFor, phaseOn } from '../lifecycle/schema';
import { channelHead } from '../model/channel-head';
import { compareVersions, formatVersion, type Version } from '../semver';
import { byOcpVersion } from '../workspace/ocp-version';

/**
 * One package across a repository's catalogs: rows are its bundles (newest first), columns the
 * catalogs holding the package in OpenShift version order, and each cell says whether the bundle is
 * there, in which channels, whether it heads one, sits in the default channel, or is deprecated —
 * what a maintainer checks by opening every version's catalog in turn.
 */
export interface VersionsMatrixCell {
  channels: string[];
  /** Channels this bundle is the head of. */
  heads: string[];
  inDefault: boolean;
  deprecated: boolean;
  /** From the catalog's lifecycle blob for the package, when it covers this bundle's MAJOR.MINOR. */
  lifecycle?: CellLifecycle;
}

export interface CellLifecycle {
  /** The lifecycle version (MAJOR.MINOR) covering the bundle. */
  version: string;
  /** The support phase on the day asked about, with its end; none before the first or after the last phase. */
  phase?: { name: string; endDate: string };
  /** The last phase's end: past it, the version is out of support. */
  endOfLife?: string;
  /** Declared OpenShift compatibility (empty: none declared). */
  openshift: string[];
  /** The catalog is for an OpenShift version the bundle's compatibility leaves out. */
  outsideOpenShift: boolean;
}

export interface VersionsMatrixColumn {
  catalog: string;
  ocpVersion: string | null;
  defaultChannel: string;
}

export interface VersionsMatrixView {
  package: string;
  columns: VersionsMatrixColumn[];
  rows: { bundle: string; version?: string; cells: (VersionsMatrixCell | null)[] }[];
}

export interface MatrixCatalog {
  id: string;
  ocpVersion: string | null;
  context: Pick<EditContext, 'model'> & { dc?: DeclarativeConfig };
}

/** `today` (YYYY-MM-DD) picks each lifecycle's current support phase. */
export function versionsMatrix(
  pkg: string,
  catalogs: readonly MatrixCatalog[],
  today = new Date().toISOString().slice(0, 10),
): VersionsMatrixView {
  const holding = catalogs
    .filter((c) => c.context.model.packages.has(pkg))
    .sort((a, b) =>
      byOcpVersion({ ocpVersion: a.ocpVersion, path: a.id }, { ocpVersion: b.ocpVersion, path: b.id }),
    );
  const versions = new Map<string, Version | undefined>();
  const columns: VersionsMatrixColumn[] = [];
  const cellsByCatalog: Map<string, VersionsMatrixCell>[] = [];
  for (const c of holding) {
    const p = c.context.model.packages.get(pkg)!;
    columns.push({ catalog: c.id, ocpVersion: c.ocpVersion, defaultChannel: p.defaultChannel });
    const cells = new Map<string, VersionsMatrixCell>();
    const lifecycle = c.context.dc ? lifecyclesOf(c.context.dc).get(pkg)?.lifecycle : undefined;
    for (const ch of p.channels.values()) {
      const heads = new Set(channelHead(ch).heads);
      for (const b of ch.bundles.values()) {
        if (!versions.has(b.name) || (b.version && !versions.get(b.name))) versions.set(b.name, b.version);
        let cell = cells.get(b.name);
        if (!cell) {
          cell = { channels: [], heads: [], inDefault: false, deprecated: false };
          const lv =
            lifecycle && b.version ? lifecycleVersionFor(lifecycle, formatVersion(b.version)) : undefined;
          if (lv) {
            const openshift = lv.platforms.openshift ?? [];
            const phase = phaseOn(lv, today);
            const last = lv.phases[lv.phases.length - 1];
            cell.lifecycle = {
              version: lv.name,
              ...(phase ? { phase: { name: phase.name, endDate: phase.endDate } } : {}),
              ...(last?.endDate ? { endOfLife: last.endDate } : {}),
              openshift,
              outsideOpenShift:
                c.ocpVersion !== null && openshift.length > 0 && !openshift.includes(c.ocpVersion),
            };
          }
          cells.set(b.name, cell);
        }
        cell.channels.push(ch.name);
        if (heads.has(b.name)) cell.heads.push(ch.name);
        if (ch.name === p.defaultChannel) cell.inDefault = true;
        if (b.deprecation) cell.deprecated = true;
      }
    }
    for (const cell of cells.values()) cell.channels.sort();
    cellsByCatalog.push(cells);
  }
  const names = [...versions.keys()].sort((a, b) => {
    const va = versions.get(a);
    const vb = versions.get(b);
    if (va && vb) return compareVersions(vb, va) || (a < b ? -1 : 1);
    if (va || vb) return va ? -1 : 1;
    return a < b ? -1 : 1;
  });
  return {
    package: pkg,
    columns,
    rows: names.map((bundle) => {
      const v = versions.get(bundle);
      const row: VersionsMatrixView['rows'][number] = {
        bundle,
        cells: cellsByCatalog.map((cells) => cells.get(bundle) ?? null),
      };
      if (v) row.version = formatVersion(v);
      return row;
    }),
  };
}
