import { QueryObserver } from '@tanstack/react-query';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import type { CatalogSummary } from '../../../src/core/service/views';

// The store reads the system theme when it is created; Node has no matchMedia or storage.
vi.stubGlobal('matchMedia', () => ({ matches: false, addEventListener() {}, removeEventListener() {} }));
vi.stubGlobal('localStorage', { getItem: () => null, setItem() {} });

let showGeneration: typeof import('../../../src/app/state/show-generation').showGeneration;
let queryClient: typeof import('../../../src/app/state/queries').queryClient;
let useApp: typeof import('../../../src/app/state/store').useApp;
let showSummary: typeof import('../../../src/app/state/store').showSummary;
beforeAll(async () => {
  ({ showGeneration } = await import('../../../src/app/state/show-generation'));
  ({ queryClient } = await import('../../../src/app/state/queries'));
  ({ useApp, showSummary } = await import('../../../src/app/state/store'));
});

// The first answer only has to arrive (vi.waitFor's own 1 s can pass on a busy machine).
const FIRST_ANSWER = { timeout: 15_000 };

const summary = (generation: number) => ({ generation, name: 'c' }) as CatalogSummary;

/** A view on screen: an observed query keyed by generation, answering after `ms`. */
function watch(kind: string, item: string, ms = 5) {
  const fetched: number[] = [];
  const observer = new QueryObserver(queryClient, {
    queryKey: [kind, useApp.getState().summary!.generation, item],
    queryFn: async ({ queryKey }) => {
      fetched.push(queryKey[1] as number);
      await new Promise((r) => setTimeout(r, ms));
      return `${item}@${String(queryKey[1])}`;
    },
  });
  const stop = observer.subscribe(() => undefined);
  return { fetched, stop };
}

describe('showGeneration (an edit reaches the screen in one render)', () => {
  it('fetches the views on screen for the new generation before switching to it', async () => {
    queryClient.clear();
    showSummary(summary(1));
    const channel = watch('channel', 'etcd/stable');
    const pkg = watch('package', 'etcd', 20);
    await vi.waitFor(
      () => expect(queryClient.getQueryData(['package', 1, 'etcd'])).toBe('etcd@1'),
      FIRST_ANSWER,
    );
    // At the moment the summary switches, every view of the new generation is already there.
    const seenAtSwitch: unknown[] = [];
    const unsub = useApp.subscribe((s) => {
      if (s.summary?.generation === 2)
        seenAtSwitch.push(
          queryClient.getQueryData(['channel', 2, 'etcd/stable']),
          queryClient.getQueryData(['package', 2, 'etcd']),
        );
    });
    await showGeneration(summary(2));
    unsub();
    expect(useApp.getState().summary?.generation).toBe(2);
    expect(seenAtSwitch).toEqual(['etcd/stable@2', 'etcd@2']);
    expect(pkg.fetched).toEqual([1, 2]);
    channel.stop();
    pkg.stop();
  });

  it('never goes back to an older generation that finishes later', async () => {
    queryClient.clear();
    showSummary(summary(5));
    const slow = watch('package', 'etcd', 30);
    await vi.waitFor(
      () => expect(queryClient.getQueryData(['package', 5, 'etcd'])).toBe('etcd@5'),
      FIRST_ANSWER,
    );
    const older = showGeneration(summary(6));
    showSummary(summary(7)); // a newer edit was shown meanwhile
    await older;
    expect(useApp.getState().summary?.generation).toBe(7);
    slow.stop();
  });
});
