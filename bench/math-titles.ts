/**
 * Benchmark (issue 42 item 3): what rendering the math of a list's titles on the server costs a
 * request. The 612 question titles of the real dump (../shared/data), in lists of 10 as the
 * question sidebar shows them, through core's mathTitles: first when each title is new (KaTeX
 * runs), then again (the renderings kept). Not part of `npm run bench`. Prints a table row for
 * bench/RESULTS.md. Run: node --import tsx bench/math-titles.ts
 */
import { readFileSync } from 'node:fs';
import { mathTitles } from '@fso/markdown';

const POSTS = new URL('../../shared/data/quantumcomputing.stackexchange.com/Posts.xml', import.meta.url);
const entities: Record<string, string> = { lt: '<', gt: '>', quot: '"', apos: "'", amp: '&' };
const titles = [...readFileSync(POSTS, 'utf8').matchAll(/ Title="([^"]*)"/g)].map((m) =>
  m[1]!.replace(/&(lt|gt|quot|apos|amp);/g, (_, name: string) => entities[name]!),
);
const lists = Array.from({ length: Math.ceil(titles.length / 10) }, (_, i) => titles.slice(i * 10, i * 10 + 10));

function pass(): number[] {
  return lists.map((list) => {
    const start = process.hrtime.bigint();
    mathTitles(list);
    return Number(process.hrtime.bigint() - start) / 1e6;
  });
}

const quantile = (ms: number[], q: number) => [...ms].sort((a, b) => a - b)[Math.floor(q * (ms.length - 1))]!;
const row = (label: string, ms: number[]) =>
  `| ${label} | ${ms.length} | ${quantile(ms, 0.5).toFixed(3)} | ${quantile(ms, 0.99).toFixed(3)} | ${Math.max(...ms).toFixed(3)} |`;

const cold = pass();
const warm = pass();
const withMath = Object.keys(mathTitles(titles)).length;
console.log(`${titles.length} titles, ${withMath} with math, in lists of 10`);
console.log('| mathTitles of 10 titles | lists | p50 ms | p99 ms | max ms |');
console.log('| --- | ---: | ---: | ---: | ---: |');
console.log(row('first time (KaTeX)', cold));
console.log(row('again (kept)', warm));
