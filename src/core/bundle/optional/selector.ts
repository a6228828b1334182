/**
 * The label selector `operator-sdk bundle validate --select-optional` takes, parsed as its
 * labels.Parse does (kube/label-selector-parse.ts): requirements separated by commas, all of which
 * must match — `key=value`, `key==value`, `key!=value`, `key in (a,b)`, `key notin (a,b)`, `key`
 * (exists), `!key`, `key>1`, `key<1` — with apimachinery's error texts.
 */
import { parseLabelSelector } from '../../kube/label-selector-parse';
import type { Requirement } from '../../kube/label-selector';

export type { Requirement };

export class SelectorError extends Error {}

/** The selector's requirements (none when empty); throws labels.Parse's error. */
export function parseSelector(s: string): Requirement[] {
  const r = parseLabelSelector(s);
  if ('error' in r) throw new SelectorError(r.error);
  return r;
}

export function matches(reqs: readonly Requirement[], labels: Readonly<Record<string, string>>): boolean {
  return reqs.every((r) => r(labels));
}
