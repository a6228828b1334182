/**
 * Catalog descriptions (CSV descriptions, package descriptions, rule texts) as Markdown, made safe:
 * marked turns the text into HTML, DOMPurify keeps only formatting (no raw HTML's scripts, styles,
 * forms, images or event handlers), and every link is checked (link-policy.ts) and opens in a new
 * tab that cannot reach back into this one (rel="noopener noreferrer").
 * Loaded lazily with the Markdown component: it is a few tens of kB the first view does not need.
 */
import DOMPurify from 'dompurify';
import { marked } from 'marked';
import { safeHref } from './link-policy';

const ALLOWED_TAGS = [
  'p',
  'br',
  'hr',
  'strong',
  'em',
  'b',
  'i',
  'code',
  'pre',
  'blockquote',
  'ul',
  'ol',
  'li',
  'a',
  'h1',
  'h2',
  'h3',
  'h4',
  'h5',
  'h6',
  'table',
  'thead',
  'tbody',
  'tr',
  'th',
  'td',
  'del',
  's',
];

let hooked = false;
function hookLinks(): void {
  if (hooked) return;
  hooked = true;
  DOMPurify.addHook('afterSanitizeAttributes', (node) => {
    if (node.tagName !== 'A') return;
    const href = safeHref(node.getAttribute('href') ?? '');
    if (!href) {
      node.removeAttribute('href');
      return;
    }
    node.setAttribute('href', href);
    node.setAttribute('target', '_blank');
    node.setAttribute('rel', 'noopener noreferrer');
  });
}

export function renderMarkdown(text: string): string {
  hookLinks();
  // Raw HTML in the text is escaped by marked's output being sanitized below; headings stay small.
  const html = marked.parse(text, { async: false, gfm: true, breaks: true });
  return DOMPurify.sanitize(html, {
    ALLOWED_TAGS,
    ALLOWED_ATTR: ['href', 'title', 'target', 'rel'],
  });
}
