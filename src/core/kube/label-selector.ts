/**
 * Kubernetes label selectors, as apimachinery v0.36 (the release Fleet and operator-controller
 * build with) turns a metav1.LabelSelector into a labels.Selector: `LabelSelectorAsSelector` makes a
 * requirement of each matchLabels pair (Equals) and each matchExpressions entry (In, NotIn, Exists,
 * DoesNotExist), and `labels.NewRequirement` checks each: the key with content.IsLabelKey (formerly
 * IsQualifiedName), each value with content.IsLabelValue. Error texts are apimachinery's: field
 * errors (`key: Invalid value: "…": …`, a slice rendered as JSON, `null` when empty) joined as an
 * aggregate (`[a, b]` when a requirement has more than one). One place for Fleet's cluster and
 * group selectors, OLM v1's catalog selector and (label-selector-parse.ts) the string form.
 */
import { goQuote } from '../go/strings';
import { isLabelKey, isValidLabelValue } from './k8s-names';

export interface LabelSelector {
  matchLabels?: Record<string, string>;
  matchExpressions?: { key: string; operator: string; values?: string[] }[];
}

/** Where in the selector a requirement came from: `['matchLabels', key]` or `['matchExpressions', i]`. */
export type SelectorPath = (string | number)[];

export interface SelectorError {
  error: string;
  path: SelectorPath;
}

export type Requirement = (labels: Readonly<Record<string, string>>) => boolean;

/** A requirement apimachinery refuses: its error, and the field (under the requirement) it first names. */
export interface RequirementError {
  error: string;
  field: SelectorPath;
}

/** A []string as field.Error renders it since apimachinery v0.34: JSON, `null` for none. */
const renderValues = (values: readonly string[]): string =>
  values.length === 0 ? 'null' : JSON.stringify(values);

/** utilerrors.NewAggregate(list).Error(): one message alone, several in brackets, repeats once. */
function aggregate(msgs: string[]): string {
  const distinct = [...new Set(msgs)];
  return distinct.length === 1 ? (distinct[0] as string) : `[${distinct.join(', ')}]`;
}

/** selection.Operator, as labels.NewRequirement takes it. */
export type SelectorOperator =
  'Equals' | 'DoubleEquals' | 'NotEquals' | 'In' | 'NotIn' | 'Exists' | 'DoesNotExist' | 'Gt' | 'Lt';

/** strconv.ParseInt(s, 10, 64), or undefined. */
function parseInt64(s: string): bigint | undefined {
  if (!/^[+-]?[0-9]+$/.test(s)) return undefined;
  const n = BigInt(s);
  return n >= -(2n ** 63n) && n < 2n ** 63n ? n : undefined;
}

/** labels.NewRequirement: the predicate, or every complaint aggregated (and the field it first names). */
export function newRequirement(
  key: string,
  op: SelectorOperator,
  values: readonly string[],
): Requirement | RequirementError {
  const errs: string[] = [];
  let field: SelectorPath | undefined;
  const at = (f: SelectorPath): void => {
    field ??= f;
  };
  const keyErrs = isLabelKey(key);
  if (keyErrs.length > 0) {
    at(['key']);
    errs.push(`key: Invalid value: ${goQuote(key)}: ${keyErrs.join('; ')}`);
  }
  if ((op === 'In' || op === 'NotIn') && values.length === 0) {
    at(['values']);
    errs.push(`values: Invalid value: null: for 'in', 'notin' operators, values set can't be empty`);
  } else if ((op === 'Equals' || op === 'DoubleEquals' || op === 'NotEquals') && values.length !== 1) {
    at(['values']);
    errs.push(
      `values: Invalid value: ${renderValues(values)}: exact-match compatibility requires one single value`,
    );
  } else if ((op === 'Exists' || op === 'DoesNotExist') && values.length !== 0) {
    at(['values']);
    errs.push(
      `values: Invalid value: ${renderValues(values)}: values set must be empty for exists and does not exist`,
    );
  } else if (op === 'Gt' || op === 'Lt') {
    if (values.length !== 1) {
      at(['values']);
      errs.push(
        `values: Invalid value: ${renderValues(values)}: for 'Gt', 'Lt' operators, exactly one value is required`,
      );
    }
    values.forEach((v, i) => {
      if (parseInt64(v) !== undefined) return;
      at(['values', i]);
      errs.push(
        `values[${i}]: Invalid value: ${goQuote(v)}: for 'Gt', 'Lt' operators, the value must be an integer`,
      );
    });
  }
  values.forEach((v, i) => {
    const valueErrs = isValidLabelValue(v);
    if (valueErrs.length === 0) return;
    at(['values', i]);
    errs.push(`values[${i}][${key}]: Invalid value: ${goQuote(v)}: ${valueErrs.join('; ')}`);
  });
  if (errs.length > 0) return { error: aggregate(errs), field: field ?? [] };
  const has = (l: Readonly<Record<string, string>>): boolean => Object.hasOwn(l, key);
  switch (op) {
    case 'Equals':
    case 'DoubleEquals':
    case 'In':
      return (l) => has(l) && values.includes(l[key] as string);
    case 'NotEquals':
    case 'NotIn':
      return (l) => !has(l) || !values.includes(l[key] as string);
    case 'Exists':
      return has;
    case 'DoesNotExist':
      return (l) => !has(l);
    case 'Gt':
    case 'Lt': {
      const bound = parseInt64(values[0] as string) as bigint;
      return (l) => {
        const n = has(l) ? parseInt64(l[key] as string) : undefined;
        return n !== undefined && (op === 'Gt' ? n > bound : n < bound);
      };
    }
  }
}

const OPERATORS: Record<string, 'In' | 'NotIn' | 'Exists' | 'DoesNotExist'> = {
  In: 'In',
  NotIn: 'NotIn',
  Exists: 'Exists',
  DoesNotExist: 'DoesNotExist',
};

/** One requirement of the selector: matchLabels pairs first, then the expressions, in order. */
export interface SelectorRequirement {
  path: SelectorPath;
  /** The predicate, or apimachinery's error. */
  check: Requirement | RequirementError;
}

/**
 * Every requirement of `s`, checked. LabelSelectorAsSelector stops at the first error (matchLabels
 * first, in Go's random map order: here the keys' order); a linter wants them all.
 */
export function selectorRequirements(s: LabelSelector | undefined): SelectorRequirement[] {
  const out: SelectorRequirement[] = [];
  for (const [k, v] of Object.entries(s?.matchLabels ?? {})) {
    // One value always: Equals's own count check cannot fail here. The pair is the place to point at.
    const check = newRequirement(k, 'Equals', [v]);
    out.push({
      path: ['matchLabels', k],
      check: typeof check === 'function' ? check : { ...check, field: [] },
    });
  }
  (s?.matchExpressions ?? []).forEach((e, i) => {
    const op = Object.hasOwn(OPERATORS, e.operator) ? OPERATORS[e.operator] : undefined;
    out.push({
      path: ['matchExpressions', i],
      check:
        op === undefined
          ? { error: `${goQuote(e.operator)} is not a valid label selector operator`, field: ['operator'] }
          : newRequirement(e.key, op, e.values ?? []),
    });
  });
  return out;
}

/**
 * LabelSelectorAsSelector: a predicate over labels (no selector or an empty one selects
 * everything), or the first requirement's error.
 */
export function labelSelectorAsSelector(
  s: LabelSelector | undefined,
): ((labels: Readonly<Record<string, string>>) => boolean) | SelectorError {
  const reqs: Requirement[] = [];
  for (const r of selectorRequirements(s)) {
    if (typeof r.check !== 'function') return { error: r.check.error, path: [...r.path, ...r.check.field] };
    reqs.push(r.check);
  }
  return (labels) => reqs.every((r) => r(labels));
}

/** `{}`: no label and no expression, so everything matches. */
export function selectsEverything(s: LabelSelector): boolean {
  return Object.keys(s.matchLabels ?? {}).length === 0 && (s.matchExpressions ?? []).length === 0;
}
