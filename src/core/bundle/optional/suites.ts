/**
 * The optional validators `operator-sdk bundle validate --select-optional <selector>` offers, with the
 * labels its selector matches (operator-sdk internal/cmd/operator-sdk/bundle/validate/optional.go):
 * `name=operatorhub`, `name=good-practices`, `name=alpha-deprecated-apis` (each also
 * `suite=operatorframework`) and `name=community`.
 */
import type { Collector } from '../check-collector';
import { runCommunity } from './community';
import type { OptionalContext } from './context';
import { removedApiFindings } from './deprecated-apis';
import { runGoodPractices } from './good-practices';
import { runOperatorHub } from './operatorhub';
import { matches, parseSelector } from './selector';

export interface OptionalValidator {
  name: string;
  labels: Readonly<Record<string, string>>;
  description: string;
  run: (ctx: OptionalContext, c: Collector) => void;
}

export const OPTIONAL_VALIDATORS: readonly OptionalValidator[] = [
  {
    name: 'operatorhub',
    labels: { name: 'operatorhub', suite: 'operatorframework' },
    description: 'OperatorHub.io metadata validation',
    run: runOperatorHub,
  },
  {
    name: 'community',
    labels: { name: 'community' },
    description: "the community operators' requirements for bundles using APIs removed in Kubernetes 1.22",
    run: runCommunity,
  },
  {
    name: 'alpha-deprecated-apis',
    labels: { name: 'alpha-deprecated-apis', suite: 'operatorframework' },
    description: 'APIs removed in Kubernetes 1.22, 1.25 and 1.26 (k8s-version via --optional-values)',
    run: removedApiFindings,
  },
  {
    name: 'good-practices',
    labels: { name: 'good-practices', suite: 'operatorframework' },
    description: 'good practices: resource requests, CRD descriptions, channel names, CSV name, RBAC on CRDs',
    run: runGoodPractices,
  },
];

/** The validators a selector picks; throws operator-sdk's error when it picks none. */
export function selectOptional(selector: string): OptionalValidator[] {
  const sel = parseSelector(selector);
  if (sel.checks.length === 0) return [];
  const picked = OPTIONAL_VALIDATORS.filter((v) => matches(sel, v.labels));
  if (picked.length === 0) throw new SelectorErrorNoMatch(sel.text);
  return picked;
}

export class SelectorErrorNoMatch extends Error {
  /** `selector` as Selector.String() prints it. */
  constructor(selector: string) {
    super(`selector ${JSON.stringify(selector)} does not match any validator labels`);
  }
}

/** `--list-optional`: operator-sdk's table (NAME, LABELS, DESCRIPTION; further labels on their own lines). */
export function listOptional(): string {
  const rows: string[][] = [['NAME', 'LABELS', 'DESCRIPTION']];
  for (const v of OPTIONAL_VALIDATORS) {
    const labels = Object.entries(v.labels).map(([k, val]) => `${k}=${val}`);
    rows.push([v.name, labels[0] ?? '', v.description]);
    for (const l of labels.slice(1)) rows.push(['', l, '']);
  }
  const w0 = Math.max(...rows.map((r) => (r[0] as string).length)) + 4;
  const w1 = Math.max(...rows.map((r) => (r[1] as string).length)) + 4;
  return (
    rows
      .map((r) => `${(r[0] as string).padEnd(w0)}${(r[1] as string).padEnd(w1)}${r[2]}`.trimEnd())
      .join('\n') + '\n'
  );
}
