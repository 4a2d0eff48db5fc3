/**
 * Post bodies to HTML: CommonMark (markdown-it) with fenced code highlighted by highlight.js,
 * raw HTML in the source shown as text, and the result passed through sanitize-html's allow
 * list, so no user input can bring script, style or event handlers into a page. Links open
 * with rel="nofollow ugc noopener".
 */
import hljs from 'highlight.js';
import MarkdownIt from 'markdown-it';
import sanitizeHtml from 'sanitize-html';

const markdown: InstanceType<typeof MarkdownIt> = new MarkdownIt({
  html: false,
  linkify: true,
  highlight(code, language) {
    const lang = language && hljs.getLanguage(language) ? language : null;
    const html = lang ? hljs.highlight(code, { language: lang, ignoreIllegals: true }).value : markdown.utils.escapeHtml(code);
    return `<pre class="hljs"><code${lang ? ` class="language-${lang}"` : ''}>${html}</code></pre>`;
  },
});

const SAFE: sanitizeHtml.IOptions = {
  allowedTags: [
    'p', 'br', 'hr', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'blockquote', 'pre', 'code', 'span', 'em', 'strong', 'del', 's',
    'a', 'ul', 'ol', 'li', 'table', 'thead', 'tbody', 'tr', 'th', 'td', 'img', 'sub', 'sup', 'kbd', 'dl', 'dt', 'dd',
  ],
  allowedAttributes: { a: ['href', 'title', 'rel'], img: ['src', 'alt', 'title'], code: ['class'], pre: ['class'], span: ['class'], th: ['align'], td: ['align'], ol: ['start'] },
  allowedClasses: { code: ['language-*', 'hljs'], pre: ['hljs'], span: ['hljs-*', 'language-*'] },
  allowedSchemes: ['https', 'http', 'mailto'],
  allowedSchemesByTag: { img: ['https'] },
  transformTags: { a: sanitizeHtml.simpleTransform('a', { rel: 'nofollow ugc noopener' }) },
};

/** Markdown source → sanitised HTML. */
export function renderMarkdown(source: string): string {
  return sanitizeHtml(markdown.render(source), SAFE);
}

/** Imported HTML (Stack Exchange dumps) → the same allow list. */
export function sanitizeImportedHtml(html: string): string {
  return sanitizeHtml(html, SAFE);
}
