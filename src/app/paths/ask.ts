import type { PathQuery } from '../../core/service/paths-views';
import { catalogClient } from '../../worker/client';
import { useApp } from '../state/store';
import { navigate } from '../state/url';
import { usePaths } from './store';

/** Asking the worker (loaded on the first question): the path, who reaches a bundle, clearing. */

let latest = 0;

/** Shows the channel the answer is about, keeping the selected bundle when it is in the path. */
function showChannel(pkg: string, channel: string, bundle?: string): void {
  const here = new URLSearchParams(location.search);
  if (here.get('pkg') === pkg && here.get('ch') === channel) return;
  navigate({ pkg, ch: channel, bundle });
}

/** `follow`: show the answer's channel (not when an edit re-asks an old question). */
export async function askPath(q: PathQuery, opts: { follow?: boolean } = {}): Promise<void> {
  const mine = ++latest;
  const { set } = usePaths.getState();
  set({ busy: true, error: undefined });
  const generation = useApp.getState().summary?.generation;
  const r = await catalogClient().getUpgradePath(q);
  if (mine !== latest) return;
  if ('error' in r) {
    set({ busy: false, error: r.error, answer: undefined, who: undefined, query: q, generation });
    return;
  }
  // When the two semantics agree there is one path; otherwise keep the one the user was looking at.
  set({ busy: false, answer: r, who: undefined, query: q, generation });
  if (opts.follow !== false) showChannel(r.package, r.channel, r.from.name);
}

export async function askWhoReaches(pkg: string, channel: string, target: string): Promise<void> {
  const mine = ++latest;
  const { set } = usePaths.getState();
  set({ busy: true, error: undefined });
  const generation = useApp.getState().summary?.generation;
  const r = await catalogClient().getWhoReaches(pkg, channel, target);
  if (mine !== latest) return;
  if ('error' in r) set({ busy: false, error: r.error, who: undefined, answer: undefined, generation });
  else set({ busy: false, who: r, answer: undefined, query: undefined, generation });
}

export function clearPaths(): void {
  latest++;
  usePaths
    .getState()
    .set({ answer: undefined, who: undefined, error: undefined, query: undefined, busy: false });
}
