/**
 * A Kubernetes LabelSelector (`matchLabels`, `matchExpressions`), as operator-controller turns
 * `spec.source.catalog.selector` into a selector with apimachinery's `LabelSelectorAsSelector`:
 * the same operators and the same error texts, so an invalid selector fails here as it would on
 * the cluster ("desired catalog selector is invalid: …").
 */
import { goQuote } from '../go/strings';

export interface LabelSelector {
  matchLabels?: Record<string, string>;
  matchExpressions?: { key: string; operator: string; values?: string[] }[];
}

type Requirement = (labels: Record<string, string>) => boolean;

const NAME = /^([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9]$/;
const DNS_SUBDOMAIN = /^[a-z0-9]([-a-z0-9]*[a-z0-9])?(\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*$/;
const VALUE = /^(([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9])?$/;

/** apimachinery `IsQualifiedName`'s first complaint, or undefined. */
function keyError(key: string): string | undefined {
  const parts = key.split('/');
  const name = parts.length === 2 ? (parts[1] as string) : key;
  if (parts.length > 2)
    return "a qualified name must consist of alphanumeric characters, '-', '_' or '.', and must start and end with an alphanumeric character (e.g. 'MyName',  or 'my.name',  or '123-abc', regex used for validation is '([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9]') with an optional DNS subdomain prefix and '/' (e.g. 'example.com/MyName')";
  if (parts.length === 2) {
    const prefix = parts[0] as string;
    if (prefix === '') return 'prefix part must be non-empty';
    if (!DNS_SUBDOMAIN.test(prefix) || prefix.length > 253)
      return "prefix part a lowercase RFC 1123 subdomain must consist of lower case alphanumeric characters, '-' or '.', and must start and end with an alphanumeric character (e.g. 'example.com', regex used for validation is '[a-z0-9]([-a-z0-9]*[a-z0-9])?(\\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*')";
  }
  if (name === '') return 'name part must be non-empty';
  if (name.length > 63) return 'name part must be no more than 63 characters';
  if (!NAME.test(name))
    return "name part must consist of alphanumeric characters, '-', '_' or '.', and must start and end with an alphanumeric character (e.g. 'MyName',  or 'my.name',  or '123-abc', regex used for validation is '([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9]')";
  return undefined;
}

function valueError(value: string): string | undefined {
  if (value.length > 63) return 'must be no more than 63 characters';
  if (!VALUE.test(value))
    return "a valid label must be an empty string or consist of alphanumeric characters, '-', '_' or '.', and must start and end with an alphanumeric character (e.g. 'MyValue',  or 'my_value',  or '12345', regex used for validation is '(([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9])?')";
  return undefined;
}

function requirement(key: string, operator: string, values: string[]): Requirement | { error: string } {
  // LabelSelectorAsSelector maps the operator before it builds (and checks) the requirement.
  if (!['In', 'NotIn', 'Exists', 'DoesNotExist'].includes(operator))
    return { error: `${goQuote(operator)} is not a valid label selector operator` };
  const bad = keyError(key);
  if (bad) return { error: `key: Invalid value: ${goQuote(key)}: ${bad}` };
  for (let i = 0; i < values.length; i++) {
    const v = values[i] as string;
    const vb = valueError(v);
    if (vb) return { error: `values[${i}][${key}]: Invalid value: ${goQuote(v)}: ${vb}` };
  }
  switch (operator) {
    case 'In':
    case 'NotIn':
      if (values.length === 0)
        return {
          error: "values: Invalid value: []string{}: for 'in', 'notin' operators, values set can't be empty",
        };
      return operator === 'In'
        ? (l) => key in l && values.includes(l[key] as string)
        : (l) => !(key in l) || !values.includes(l[key] as string);
    default:
      if (values.length > 0)
        return {
          error:
            'values: Invalid value: []string{...}: values set must be empty for exists and does not exist',
        };
      return operator === 'Exists' ? (l) => key in l : (l) => !(key in l);
  }
}

/** A predicate over a catalog's labels; no selector (or an empty one) selects every catalog. */
export function compileSelector(
  s: LabelSelector | undefined,
): ((labels: Record<string, string>) => boolean) | { error: string } {
  const reqs: Requirement[] = [];
  for (const [k, v] of Object.entries(s?.matchLabels ?? {})) {
    const r = requirement(k, 'In', [v]);
    if ('error' in r) return r;
    reqs.push(r);
  }
  for (const e of s?.matchExpressions ?? []) {
    const r = requirement(e.key, e.operator, e.values ?? []);
    if ('error' in r) return r;
    reqs.push(r);
  }
  return (labels) => reqs.every((r) => r(labels));
}
