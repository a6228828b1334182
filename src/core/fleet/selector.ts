/**
 * Kubernetes label selectors as Fleet uses them to match clusters and cluster groups: matchLabels
 * and matchExpressions (In, NotIn, Exists, DoesNotExist), all ANDed; `{}` matches everything.
 * Validation texts are metav1.LabelSelectorAsSelector's.
 */
import { isRecord } from '../kube/yaml-docs';
import type { LabelSelector } from './types';

const OPERATORS = ['In', 'NotIn', 'Exists', 'DoesNotExist'];

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
    selector.matchExpressions = [];
    value.matchExpressions.forEach((e: unknown, i) => {
      const path = ['matchExpressions', i];
      const key = isRecord(e) && typeof e.key === 'string' ? e.key : '';
      const operator = isRecord(e) && typeof e.operator === 'string' ? e.operator : '';
      const values = isRecord(e) && Array.isArray(e.values) ? e.values.map(String) : undefined;
      if (!OPERATORS.includes(operator)) {
        problems.push({
          message: `${JSON.stringify(operator)} is not a valid label selector operator`,
          path: [...path, 'operator'],
        });
        return;
      }
      if ((operator === 'In' || operator === 'NotIn') && (!values || values.length === 0)) {
        problems.push({ message: "for 'in', 'notin' operators, values set can't be empty", path });
        return;
      }
      if ((operator === 'Exists' || operator === 'DoesNotExist') && values && values.length > 0) {
        problems.push({
          message: 'values set must be empty for exists and does not exist',
          path: [...path, 'values'],
        });
        return;
      }
      selector.matchExpressions?.push({ key, operator, values });
    });
  }
  return { selector, problems };
}

/** Whether the labels satisfy the selector (every matchLabels pair and every expression). */
export function selectorMatches(selector: LabelSelector, labels: Record<string, string>): boolean {
  for (const [k, v] of Object.entries(selector.matchLabels ?? {})) if (labels[k] !== v) return false;
  for (const e of selector.matchExpressions ?? []) {
    const has = Object.prototype.hasOwnProperty.call(labels, e.key);
    const value = labels[e.key];
    switch (e.operator) {
      case 'In':
        if (!has || !(e.values ?? []).includes(value as string)) return false;
        break;
      case 'NotIn':
        if (has && (e.values ?? []).includes(value as string)) return false;
        break;
      case 'Exists':
        if (!has) return false;
        break;
      case 'DoesNotExist':
        if (has) return false;
        break;
      default:
        return false;
    }
  }
  return true;
}

/** `{}`: no label and no expression, so every cluster matches. */
export function matchesEverything(selector: LabelSelector): boolean {
  return (
    Object.keys(selector.matchLabels ?? {}).length === 0 && (selector.matchExpressions ?? []).length === 0
  );
}
