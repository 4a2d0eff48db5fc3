/**
 * Every grammar of code-languages.ts against adversarial texts of HIGHLIGHT_MAX (3,000)
 * characters (issue 39 item 1): each of ~150 short units (every punctuation character alone,
 * after a letter and before a space or a newline; runs of letters, digits, spaces and newlines;
 * pieces of comments, strings, tags and links) repeated to that length, highlighted as that
 * language. CPU time of this process (so other processes' load barely moves it), the least of up
 * to three runs, must stay under 150 ms (markdown's grammar, left out, took 170 ms on `[a](`).
 * The worst figure per grammar is printed for bench/RESULTS.md.
 */
import hljs from 'highlight.js/lib/core';
import { afterAll, describe, expect, it } from 'vitest';
import { CODE_LANGUAGES } from './code-languages.ts';
import { HIGHLIGHT_MAX } from './markdown.ts';

const BOUND_MS = 150;
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

/** CPU milliseconds of highlighting `text`: the least of up to three runs, rerun only while over the bound. */
function cost(text: string, language: string): number {
  let least = Infinity;
  for (let run = 0; run < 3 && least >= BOUND_MS; run++) {
    const start = process.cpuUsage();
    hljs.highlight(text, { language, ignoreIllegals: true });
    const spent = process.cpuUsage(start);
    least = Math.min(least, (spent.user + spent.system) / 1000);
  }
  return least;
}

const worst: string[] = [];
afterAll(() => console.info(`Highlighting, worst CPU ms at ${HIGHLIGHT_MAX} characters: ${worst.join(', ')}`));

describe(`every kept grammar stays under ${BOUND_MS} ms of CPU on ${UNITS.length} adversarial texts`, () => {
  for (const language of Object.keys(CODE_LANGUAGES))
    it(
      language,
      () => {
        hljs.highlight('warm(up) { "a" + 1 } // b', { language, ignoreIllegals: true });
        const costs = UNITS.map((unit) => ({ unit, ms: cost(fill(unit), language) }));
        const top = costs.reduce((a, b) => (b.ms > a.ms ? b : a));
        worst.push(`${language} ${top.ms.toFixed(1)} (${JSON.stringify(top.unit)})`);
        expect(costs.filter((c) => c.ms >= BOUND_MS)).toEqual([]);
      },
      60_000,
    );
});
