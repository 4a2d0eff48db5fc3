/**
 * Post bodies to HTML: CommonMark (markdown-it) with fenced code highlighted by highlight.js,
 * raw HTML in the source shown as text, and the result passed through sanitize-html's allow
 * list, so no user input can bring script, style or event handlers into a page. Links open
 * with rel="nofollow ugc noopener". TeX between dollars becomes MathML (math.ts).
 */
import hljs from 'highlight.js';
import MarkdownIt from 'markdown-it';
import sanitizeHtml from 'sanitize-html';
import { mathPlugin } from './math.ts';

const markdown: InstanceType<typeof MarkdownIt> = new MarkdownIt({
  html: false,
  linkify: true,
  highlight(code, language) {
    const lang = language && hljs.getLanguage(language) ? language : null;
    const html = lang
      ? hljs.highlight(code, { language: lang, ignoreIllegals: true }).value
      : markdown.utils.escapeHtml(code);
    // A code block scrolls sideways: tabindex lets a keyboard reach and scroll it.
    return `<pre class="hljs" tabindex="0"><code${lang ? ` class="language-${lang}"` : ''}>${html}</code></pre>`;
  },
}).use(mathPlugin);

// An image with no alt text (common in imported posts) is named by where it comes from, so a
// screen reader says more than nothing.
const renderImage = markdown.renderer.rules.image!;
markdown.renderer.rules.image = (tokens, i, options, env, self) => {
  const token = tokens[i]!;
  if (!token.children?.length) {
    const src = String(token.attrGet('src') ?? '');
    const host = URL.canParse(src) ? new URL(src).hostname : 'the post';
    token.children = markdown.parseInline(`Image from ${host}`, {})[0]!.children;
  }
  return renderImage(tokens, i, options, env, self);
};

/** The MathML that KaTeX writes, and the attributes it sets (no style, no links). */
const MATHML_TAGS = [
  'math',
  'semantics',
  'annotation',
  'mrow',
  'mi',
  'mn',
  'mo',
  'ms',
  'mtext',
  'mspace',
  'msub',
  'msup',
  'msubsup',
  'mfrac',
  'msqrt',
  'mroot',
  'mover',
  'munder',
  'munderover',
  'mtable',
  'mtr',
  'mtd',
  'mstyle',
  'mpadded',
  'mphantom',
  'menclose',
  'mglyph',
];
const MATHML_ATTRIBUTES: Record<string, string[]> = {
  math: ['xmlns', 'display'],
  annotation: ['encoding'],
  mi: ['mathvariant'],
  mn: ['mathvariant'],
  mtext: ['mathvariant'],
  mo: [
    'stretchy',
    'fence',
    'separator',
    'lspace',
    'rspace',
    'minsize',
    'maxsize',
    'accent',
    'movablelimits',
    'mathvariant',
  ],
  mspace: ['width', 'height', 'depth', 'linebreak'],
  mstyle: ['scriptlevel', 'displaystyle', 'mathsize', 'mathcolor'],
  mpadded: ['width', 'height', 'depth', 'lspace', 'voffset'],
  mfrac: ['linethickness'],
  mover: ['accent'],
  munder: ['accentunder'],
  munderover: ['accent', 'accentunder'],
  mtable: [
    'rowspacing',
    'columnspacing',
    'columnalign',
    'rowalign',
    'columnlines',
    'rowlines',
    'frame',
    'framespacing',
    'equalrows',
    'equalcolumns',
  ],
  mtd: ['columnalign', 'rowalign', 'columnspan', 'rowspan'],
  menclose: ['notation'],
};

const SAFE: sanitizeHtml.IOptions = {
  allowedTags: [
    'p',
    'br',
    'hr',
    'h1',
    'h2',
    'h3',
    'h4',
    'h5',
    'h6',
    'blockquote',
    'pre',
    'code',
    'span',
    'em',
    'strong',
    'del',
    's',
    'a',
    'ul',
    'ol',
    'li',
    'table',
    'thead',
    'tbody',
    'tr',
    'th',
    'td',
    'img',
    'sub',
    'sup',
    'kbd',
    'dl',
    'dt',
    'dd',
    ...MATHML_TAGS,
  ],
  allowedAttributes: {
    a: ['href', 'title', 'rel'],
    img: ['src', 'alt', 'title'],
    code: ['class'],
    pre: ['class', 'tabindex'],
    span: ['class'],
    th: ['align'],
    td: ['align'],
    ol: ['start'],
    ...MATHML_ATTRIBUTES,
  },
  allowedClasses: {
    code: ['language-*', 'hljs'],
    pre: ['hljs'],
    span: ['hljs-*', 'language-*', 'katex', 'katex-error'],
  },
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
