import { describe, expect, it } from 'vitest';
import { mathText, mathTitles, renderMarkdown } from './markdown.ts';
import { splitMath } from './math.ts';

const clean = (source: string) => {
  const html = renderMarkdown(source);
  // A formula KaTeX refuses is a katex-error span; an unknown command inside one is red (#cc0000).
  expect(html).not.toMatch(/katex-error|cc0000/);
  return html;
};

describe('MathJax extras that KaTeX renders (issue 42 item 3)', () => {
  it('keeps a macro a post defines for its later formulas, and lets it redefine a KaTeX one', () => {
    const html = clean(
      '$\\newcommand{\\ket}[1]{\\left|#1\\right>}$ so $\\ket{\\psi}$ and $\\def\\R{\\mathbb{R}}$ in $\\R^n$',
    );
    expect(html).toContain('ψ');
    expect(html).toContain('double-struck');
    clean('$\\newcommand{\\Q}{\\mathbf{Q}}\\newcommand{\\S}{\\mathbf{S}}$ then $\\newcommand{\\Q}{Q}\\Q\\S$');
  });

  it('does not carry one post’s macros into another', () => {
    clean('$\\newcommand{\\zork}{z}\\zork$');
    expect(renderMarkdown('$\\zork$')).toContain('cc0000');
  });

  it('reads eqnarray as aligned, \\fbox as \\boxed, bare commands as scripts, # in text, equation inline', () => {
    clean('$$\\begin{eqnarray*} a &=& b \\nonumber \\\\ c &\\to& d \\label{x} \\end{eqnarray*}$$');
    expect(clean('the $\\fbox{$\\pm$}$ gates')).toContain('menclose');
    clean('$V_\\sum = a|1\\rangle$ and $x^\\dagger$ but $x_\\frac12$');
    clean('$$\\text{# of qubits}$$');
    clean('$$\\require{cancel} \\cancel{x}$$');
    clean('$\\require{\\mhchem}\\ce{^{3}He}$ and $$\\require{enclose} \\enclose{circle}{x}$$');
    clean('$|V| = \\begin{equation}\\sqrt{77}\\end{equation}$');
  });

  it('keeps an escaped dollar inside inline TeX (the import leaves such math unescaped)', () => {
    expect(splitMath('state $(s,\\left|\\$_s\\right>)$ here')).toEqual([
      { text: 'state ', math: false },
      { text: '$(s,\\left|\\$_s\\right>)$', math: true },
      { text: ' here', math: false },
    ]);
  });
});

describe('mathText (titles and excerpts)', () => {
  it('renders the math of a plain text and escapes the rest; null without math', () => {
    const html = mathText('Why is $\\langle 0|H|1\\rangle$ <b>real</b>?')!;
    expect(html).toContain('<math');
    expect(html).toContain('&lt;b&gt;real&lt;/b&gt;');
    expect(html).not.toMatch(/katex-error|cc0000|\$/);
    expect(mathText('Costs 5 dollars')).toBeNull();
  });
});

describe('mathTitles (a list’s titles: sidebar, profile activity, notifications)', () => {
  it('renders only the titles that hold math, by text, each once', () => {
    const rendered = mathTitles(['Is $H$ real?', 'Plain title', null, 'Is $H$ real?', 'constructor']);
    expect(Object.keys(rendered)).toEqual(['Is $H$ real?']);
    expect(rendered['Is $H$ real?']).toBe(mathText('Is $H$ real?'));
    expect(rendered['Is $H$ real?']).toContain('<math');
  });
});
