/**
 * Post bodies to HTML: CommonMark (markdown-it) with fenced code highlighted by highlight.js,
 * raw HTML in the source shown as text, and the result passed through sanitize-html's allow
 * list, so no user input can bring script, style or event handlers into a page. Links open
 * with rel="nofollow ugc noopener". TeX between dollars becomes MathML (math.ts).
 * Bounded whatever the input (issue 39): only the vetted languages of code-languages.ts are
 * highlighted, at most HIGHLIGHT_MAX characters of a post's code (fence by fence, in order; a
 * fence that does not fit is plain escaped code), and at most MATH_MAX formulas (math.ts).
 * An image is always remote (issue 39 item 13): one on the site's own paths would make every
 * reader's browser send a GET there, so it is shown as a link; a protocol-relative one is https.
 */
import hljs from 'highlight.js/lib/core';
import MarkdownIt from 'markdown-it';
import sanitizeHtml from 'sanitize-html';
import { CODE_LANGUAGES } from './code-languages.ts';
import { mathPlugin, renderTex, splitMath, type MathEnv } from './math.ts';
import { mathjaxMacros } from './mathjax-compat.ts';

for (const [name, grammar] of Object.entries(CODE_LANGUAGES)) hljs.registerLanguage(name, grammar);

/** Characters of code one rendering highlights at most: the length code-languages.test.ts scans every grammar at. */
export const HIGHLIGHT_MAX = 3_000;

/** What one rendering counts (markdown-it's `env`): its formulas, and the characters of code it has highlighted. */
type RenderEnv = MathEnv & { highlighted: number };

// A code block scrolls sideways: tabindex lets a keyboard reach and scroll it.
const codeBlock = (html: string, language: string | null) =>
  `<pre class="hljs" tabindex="0"><code${language ? ` class="language-${language}"` : ''}>${html}</code></pre>`;

const markdown: InstanceType<typeof MarkdownIt> = new MarkdownIt({
  html: false,
  linkify: true,
  highlight(code, language) {
    const lang = language && hljs.getLanguage(language) ? language : null;
    const html = lang
      ? hljs.highlight(code, { language: lang, ignoreIllegals: true }).value
      : markdown.utils.escapeHtml(code);
    return codeBlock(html, lang);
  },
}).use(mathPlugin);

const plain = { ...markdown.options, highlight: (code: string) => codeBlock(markdown.utils.escapeHtml(code), null) };
const renderFence = markdown.renderer.rules.fence!;
markdown.renderer.rules.fence = (tokens, i, options, env, self) => {
  const { info, content } = tokens[i]!;
  // The language as markdown-it's fence rule reads it: the info string's first word, unescaped.
  const language = markdown.utils.unescapeAll(info).trim().split(/\s+/, 1)[0];
  if (!language || !hljs.getLanguage(language)) return renderFence(tokens, i, options, env, self);
  const counted = env as RenderEnv;
  const fits = counted.highlighted + content.length <= HIGHLIGHT_MAX;
  if (fits) counted.highlighted += content.length;
  return renderFence(tokens, i, fits ? options : plain, env, self);
};

/** Stands for the page's own origin when an image's source is resolved as a browser would resolve it. */
const HERE = 'https://here.invalid/';

/** An image source as a reader's browser resolves it: on another host (the URL, https for `//host`), or null for the site's own paths. */
function remoteImage(src: string): URL | null {
  const url = URL.canParse(src, HERE) ? new URL(src, HERE) : null;
  return url && url.origin !== new URL(HERE).origin ? url : null;
}

// An image with no alt text (common in imported posts) is named by where it comes from, so a
// screen reader says more than nothing (one on the site's own paths becomes a link to it: SAFE).
const renderImage = markdown.renderer.rules.image!;
markdown.renderer.rules.image = (tokens, i, options, env, self) => {
  const token = tokens[i]!;
  const host = remoteImage(String(token.attrGet('src') ?? ''))?.hostname;
  if (!token.children?.length && host) token.children = markdown.parseInline(`Image from ${host}`, {})[0]!.children;
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
  transformTags: {
    a: sanitizeHtml.simpleTransform('a', { rel: 'nofollow ugc noopener' }),
    img: (tagName, attribs): sanitizeHtml.Tag => {
      const remote = remoteImage(attribs.src ?? '');
      if (remote) return { tagName, attribs: { ...attribs, src: remote.href } };
      const { src = '', alt } = attribs;
      return { tagName: 'a', attribs: { href: src, rel: 'nofollow ugc noopener' }, text: alt || src };
    },
  },
};

/** A rendered body: its sanitised HTML, and how many formulas its source has (those past MATH_MAX shown as TeX). */
export interface RenderedBody {
  html: string;
  formulas: number;
}

/** Markdown source → sanitised HTML, with what the rendering counted. */
export function renderBody(source: string): RenderedBody {
  const env: RenderEnv = { formulas: 0, highlighted: 0 };
  return { html: sanitizeHtml(markdown.render(source, env), SAFE), formulas: env.formulas };
}

/**
 * The renderings of the texts seen last, oldest dropped first: a title with math costs KaTeX
 * 2.5–7 ms, and the same titles come back on every request (lists, sidebars, inboxes). At most
 * MATH_TEXTS_KEPT, each a few kB of MathML.
 */
const mathTexts = new Map<string, string | null>();
const MATH_TEXTS_KEPT = 1_000;

/**
 * Plain text with TeX between dollars (a title, a search excerpt: issue 42 item 3) → HTML whose
 * `$…$` are rendered as a post's are and the rest escaped; null when it holds no math.
 */
export function mathText(text: string): string | null {
  if (!text.includes('$')) return null;
  const kept = mathTexts.get(text);
  if (kept !== undefined) return kept;
  const html = renderMathText(text);
  if (mathTexts.size >= MATH_TEXTS_KEPT) mathTexts.delete(mathTexts.keys().next().value!);
  mathTexts.set(text, html);
  return html;
}

/** Of these texts (a list's titles), the renderings of those that hold math, by text. */
export function mathTitles(texts: Iterable<string | null>): Record<string, string> {
  const rendered: Record<string, string> = {};
  for (const text of texts) {
    const html = text === null ? null : mathText(text);
    if (html !== null) rendered[text!] = html;
  }
  return rendered;
}

function renderMathText(text: string): string | null {
  const parts = splitMath(text);
  if (!parts.some((p) => p.math)) return null;
  const macros = mathjaxMacros();
  const html = parts
    .map((p) =>
      p.math && !p.text.startsWith('$$')
        ? renderTex(p.text.slice(1, -1), false, macros)
        : markdown.utils.escapeHtml(p.text),
    )
    .join('');
  return sanitizeHtml(html, SAFE);
}

/** Markdown source → sanitised HTML. */
export const renderMarkdown = (source: string): string => renderBody(source).html;

/** Imported HTML (Stack Exchange dumps) → the same allow list. */
export function sanitizeImportedHtml(html: string): string {
  return sanitizeHtml(html, SAFE);
}
