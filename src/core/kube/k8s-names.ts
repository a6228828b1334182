/**
 * Kubernetes name rules as k8s.io/apimachinery pkg/util/validation (pkg/api/validate/content since
 * v0.34) words them: the CSV name checks of operator-framework/api (csv.go parseCSVNameFormat:
 * IsDNS1123Subdomain + IsValidLabelValue), CRD names (IsDNS1035Label), and the label keys and values
 * of label selectors (label-selector.ts). The lengths are counted in UTF-8 bytes, as Go's len() does.
 */

const DNS1123_LABEL_FMT = '[a-z0-9]([-a-z0-9]*[a-z0-9])?';
const DNS1123_SUBDOMAIN_FMT = `${DNS1123_LABEL_FMT}(\\.${DNS1123_LABEL_FMT})*`;
const DNS1123_SUBDOMAIN_MSG =
  "a lowercase RFC 1123 subdomain must consist of lower case alphanumeric characters, '-' or '.', and must start and end with an alphanumeric character";
const LABEL_KEY_FMT = '([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9]';
const LABEL_KEY_MSG =
  "must consist of alphanumeric characters, '-', '_' or '.', and must start and end with an alphanumeric character";
const LABEL_VALUE_FMT = `(${LABEL_KEY_FMT})?`;
const LABEL_VALUE_MSG =
  "a valid label must be an empty string or consist of alphanumeric characters, '-', '_' or '.', and must start and end with an alphanumeric character";

const SUBDOMAIN_RE = new RegExp(`^${DNS1123_SUBDOMAIN_FMT}$`);
const LABEL_VALUE_RE = new RegExp(`^${LABEL_VALUE_FMT}$`);
const LABEL_KEY_RE = new RegExp(`^${LABEL_KEY_FMT}$`);

const byteLength = (s: string): number => new TextEncoder().encode(s).length;

/** validation.MaxLenError. */
const maxLenError = (n: number): string => `must be no more than ${n} bytes`;

/** validation.RegexError: the message, its examples and the regexp. */
function regexError(msg: string, fmt: string, ...examples: string[]): string {
  if (examples.length === 0) return `${msg} (regex used for validation is '${fmt}')`;
  let out = `${msg} (e.g. `;
  examples.forEach((e, i) => {
    if (i > 0) out += ' or ';
    out += `'${e}', `;
  });
  return `${out}regex used for validation is '${fmt}')`;
}

export function isDns1123Subdomain(value: string): string[] {
  const errs: string[] = [];
  if (byteLength(value) > 253) errs.push(maxLenError(253));
  if (!SUBDOMAIN_RE.test(value))
    errs.push(regexError(DNS1123_SUBDOMAIN_MSG, DNS1123_SUBDOMAIN_FMT, 'example.com'));
  return errs;
}

/** content.IsLabelKey (formerly IsQualifiedName): an optional DNS-1123 subdomain prefix and a name; every complaint, in order. */
export function isLabelKey(value: string): string[] {
  const nameError = regexError(LABEL_KEY_MSG, LABEL_KEY_FMT, 'MyName', 'my.name', '123-abc');
  const parts = value.split('/');
  if (parts.length > 2)
    return [
      `a valid label key ${nameError} with an optional DNS subdomain prefix and '/' (e.g. 'example.com/MyName')`,
    ];
  const errs: string[] = [];
  const name = parts.at(-1) as string;
  if (parts.length === 2) {
    const prefix = parts[0] as string;
    if (prefix === '') errs.push('prefix part must be non-empty');
    else for (const m of isDns1123Subdomain(prefix)) errs.push(`prefix part ${m}`);
  }
  if (name === '') errs.push('name part must be non-empty');
  else if (byteLength(name) > 63) errs.push(`name part ${maxLenError(63)}`);
  if (!LABEL_KEY_RE.test(name)) errs.push(`name part ${nameError}`);
  return errs;
}

export function isValidLabelValue(value: string): string[] {
  const errs: string[] = [];
  if (byteLength(value) > 63) errs.push(maxLenError(63));
  if (!LABEL_VALUE_RE.test(value))
    errs.push(regexError(LABEL_VALUE_MSG, LABEL_VALUE_FMT, 'MyValue', 'my_value', '12345'));
  return errs;
}

const DNS1035_LABEL_FMT = '[a-z]([-a-z0-9]*[a-z0-9])?';
const DNS1035_LABEL_MSG =
  "a DNS-1035 label must consist of lower case alphanumeric characters or '-', start with an alphabetic character, and end with an alphanumeric character";
const DNS1035_RE = new RegExp(`^${DNS1035_LABEL_FMT}$`);

export function isDns1035Label(value: string): string[] {
  const errs: string[] = [];
  if (byteLength(value) > 63) errs.push(maxLenError(63));
  if (!DNS1035_RE.test(value))
    errs.push(regexError(DNS1035_LABEL_MSG, DNS1035_LABEL_FMT, 'my-name', 'abc-123'));
  return errs;
}
