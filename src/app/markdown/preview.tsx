import type { ReactNode } from 'react';

/**
 * A description folded to one line, read as Markdown without loading the renderer (marked and
 * DOMPurify load when it is expanded: Markdown.tsx): line breaks, heading, list and quote markers
 * go; **strong**, *emphasis* and `code` are shown as such; a link is its text, an image its alt text
 * (never loaded); raw HTML tags are dropped. React builds the elements, so nothing in the text is ever parsed as HTML.
 */
const INLINE = /(\*\*[^*]+\*\*|__[^_]+__|`[^`]+`|\*[^*\s][^*]*\*|!?\[[^\]]*\]\([^)]*\))/;

export function markdownPreview(text: string): ReactNode[] {
  const flat = text
    .replace(/<[^>]*>/g, '')
    .replace(/^[ \t]*(#{1,6}|[-*+]|\d+\.|>)[ \t]+/gm, '')
    .replace(/\s+/g, ' ')
    .trim();
  return flat.split(INLINE).map((part, i) => {
    if (i % 2 === 0) return part;
    if (part.startsWith('[')) return part.slice(1, part.indexOf(']('));
    if (part.startsWith('![')) return part.slice(2, part.indexOf(']('));
    if (part.startsWith('`')) return <code key={i}>{part.slice(1, -1)}</code>;
    if (part.startsWith('**') || part.startsWith('__')) return <strong key={i}>{part.slice(2, -2)}</strong>;
    return <em key={i}>{part.slice(1, -1)}</em>;
  });
}
