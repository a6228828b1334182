/**
 * A folder that is a Crossplane package or a Fleet bundle, as the UI reaches it (one of the client
 * modules listed in src/worker/client.ts): its findings and its graph or target matrix. Loaded with
 * the catalog overview, never with the initial JS.
 */
import { useQuery } from '@tanstack/react-query';
import type { BesideView } from '../../core/beside/beside-view';
import { catalogClient } from '../../worker/client';
import { useSummary } from '../state/store';

export function useBeside() {
  const summary = useSummary();
  return useQuery<BesideView | null>({
    queryKey: ['beside', summary?.name, summary?.generation],
    queryFn: async () => (await catalogClient().getBeside()) as BesideView | null,
    enabled: !!summary,
    staleTime: Infinity,
    // An edit's new generation keeps the view on screen until its update comes (forms keep their state).
    placeholderData: (previous) => previous,
  });
}
