import { compareGoStrings, utf8Length } from '../go/strings';

/**
 * The bits of Go formatting and ordering that opm's conversion and validation messages depend on:
 * `sort.Strings` order, `%v` of a `[]string`, and `validation.IsDNS1123Label` (k8s apimachinery).
 */

export { compareGoStrings };

/** `sort.Strings` on a copy. */
export function sortGoStrings(items: Iterable<string>): string[] {
  return [...items].sort(compareGoStrings);
}

/** `fmt.Sprintf("%v", []string{...})`: `[a b c]`. */
export function goStringList(items: readonly string[]): string {
  return '[' + items.join(' ') + ']';
}

const DNS1123_LABEL = /^[a-z0-9]([-a-z0-9]*[a-z0-9])?$/;
const DNS1123_SUBDOMAIN = /^[a-z0-9]([-a-z0-9]*[a-z0-9])?(\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*$/;
const DNS1123_LABEL_MAX = 63;
const DNS1123_LABEL_REGEX_ERROR =
  "a lowercase RFC 1123 label must consist of lower case alphanumeric characters or '-', and must start " +
  "and end with an alphanumeric character (e.g. 'my-name' or '123-abc', regex used for validation is " +
  "'[a-z0-9]([-a-z0-9]*[a-z0-9])?')";

/** `validation.IsDNS1123Label`: the list of problems (empty when valid). Length is Go's byte length. */
export function dns1123LabelErrors(value: string): string[] {
  const errs: string[] = [];
  if (utf8Length(value) > DNS1123_LABEL_MAX)
    errs.push(`must be no more than ${DNS1123_LABEL_MAX} characters`);
  if (!DNS1123_LABEL.test(value)) {
    // A valid subdomain that is not a valid label can only be failing on its dots.
    errs.push(DNS1123_SUBDOMAIN.test(value) ? 'must not contain dots' : DNS1123_LABEL_REGEX_ERROR);
  }
  return errs;
}
