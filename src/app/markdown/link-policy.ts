/**
 * Which links a rendered description may keep. Descriptions come from catalogs (anyone's text), so
 * only web and mail links survive; `javascript:`, `data:`, relative and protocol-less links lose
 * their target and stay as plain text.
 */
const ALLOWED = new Set(['http:', 'https:', 'mailto:']);

export function safeHref(href: string): string | undefined {
  let url: URL;
  try {
    url = new URL(href.trim());
  } catch {
    return undefined; // relative or malformed: nowhere sensible to go from a catalog's text
  }
  return ALLOWED.has(url.protocol) ? url.href : undefined;
}
