import { useMemo } from 'react';
import { renderMarkdown } from './render-markdown';
import './markdown.css';

/** A description rendered as sanitized Markdown (render-markdown.ts). Default export for React.lazy. */
export default function Markdown({ text, id, className }: { text: string; id?: string; className?: string }) {
  const html = useMemo(() => renderMarkdown(text), [text]);
  // Safe: the HTML comes from DOMPurify with a fixed list of formatting tags and checked links.
  return (
    <div
      id={id}
      className={className ? `markdown ${className}` : 'markdown'}
      dangerouslySetInnerHTML={{ __html: html }}
    />
  );
}
