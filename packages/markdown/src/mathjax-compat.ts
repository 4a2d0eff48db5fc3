/**
 * What Stack Exchange's MathJax accepts and KaTeX refuses, rewritten before KaTeX reads a
 * formula (issue 42 item 3): `eqnarray` as `aligned` (its `&=&` as `&=`, numbering commands
 * dropped), `equation` as its body, `\fbox{$x$}` as `\boxed{x}`, `\require{…}` dropped, a bare command as a sub- or superscript (`V_\sum`)
 * braced, a `#` in text escaped, and `\newcommand` of a name already defined (KaTeX's own
 * `\ket`, or the post's earlier formula) made a `\renewcommand`, as MathJax lets it redefine.
 * Macros a post defines last for the rest of the post (math.ts passes one table per rendering).
 */
import katex, { type KatexOptions } from 'katex';
// MathJax's mhchem (`\ce{^3He}`), which KaTeX ships as an extension that registers itself.
import 'katex/contrib/mhchem';

/** The macros a post's formulas define, kept across them. */
export type TexMacros = NonNullable<KatexOptions['macros']>;

/** A post's macro table before its own definitions: MathJax's `\enclose{notation}{x}` drawn as a box. */
export const mathjaxMacros = (): TexMacros => ({ '\\enclose': '\\@firstoftwo{\\boxed{#2}}{#1}' });

/** Commands that take an argument: a sub- or superscript of one of these is left as written. */
const TAKES_ARGUMENT = new Set(
  'frac dfrac tfrac sqrt text textbf textit textrm mathrm mathbf mathcal mathbb mathfrak mathsf mathtt mathit operatorname hat bar vec tilde widehat widetilde overline underline dot ddot binom overbrace underbrace boxed left right begin end color'.split(
    ' ',
  ),
);

const defined = new Map<string, boolean>();
/** Whether KaTeX itself defines the command `name` (e.g. `\ket`), asked once per name. */
function katexDefines(name: string): boolean {
  let known = defined.get(name);
  if (known === undefined) {
    try {
      katex.renderToString(`\\renewcommand{${name}}{}`, { throwOnError: true, strict: 'ignore' });
      known = true;
    } catch {
      known = false;
    }
    if (defined.size < 10_000) defined.set(name, known);
  }
  return known;
}

/** `\fbox{$x$}` (MathJax's text box holding math, which splits a `$…$` in two) as `\boxed{x}`, in Markdown source. */
export const boxedFboxes = (source: string) => source.replace(/\\fbox\{\$([^$\n]{1,200})\$\}/g, '\\boxed{$1}');

/** The formula `tex` as KaTeX accepts what MathJax did; `macros` are those the post has defined so far. */
export function mathjaxCompat(tex: string, macros: TexMacros): string {
  return (
    tex
      .replace(/\\begin\{eqnarray\*?\}([\s\S]*?)\\end\{eqnarray\*?\}/g, (_all, body: string) => {
        const rows = body
          .replace(/\\(nonumber|notag)\b|\\label\{[^}]*\}/g, '')
          .replace(/&([^&\\]*(?:\\[A-Za-z]+[^&\\]*)*)&/g, '&$1');
        return `\\begin{aligned}${rows}\\end{aligned}`;
      })
      // MathJax's extension loading (`\require{cancel}`): KaTeX has its extensions built in.
      .replace(/\\require\s*\{[^}]*\}/g, '')
      // An equation environment inside `$…$` (KaTeX takes it only displayed): its body.
      .replace(/\\begin\{equation\*?\}([\s\S]*?)\\end\{equation\*?\}/g, '$1')
      .replace(/\\fbox\b/g, '\\boxed')
      .replace(/([_^])\s*\\([A-Za-z]+)(?![A-Za-z{])/g, (all, mark: string, name: string) =>
        TAKES_ARGUMENT.has(name) ? all : `${mark}{\\${name}}`,
      )
      .replace(/(^|[^\\])#(?![#\d])/g, '$1\\#')
      .replace(/\\(?:re)?newcommand\s*\{?\s*(\\[A-Za-z]+)\s*\}?/g, (_all, name: string) =>
        name in macros || katexDefines(name) ? `\\renewcommand{${name}}` : `\\newcommand{${name}}`,
      )
  );
}
