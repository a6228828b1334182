import type { PathQuery } from '../../protocol/catalog-protocol';
import { catalogClient } from '../../worker/client';
import { useApp } from '../state/store';
import { navigate } from '../state/url';
import { answersCleared, pathAnswered, questionAsked, reachersAnswered } from './store';

/**
 * Asking the worker (loaded on the first question): the path, who reaches a bundle, clearing. One
 * of the client modules (src/worker/client.ts): the paths questions of the catalog protocol are
 * sent from here only.
 */

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
