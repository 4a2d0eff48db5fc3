/**
 * Every grammar of code-languages.ts against adversarial texts of HIGHLIGHT_MAX (3,000)
 * characters (issue 39 item 1): each of ~150 short units (every punctuation character alone,
 * after a letter and before a space or a newline; runs of letters, digits, spaces and newlines;
 * pieces of comments, strings, tags and links) repeated to that length, highlighted as that
 * language. A text's CPU time in this process is compared with that of highlighting ten times
 * its length of ordinary JavaScript, measured just before it, and must stay under RATIO times
 * it: a bound in this machine's own units, paired so that load which comes and goes (other
 * vitest workers share the cores) moves both sides alike; the least of up to five pairs counts.
 * A text under SCREEN_MS of CPU needs no pair. On a quiet machine the reference costs ~24 ms, so
 * the bound is ~240 ms, a quarter of the 1 s of CPU after which the render thread gives up on a
 * post (render-pool.ts). java's `$`, the worst kept, costs 3.6 times the reference on a quiet
 * machine and 5.6 at load 12 (its allocations suffer more from a shared cache than ordinary
 * code's). The worst ratio per grammar is printed.
 */
import hljs from 'highlight.js/lib/core';
import { afterAll, describe, expect, it } from 'vitest';
import { CODE_LANGUAGES } from './code-languages.ts';
import { HIGHLIGHT_MAX } from './markdown.ts';

const RATIO = 10;
/** A text cheaper than this is under the bound wherever the reference costs over 5 ms (a fifth of a quiet 2-core machine's). */
const SCREEN_MS = 50;
const ORDINARY = 'function add(a, b) {\n  // sum two numbers\n  const s = "x" + a;\n  return a + b * 2; /* ok */\n}\n';
const PUNCTUATION = [...'!"#$%&\'()*+,-./:;<=>?@[\\]^_`{|}~'];
const UNITS = [
  ...new Set([
    ...PUNCTUATION,
    ...['a', '0', ' ', '\n', '\t', 'a\n', ' \n', 'a b', '\\\n'],
    ...PUNCTUATION.flatMap((c) => [`a${c}`, `${c} `, `${c}\n`]),
    ...['[a](', '<a ', '</', '/*', '<!--', '"\\', "'\\", '${', '#{', '{{', '0x', '1e', '1.e', '0.', '@a', '$a', '\\a'],
    ...['# ', '- ', '* ', '> ', '| ', '::', '=>', '->', '<<', '>>', '<<<', '**', '__', '~~', '"a', "'a", '`a', 'a:b'],
    ...['a=b', 'a(b', '.a', '-a', '/a', '//', '#a', '%a', '&a;', '$(', '@{', '{a', 'a}', '(a', 'a)', '[a', 'a]'],
  ]),
];

const fill = (unit: string) => unit.repeat(Math.ceil(HIGHLIGHT_MAX / unit.length)).slice(0, HIGHLIGHT_MAX);

/** CPU milliseconds of highlighting `text` as `language`, once. */
function cpuMs(text: string, language: string): number {
  const start = process.cpuUsage();
  hljs.highlight(text, { language, ignoreIllegals: true });
  const spent = process.cpuUsage(start);
  return (spent.user + spent.system) / 1000;
}

/** `text`'s cost in units of the reference (0 when under SCREEN_MS): the least of up to five pairs, stopping under RATIO. */
function ratio(text: string, language: string, reference: string): number {
  if (cpuMs(text, language) < SCREEN_MS) return 0;
  let least = Infinity;
  for (let pair = 0; pair < 5 && least >= RATIO; pair++) {
    const unit = cpuMs(reference, 'javascript');
    least = Math.min(least, cpuMs(text, language) / unit);
  }
  return least;
}

const worst: string[] = [];
afterAll(() =>
  console.info(`Highlighting, worst cost in reference units at ${HIGHLIGHT_MAX} characters: ${worst.join(', ')}`),
);

describe(`every kept grammar stays under ${RATIO}× ordinary code of 10× the length on ${UNITS.length} adversarial texts`, () => {
  for (const language of Object.keys(CODE_LANGUAGES))
    it(
      language,
      () => {
        hljs.highlight('warm(up) { "a" + 1 } // b', { language, ignoreIllegals: true });
        const reference = fill(ORDINARY).repeat(10);
        cpuMs(reference, 'javascript');
        const costs = UNITS.map((unit) => ({ unit, ratio: ratio(fill(unit), language, reference) }));
        const top = costs.reduce((a, b) => (b.ratio > a.ratio ? b : a));
        if (top.ratio > 0) worst.push(`${language} ${top.ratio.toFixed(1)} (${JSON.stringify(top.unit)})`);
        expect(costs.filter((c) => c.ratio >= RATIO)).toEqual([]);
      },
      60_000,
    );
});
