import { describe, expect, it } from 'vitest';
import { MATH_MAX } from '@fso/shared';
import { HIGHLIGHT_MAX, renderBody, renderMarkdown, sanitizeImportedHtml } from './markdown.ts';

/** CPU milliseconds `work` takes (this process's user + system time: other processes' load barely moves it). */
function cpuMs(work: () => unknown): number {
  const start = process.cpuUsage();
  work();
  const spent = process.cpuUsage(start);
  return (spent.user + spent.system) / 1000;
}

describe('post bodies', () => {
  it('renders CommonMark with highlighted fenced code', () => {
    const html = renderMarkdown('# Title\n\n**bold** and `code`\n\n```ts\nconst x: number = 1;\n```');
    expect(html).toContain('<h1>Title</h1>');
    expect(html).toContain('<strong>bold</strong>');
    expect(html).toMatch(
      /<pre class="hljs" tabindex="0"><code class="language-ts"><span class="hljs-keyword">const<\/span>/,
    );
  });

  it('shows code in a language off the vetted list as plain code, in time (issue 39 item 1)', () => {
    // highlight.js's markdown grammar backtracks cubically on this: 10 kB held the event loop 10 s.
    const fence = '```markdown\n' + '[a]('.repeat(2_500) + '\n```';
    let html = '';
    expect(cpuMs(() => (html = renderMarkdown(fence)))).toBeLessThan(1_000);
    expect(html).toBe(`<pre class="hljs" tabindex="0"><code>${'[a]('.repeat(2_500)}\n</code></pre>\n`);
  });

  it(`highlights at most ${HIGHLIGHT_MAX} characters of a post's code, fence by fence; one that does not fit is plain`, () => {
    const fence = (chars: number) => '```js\n' + 'x;'.repeat(chars / 2) + '\n```\n';
    const html = renderMarkdown(fence(2_000) + fence(2_000) + fence(500) + '```\nplain\n```');
    const blocks = html.match(/<pre[^>]*><code[^>]*>/g);
    expect(blocks).toEqual([
      '<pre class="hljs" tabindex="0"><code class="language-js">',
      '<pre class="hljs" tabindex="0"><code>',
      '<pre class="hljs" tabindex="0"><code class="language-js">',
      '<pre class="hljs" tabindex="0"><code>',
    ]);
  });

  it('shows raw HTML as text and keeps script, style and handlers out', () => {
    const html = renderMarkdown('<script>alert(1)</script><style>body{}</style><img src=x onerror=alert(1)>');
    expect(html).not.toMatch(/<script|<style|<img/);
    expect(html).toContain('&lt;script&gt;');
  });

  it('drops javascript: links and marks links as user content', () => {
    expect(renderMarkdown('[x](javascript:alert(1))')).not.toContain('href="javascript');
    expect(renderMarkdown('[docs](https://example.com)')).toBe(
      '<p><a href="https://example.com" rel="nofollow ugc noopener">docs</a></p>\n',
    );
  });

  it('cleans imported HTML to the same allow list', () => {
    expect(
      sanitizeImportedHtml('<p onclick="x()">hi<iframe src="https://evil"></iframe></p><a href="javascript:x">y</a>'),
    ).toBe('<p>hi</p><a rel="nofollow ugc noopener">y</a>');
  });

  it('renders $…$ and $$…$$ as MathML, but not money, code spans or code blocks', () => {
    const html = renderMarkdown(
      'Let $\\mathcal{H}_A$ be it; $5 and $6 are money; `$x$` is code.\n\n$$\\frac{1}{2}$$\n\n```\n$y$\n```',
    );
    expect(html).toContain(
      'Let <span class="katex"><math xmlns="http://www.w3.org/1998/Math/MathML"><semantics><mrow><msub><mi mathvariant="script">H</mi><mi>A</mi></msub></mrow>',
    );
    expect(html).toContain('be it; $5 and $6 are money; <code>$x$</code> is code.');
    expect(html).toContain(
      '<math xmlns="http://www.w3.org/1998/Math/MathML" display="block"><semantics><mrow><mfrac><mn>1</mn><mn>2</mn></mfrac></mrow>',
    );
    expect(html).toContain('<code>$y$\n</code>');
    expect(html).not.toContain('style=');
  });

  it('keeps a written dollar and a bad formula as text, and lets no MathML in from raw HTML', () => {
    expect(renderMarkdown('\\$a$ costs')).toBe('<p>$a$ costs</p>\n');
    expect(renderMarkdown('$\\frac{1}$')).toBe('<p><span class="katex-error">\\frac{1}</span></p>\n');
    expect(renderMarkdown('<math><mi>x</mi></math>')).toBe('<p>&lt;math&gt;&lt;mi&gt;x&lt;/mi&gt;&lt;/math&gt;</p>\n');
    expect(sanitizeImportedHtml('<math><mi href="javascript:x" style="color:red">x</mi></math>')).toBe(
      '<math><mi>x</mi></math>',
    );
  });

  it('shows a formula nested deeper than KaTeX can follow as its TeX, never an error (issue 39 item 9)', () => {
    for (const tex of ['{'.repeat(2_000) + 'x' + '}'.repeat(2_000), '{'.repeat(14_000) + 'x' + '}'.repeat(14_000)]) {
      const html = renderMarkdown(`$${tex}$`);
      expect(html).toMatch(/^<p><span class="katex(-error)?">/);
    }
    expect(renderMarkdown(`$${'\\sqrt{'.repeat(3_000)}x${'}'.repeat(3_000)}$`)).toBe(
      `<p><span class="katex-error">${'\\sqrt{'.repeat(3_000)}x${'}'.repeat(3_000)}</span></p>\n`,
    );
  });

  it(`renders at most ${MATH_MAX} formulas and shows the rest as written, counting them all (issue 39 item 3)`, () => {
    // "$a" × 14,500 rendered to 1.38 MB: 7,250 formulas.
    const { html, formulas } = renderBody('$a'.repeat(14_500));
    expect(formulas).toBe(7_250);
    expect(html.match(/<span class="katex">/g)).toHaveLength(MATH_MAX);
    expect(html.endsWith(`${'$a$a'.repeat(10)}</p>\n`)).toBe(true);
    expect(html.length).toBeLessThan(150_000);
  });

  it("keeps an image's alt text and names an image that has none by its host", () => {
    expect(renderMarkdown('![a circuit](https://i.example.net/x.png) ![](https://i.example.net/y.png)')).toBe(
      '<p><img src="https://i.example.net/x.png" alt="a circuit" /> <img src="https://i.example.net/y.png" alt="Image from i.example.net" /></p>\n',
    );
  });

  it("shows an image on the site's own paths as a link, so no reader's browser GETs it (issue 39 item 13)", () => {
    for (const [source, href] of [
      ['![a](/question/1)', '/question/1'],
      ['![a][n]\n\n[n]: /notification/open/3', '/notification/open/3'],
      ['![a](question/1)', 'question/1'],
    ] as const)
      expect(renderMarkdown(source)).toBe(`<p><a href="${href}" rel="nofollow ugc noopener">a</a></p>\n`);
    expect(renderMarkdown('![](/question/1)')).toBe(
      '<p><a href="/question/1" rel="nofollow ugc noopener">/question/1</a></p>\n',
    );
    expect(sanitizeImportedHtml('<img src="/users/1" alt="me">')).toBe(
      '<a href="/users/1" rel="nofollow ugc noopener">me</a>',
    );
  });

  it('takes a protocol-relative image as any remote one: https (issue 39 item 13)', () => {
    expect(renderMarkdown('![](//pixel.example.net/t.png)')).toBe(
      '<p><img src="https://pixel.example.net/t.png" alt="Image from pixel.example.net" /></p>\n',
    );
    expect(sanitizeImportedHtml('<img src="//i.example.net/a.png" alt="a">')).toBe(
      '<img src="https://i.example.net/a.png" alt="a" />',
    );
  });
});
