import { describe, expect, it } from 'vitest';
import { renderMarkdown, sanitizeImportedHtml } from './markdown.server.ts';

describe('post bodies', () => {
  it('renders CommonMark with highlighted fenced code', () => {
    const html = renderMarkdown('# Title\n\n**bold** and `code`\n\n```ts\nconst x: number = 1;\n```');
    expect(html).toContain('<h1>Title</h1>');
    expect(html).toContain('<strong>bold</strong>');
    expect(html).toMatch(/<pre class="hljs"><code class="language-ts"><span class="hljs-keyword">const<\/span>/);
  });

  it('shows raw HTML as text and keeps script, style and handlers out', () => {
    const html = renderMarkdown('<script>alert(1)</script><style>body{}</style><img src=x onerror=alert(1)>');
    expect(html).not.toMatch(/<script|<style|<img/);
    expect(html).toContain('&lt;script&gt;');
  });

  it('drops javascript: links and marks links as user content', () => {
    expect(renderMarkdown('[x](javascript:alert(1))')).not.toContain('href="javascript');
    expect(renderMarkdown('[docs](https://example.com)')).toBe('<p><a href="https://example.com" rel="nofollow ugc noopener">docs</a></p>\n');
  });

  it('cleans imported HTML to the same allow list', () => {
    expect(sanitizeImportedHtml('<p onclick="x()">hi<iframe src="https://evil"></iframe></p><a href="javascript:x">y</a>')).toBe('<p>hi</p><a rel="nofollow ugc noopener">y</a>');
  });
});
