/**
 * The catalog's views, as the UI reads them from the worker: react-query hooks cached per catalog
 * generation (every key starts with the generation, so a new catalog or an edited file never shows
 * stale data, and nothing needs manual invalidation), and plain async functions for reads made
 * outside React (menus, the editor, the lazily loaded panels).
 *
 * This is one of the client modules (src/worker/client.ts): components never call the worker
 * directly. To read something new, add a request to src/protocol/catalog-protocol.ts, implement
 * it in the worker, and add its hook or function here.
 */
import { QueryClient, useQuery, keepPreviousData } from '@tanstack/react-query';
import type { MermaidExportOptions, Semantics } from '../../protocol/catalog-protocol';
import { catalogClient } from '../../worker/client';
import { fetchDiagnostics } from './perf-diagnostics';
import { useGeneration } from './store';

export const queryClient = new QueryClient({
  defaultOptions: {
    queries: { staleTime: Infinity, gcTime: 5 * 60_000, retry: false, refetchOnWindowFocus: false },
  },
});

/** The repository view's cache key: per generation, since an edit changes its catalog's verdict. */
export const repositoryKey = (generation: number | undefined) => ['repository', generation] as const;

/**
 * While the catalog is edited (a new generation per change), the same item keeps showing its
 * previous data until the new one arrives, so the graph and panels do not blink. `key` is the query
 * key without the generation; another item never borrows this one's data.
 */
function sameItem(key: readonly unknown[]) {
  return <T>(prev: T | undefined, prevQuery: { queryKey: readonly unknown[] } | undefined): T | undefined =>
    prevQuery &&
    JSON.stringify([prevQuery.queryKey[0], ...prevQuery.queryKey.slice(2)]) === JSON.stringify(key)
      ? prev
      : undefined;
}

export function usePackageList() {
  const gen = useGeneration();
  return useQuery({
    queryKey: ['packages', gen],
    queryFn: () => catalogClient().getPackageList(),
    enabled: gen !== undefined,
    placeholderData: keepPreviousData,
  });
}

/**
 * One item's view (a package, a channel, a bundle…): keyed by the generation and the item's
 * arguments, asked only once every argument is known, showing the same item's previous data while
 * an edit's new generation loads (sameItem).
 */
function useItemQuery<T>(
  kind: string,
  args: readonly (string | undefined)[],
  fetch: (...args: string[]) => Promise<T>,
) {
  const gen = useGeneration();
  return useQuery({
    queryKey: [kind, gen, ...args],
    queryFn: () => fetch(...args.map((a) => a ?? '')),
    enabled: gen !== undefined && args.every((a) => !!a),
    placeholderData: sameItem([kind, ...args]),
  });
}

export const usePackage = (name: string | undefined) =>
  useItemQuery('package', [name], (n) => catalogClient().getPackage(n));

export const useChannel = (pkg: string | undefined, channel: string | undefined) =>
  useItemQuery('channel', [pkg, channel], (p, c) => catalogClient().getChannel(p, c));

export const useBundle = (pkg: string | undefined, bundle: string | undefined) =>
  useItemQuery('bundle', [pkg, bundle], (p, b) => catalogClient().getBundle(p, b));

export function useDiagnostics() {
  const gen = useGeneration();
  return useQuery({
    queryKey: ['diagnostics', gen],
    // The generation comes from the key (not this render's closure): showGeneration re-keys it.
    queryFn: ({ queryKey }) => fetchDiagnostics(queryKey[1] as number), // in slices (perf-diagnostics.ts)
    enabled: gen !== undefined,
    placeholderData: keepPreviousData,
  });
}

export const usePackageGraph = (pkg: string | undefined) =>
  useItemQuery('package-graph', [pkg], async (p) => {
    const [graph, info] = await Promise.all([
      catalogClient().getPackageGraph(p),
      catalogClient().getPackage(p),
    ]);
    return graph ? { ...graph, package: pkg, defaultChannel: info?.defaultChannel } : null;
  });

// Reads outside React.
export const fetchBundle = (pkg: string, name: string) => catalogClient().getBundle(pkg, name);
export const fetchChannel = (pkg: string, channel: string) => catalogClient().getChannel(pkg, channel);
export const fetchSwitchMatrix = (pkg: string, semantics: Semantics) =>
  catalogClient().getSwitchMatrix(pkg, semantics);
export const fetchImpact = () => catalogClient().getImpact();
export const exportMermaid = (opts: MermaidExportOptions) => catalogClient().exportMermaid(opts);
/** A file's new text re-validated outside the edit history (the paths tests' hook). */
export const replaceFileText = (path: string, text: string) => catalogClient().updateFile(path, text);
