/**
 * The name Fleet gives a Bundle it derives from a path (rancher/fleet internal/names HelmReleaseName,
 * Limit): `/` to `-`, an MD5 suffix when the text had capitals or other characters, lower case,
 * characters outside [a-z0-9-] to `-`, dashes squeezed and trimmed, at most 53 characters (a longer
 * name cut with an MD5 suffix). MD5 comes from the caller (node:crypto in the CLI): without it, a
 * name that needs a hash is given without its suffix.
 */
export type Md5Hex = (text: string) => string;

const MAX_HELM_RELEASE_NAME_LEN = 53;
const DISALLOWED = /[^a-zA-Z0-9-]+/;
const HELM_RELEASE = /^[a-z0-9]([-a-z0-9]*[a-z0-9])?(\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*$/;
const DNS_LABEL = /^[a-z0-9]([-a-z0-9]*[a-z0-9])?$/;

function hex(s: string, length: number, md5: Md5Hex | undefined): string {
  return md5 ? md5(s).slice(0, length) : '';
}

/** names.Limit: at most `count` bytes, a longer name cut and given 5 hex digits of its MD5. */
export function limitName(s: string, count: number, md5?: Md5Hex): string {
  if (s.length <= count) return s;
  const hexLen = 5;
  let separator = '-';
  if (count <= hexLen + separator.length) return s.slice(0, count);
  const keep = count - hexLen - separator.length;
  if (s[keep - 1] === separator) separator = '';
  return `${s.slice(0, keep)}${separator}${hex(s, hexLen, md5)}`;
}

export function helmReleaseName(text: string, md5?: Md5Hex): string {
  let str = text.replaceAll('/', '-');
  const needHex = str !== str.toLowerCase() || DISALLOWED.test(str);
  if (needHex && md5) str = `${str}-${hex(str, 8, md5)}`;
  str = str
    .toLowerCase()
    .replace(new RegExp(DISALLOWED.source, 'g'), '-')
    .replace(/-+/g, '-')
    .replace(/^-+|-+$/g, '');
  if (HELM_RELEASE.test(str) && DNS_LABEL.test(str)) return limitName(str, MAX_HELM_RELEASE_NAME_LEN, md5);
  return md5 ? hex(text, 24, md5) : str;
}
