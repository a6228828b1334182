import type { PathAnswer, PathQuery, QueryError, WhoReachesAnswer } from '../../protocol/catalog-protocol';
import { catalogClient } from '../../worker/client';
import { useApp } from '../state/store';
import { navigate } from '../state/url';
import { usePaths } from './store';

/**
 * Asking the worker (loaded on the first question): the path, who reaches a bundle, clearing. One
 * of the client modules (src/worker/client.ts): the paths questions of the catalog protocol are
 * sent from here only.
 *
 * The answers' store mutations are defined here, not in store.ts: only this module makes them, and
 * it is loaded with the first question, so they cost no initial JS.
 */
const set = usePaths.setState;
const questionAsked = () => set({ busy: true, error: undefined });
/** The upgrade path for `query` on catalog generation `generation`, or why there is none. */
const pathAnswered = (query: PathQuery, generation: number | undefined, r: PathAnswer | QueryError) =>
  set(
    'error' in r
      ? { busy: false, error: r.error, answer: undefined, who: undefined, query, generation }
      : { busy: false, answer: r, who: undefined, query, generation },
  );
const reachersAnswered = (generation: number | undefined, r: WhoReachesAnswer | QueryError) =>
  set(
    'error' in r
      ? { busy: false, error: r.error, who: undefined, answer: undefined, generation }
      : { busy: false, who: r, answer: undefined, query: undefined, generation },
  );
const answersCleared = () =>
  set({ answer: undefined, who: undefined, error: undefined, query: undefined, busy: false });

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
  questionAsked();
  const generation = useApp.getState().summary?.generation;
  const r = await catalogClient().getUpgradePath(q);
  if (mine !== latest) return;
  // When the two semantics agree there is one path; otherwise keep the one the user was looking at.
  pathAnswered(q, generation, r);
  if (!('error' in r) && opts.follow !== false) showChannel(r.package, r.channel, r.from.name);
}

export async function askWhoReaches(pkg: string, channel: string, target: string): Promise<void> {
  const mine = ++latest;
  questionAsked();
  const generation = useApp.getState().summary?.generation;
  const r = await catalogClient().getWhoReaches(pkg, channel, target);
  if (mine !== latest) return;
  reachersAnswered(generation, r);
}

export function clearPaths(): void {
  latest++;
  answersCleared();
}
