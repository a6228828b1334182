import { useEffect, useMemo, useState } from 'react';
import type { EntryRow } from '../../core/service/views';
import type { SortKey } from '../entries/rows';
import type { ChannelGraph, PackageGraphInput } from '../graph/types';
import { pathHighlight, usePaths } from '../paths/store';
import { filtersActive } from './active';
import { useViewOptions } from './store';

const NONE: SortKey[] = [];

type ApplyModule = typeof import('./apply');
let loaded: ApplyModule | undefined;

/** The filtering code, loaded the first time a filter applies (most sessions never set one). */
function useApplyModule(active: boolean): ApplyModule | undefined {
  const [mod, setMod] = useState(loaded);
  useEffect(() => {
    if (!active || mod) return;
    let live = true;
    void import('./apply').then((m) => {
      loaded = m;
      if (live) setMod(m);
    });
    return () => {
      live = false;
    };
  }, [active, mod]);
  return active ? mod : undefined;
}

/**
 * What ChannelArea shows once the view options apply: the filtered graph (channel or whole
 * package), the same filters on the entries table (hidden versions as rows, hidden edge kinds as
 * columns), OLM v0 semantics, presentation mode, and the path answer's highlight.
 */
export function useGraphFilters(
  pkg: string,
  channel: string,
  channelGraph: ChannelGraph | undefined,
  entries: readonly EntryRow[] | undefined,
  packageGraph: PackageGraphInput | null | undefined,
) {
  const { v0Semantics, edgeKinds, windows, presenting } = useViewOptions();
  const paths = usePaths();
  const spec = useMemo(() => ({ edgeKinds, windows }), [edgeKinds, windows]);
  const f = useApplyModule(filtersActive(spec, pkg));
  const table = useMemo(
    () => (channelGraph && f ? f.filterChannelGraph(channelGraph, spec) : channelGraph),
    [channelGraph, spec, f],
  );
  const pkgShown = useMemo(
    () => (packageGraph && f ? f.filterPackageGraph(packageGraph, spec, pkg) : (packageGraph ?? undefined)),
    [packageGraph, spec, pkg, f],
  );
  const rows = useMemo(
    () => (entries && f ? f.filterEntries(entries, pkg, channel, spec) : entries),
    [entries, pkg, channel, spec, f],
  );
  const hideColumns = useMemo(() => {
    const out: SortKey[] = [];
    if (!edgeKinds.replaces) out.push('replaces');
    if (!edgeKinds.skips) out.push('skips');
    if (!edgeKinds.skipRange) out.push('skipRange');
    return out.length ? out : NONE;
  }, [edgeKinds]);
  const hl = pathHighlight(paths, pkg, channel);
  return {
    graph: pkgShown ?? table,
    tableGraph: table,
    entries: rows,
    hideColumns,
    v0Semantics,
    presenting,
    highlight: hl.nodes,
    path: hl.path,
  };
}
