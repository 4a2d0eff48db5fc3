/**
 * TeX math in post bodies, as on Stack Exchange: `$…$` inline and `$$…$$` displayed, rendered
 * once on the server by KaTeX into MathML (stored with the post's HTML, so pages stay fast and
 * work without JavaScript, and no inline style is needed under our CSP; docs/decisions/0024-dark-mode-and-math.md).
 * A markdown-it inline rule, so code spans and code blocks keep their dollars; `\$` is a dollar.
 * A formula KaTeX cannot render (a parse error, or groups nested deep enough to exhaust the
 * stack) is shown as its TeX in a `katex-error` span. One rendering counts its formulas in its
 * `MathEnv`; past MATH_MAX they are shown as written, so that no post renders unbounded MathML
 * (`$a` × 14,500 made 1.38 MB); writes refuse such a post (packages/core/src/post-body.ts).
 * MathJax's extras that KaTeX lacks are rewritten first (mathjax-compat.ts).
 */
import katex from 'katex';
import type MarkdownIt from 'markdown-it';
import { MATH_MAX, MATH_SPAN, splitMatches } from '@fso/shared';
import { boxedFboxes, mathjaxCompat, mathjaxMacros, type TexMacros } from './mathjax-compat.ts';

/** The first unescaped `delimiter` in `src` at or after `from`, or -1. */
function closing(src: string, from: number, delimiter: string): number {
  for (let i = src.indexOf(delimiter, from); i !== -1; i = src.indexOf(delimiter, i + 1)) {
    let slashes = 0;
    while (src[i - 1 - slashes] === '\\') slashes++;
    if (slashes % 2 === 0) return i;
  }
  return -1;
}

/** `macros`: the table a post's `\newcommand`s and `\def`s fill, kept across its formulas. */
export const renderTex = (tex: string, displayMode: boolean, macros: TexMacros = {}) =>
  katex.renderToString(mathjaxCompat(tex, macros), {
    output: 'mathml',
    displayMode,
    throwOnError: false,
    strict: 'ignore',
    maxSize: 20,
    maxExpand: 200,
    macros,
    globalGroup: true,
  });

/** What a rendering counts of its math and the macros its formulas defined (markdown-it's `env`). */
export type MathEnv = { formulas: number; macros?: TexMacros };

export function mathPlugin(md: InstanceType<typeof MarkdownIt>) {
  md.core.ruler.before('block', 'fbox', (state) => {
    state.src = boxedFboxes(state.src);
  });
  md.inline.ruler.before('escape', 'math', (state, silent) => {
    const { src, pos } = state;
    if (src[pos] !== '$') return false;
    const display = src[pos + 1] === '$';
    const delimiter = display ? '$$' : '$';
    const start = pos + delimiter.length;
    const end = closing(src, start, delimiter);
    const tex = end === -1 ? '' : src.slice(start, end);
    // "$5 and $6" is money, not math (pandoc's rule): inline TeX neither starts nor ends with a
    // space, nor is its closing dollar followed by a digit; and it never reaches into a code span.
    if (!tex.trim() || tex.includes('`')) return false;
    if (!display && (/^\s|\s$/.test(tex) || /\d/.test(src[end + 1] ?? ''))) return false;
    if (!silent) {
      const token = state.push('math', 'math', 0);
      token.content = tex;
      token.markup = delimiter;
    }
    state.pos = end + delimiter.length;
    return true;
  });
  md.renderer.rules.math = (tokens, i, _options, env) => {
    const { content, markup } = tokens[i]!;
    if (++(env as MathEnv).formulas > MATH_MAX) return md.utils.escapeHtml(markup + content + markup);
    try {
      return renderTex(content, markup === '$$', ((env as MathEnv).macros ??= mathjaxMacros()));
    } catch {
      // throwOnError covers parse errors only: thousands of nested groups overflow KaTeX's stack (a RangeError).
      return `<span class="katex-error">${md.utils.escapeHtml(content)}</span>`;
    }
  };
}

/** Splits text into its math (`$…$`, `$$…$$`; an escaped `\$` inside inline TeX does not end it) and the rest, for code that must leave TeX alone. */
export function splitMath(text: string): { text: string; math: boolean }[] {
  return splitMatches(text, MATH_SPAN).map((part) => ({
    text: part.text,
    math: part.match,
  }));
}
