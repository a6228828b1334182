/**
 * Worker queries, cached per catalog generation: every key starts with the generation, so a new
 * catalog (or an edited file) never shows stale data, and nothing needs manual invalidation.
 */
import { QueryClient, useQuery, keepPreviousData } from '@tanstack/react-query';
import { catalogClient } from '../../worker/client';
import { useApp } from './store';

export const queryClient = new QueryClient({
  defaultOptions: {
    queries: { staleTime: Infinity, gcTime: 5 * 60_000, retry: false, refetchOnWindowFocus: false },
  },
});

const useGeneration = () => useApp((s) => s.summary?.generation);

export function usePackageList() {
  const gen = useGeneration();
  return useQuery({
    queryKey: ['packages', gen],
    queryFn: () => catalogClient().getPackageList(),
    enabled: gen !== undefined,
    placeholderData: keepPreviousData,
  });
}

export function usePackage(name: string | undefined) {
  const gen = useGeneration();
  return useQuery({
    queryKey: ['package', gen, name],
    queryFn: () => catalogClient().getPackage(name ?? ''),
    enabled: gen !== undefined && !!name,
  });
}

export function useChannel(pkg: string | undefined, channel: string | undefined) {
  const gen = useGeneration();
  return useQuery({
    queryKey: ['channel', gen, pkg, channel],
    queryFn: () => catalogClient().getChannel(pkg ?? '', channel ?? ''),
    enabled: gen !== undefined && !!pkg && !!channel,
  });
}

export function useBundle(pkg: string | undefined, bundle: string | undefined) {
  const gen = useGeneration();
  return useQuery({
    queryKey: ['bundle', gen, pkg, bundle],
    queryFn: () => catalogClient().getBundle(pkg ?? '', bundle ?? ''),
    enabled: gen !== undefined && !!pkg && !!bundle,
  });
}

export function useDiagnostics() {
  const gen = useGeneration();
  return useQuery({
    queryKey: ['diagnostics', gen],
    queryFn: () => catalogClient().getDiagnostics(),
    enabled: gen !== undefined,
    placeholderData: keepPreviousData,
  });
}

export function usePackageGraph(pkg: string | undefined) {
  const gen = useGeneration();
  return useQuery({
    queryKey: ['package-graph', gen, pkg],
    queryFn: async () => {
      const [graph, info] = await Promise.all([
        catalogClient().getPackageGraph(pkg ?? ''),
        catalogClient().getPackage(pkg ?? ''),
      ]);
      return graph ? { ...graph, package: pkg, defaultChannel: info?.defaultChannel } : null;
    },
    enabled: gen !== undefined && !!pkg,
  });
}
