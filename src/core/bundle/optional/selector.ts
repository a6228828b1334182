/**
 * The label selector `operator-sdk bundle validate --select-optional` takes, parsed as its
 * labels.Parse does (kube/label-selector-parse.ts): requirements separated by commas, all of which
 * must match — `key=value`, `key==value`, `key!=value`, `key in (a,b)`, `key notin (a,b)`, `key`
 * (exists), `!key`, `key>1`, `key<1` — with apimachinery's error texts.
 */
import { labelSelectorString, parseLabelRequirements } from '../../kube/label-selector-parse';
import type { Requirement } from '../../kube/label-selector';

export class SelectorError extends Error {}

export interface ParsedSelector {
  /** One predicate per requirement; none for an empty selector. */
  checks: Requirement[];
  /** Selector.String(): how operator-sdk quotes the selector (sorted, no spaces). */
  text: string;
}

/** The selector parsed; throws labels.Parse's error. */
export function parseSelector(s: string): ParsedSelector {
  const r = parseLabelRequirements(s);
  if ('error' in r) throw new SelectorError(r.error);
  return { checks: r.map((x) => x.check), text: labelSelectorString(r) };
}

export function matches(sel: ParsedSelector, labels: Readonly<Record<string, string>>): boolean {
  return sel.checks.every((r) => r(labels));
}
