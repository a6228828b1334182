/**
 * Compare as the UI reaches it (one of the client modules listed in src/worker/client.ts): what the
 * open catalog can be compared with, and the comparison, computed in the worker. Loaded with the
 * Compare view.
 */
import { useQuery } from '@tanstack/react-query';
import type { CompareReply, CompareRequest } from '../../protocol/catalog-protocol';
import { catalogClient } from '../../worker/client';
import { useSummary } from '../state/store';

export function useCompareTargets() {
  const summary = useSummary();
  return useQuery({
    queryKey: ['compare-targets', summary?.catalog, summary?.name],
    queryFn: () => catalogClient().compareTargets(),
    enabled: !!summary,
    staleTime: Infinity,
  });
}

export function runCompare(against: CompareRequest, swap: boolean): Promise<CompareReply> {
  return catalogClient().compare(against, swap);
}
