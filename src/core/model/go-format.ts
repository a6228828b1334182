import { compareGoStrings } from '../gojson';

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

function utf8Bytes(s: string): number {
  let n = 0;
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c < 0x80) n += 1;
    else if (c < 0x800) n += 2;
    else if (c >= 0xd800 && c <= 0xdbff && i + 1 < s.length) {
      n += 4;
      i++;
    } else n += 3;
  }
  return n;
}

/** `validation.IsDNS1123Label`: the list of problems (empty when valid). Length is Go's byte length. */
export function dns1123LabelErrors(value: string): string[] {
  const errs: string[] = [];
  if (utf8Bytes(value) > DNS1123_LABEL_MAX) errs.push(`must be no more than ${DNS1123_LABEL_MAX} characters`);
  if (!DNS1123_LABEL.test(value)) {
    // A valid subdomain that is not a valid label can only be failing on its dots.
    errs.push(DNS1123_SUBDOMAIN.test(value) ? 'must not contain dots' : DNS1123_LABEL_REGEX_ERROR);
  }
  return errs;
}
