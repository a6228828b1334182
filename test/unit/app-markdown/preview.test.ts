/** A package summary folded to one line: Markdown read without the renderer, never as HTML. */
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { markdownPreview } from '../../../src/app/markdown/preview';

const html = (text: string) => renderToStaticMarkup(createElement('p', null, markdownPreview(text)));

describe('markdownPreview', () => {
  it('shows strong, emphasis and code; a link as its text; one line', () => {
    expect(html('# Aurora\n\nKeeps **replaces**, *skips*\nand `skipRange` — [docs](https://x.io).')).toBe(
      '<p>Aurora Keeps <strong>replaces</strong>, <em>skips</em> and <code>skipRange</code> — docs.</p>',
    );
  });

  it('drops list and quote markers and raw HTML; escapes what is left', () => {
    expect(html('- one\n- two\n> quoted <script>alert(1)</script> a < b')).toBe(
      '<p>one two quoted alert(1) a &lt; b</p>',
    );
  });

  it('shows an image as its alt text, never its address', () => {
    expect(
      html(
        '![remote](http://example.invalid/a.png) <img src="http://example.invalid/b.png"> [link](http://x/)',
      ),
    ).toBe('<p>remote link</p>');
    expect(html('before ![](http://example.invalid/a.png) after')).toBe('<p>before  after</p>');
  });
});
