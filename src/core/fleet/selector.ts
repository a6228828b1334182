/**
 * Fleet's cluster and cluster-group selectors as written in fleet.yaml or a Bundle: read into a
 * Kubernetes LabelSelector, every requirement checked as apimachinery checks it (kube/label-selector),
 * each problem at its place in the selector. A selector Fleet cannot turn into a labels.Selector
 * targets nothing (the controller's matcher fails), so it matches no cluster here either.
 */
import { isRecord } from '../kube/yaml-docs';
import { labelSelectorAsSelector, selectorRequirements } from '../kube/label-selector';
import type { LabelSelector } from './types';

/** Reads a selector value; problems come back as Kubernetes would word them, with the path of each. */
export function readSelector(value: unknown): {
  selector: LabelSelector;
  problems: { message: string; path: (string | number)[] }[];
} {
  const problems: { message: string; path: (string | number)[] }[] = [];
  const selector: LabelSelector = {};
  if (!isRecord(value)) {
    problems.push({
      message: 'a label selector must be a mapping (matchLabels, matchExpressions)',
      path: [],
    });
    return { selector, problems };
  }
  if (isRecord(value.matchLabels)) {
    selector.matchLabels = Object.fromEntries(
      Object.entries(value.matchLabels).map(([k, v]) => [k, String(v)]),
    );
  }
  if (Array.isArray(value.matchExpressions)) {
    selector.matchExpressions = value.matchExpressions.map((e: unknown) => ({
      key: isRecord(e) && typeof e.key === 'string' ? e.key : '',
      operator: isRecord(e) && typeof e.operator === 'string' ? e.operator : '',
      ...(isRecord(e) && Array.isArray(e.values) ? { values: e.values.map(String) } : {}),
    }));
  }
  for (const r of selectorRequirements(selector)) {
    if (typeof r.check !== 'function')
      problems.push({ message: r.check.error, path: [...r.path, ...r.check.field] });
  }
  return { selector, problems };
}

type Compiled = ReturnType<typeof labelSelectorAsSelector>;
/** Each selector built once: the target matrix asks every target's selectors of every cluster. */
const compiled = new WeakMap<LabelSelector, Compiled>();

/** Whether the labels satisfy the selector (every matchLabels pair and every expression). */
export function selectorMatches(selector: LabelSelector, labels: Record<string, string>): boolean {
  let matches = compiled.get(selector);
  if (matches === undefined) compiled.set(selector, (matches = labelSelectorAsSelector(selector)));
  return typeof matches === 'function' && matches(labels);
}
