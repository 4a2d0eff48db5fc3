/**
 * Each search kind on the embedded database, one request at a time (decision record 0044): the
 * list reads `/question/getQuestion?search=` and `/home?search=` make (the same functions, on
 * PGlite in this process), over bench/qa.mjs's 18 two-word queries, with the process's CPU time
 * and the wall time of each. PGlite runs its SQL on this thread, so CPU is what a request
 * takes from every other request of the server. Usage (on a copy of a seeded data directory):
 *   DATA_DIR=bench/out/pglite-qa-100000 node --import tsx bench/pglite-search.ts [rounds]
 */
import { resolve } from 'node:path';
import { listQuestions, listSearchItems, openEmbeddedDatabase } from '@fso/db';
import { SEARCHES } from './qa.mjs';

const rounds = Number(process.argv[2] ?? 2);
const database = await openEmbeddedDatabase({ dataDir: resolve(process.env.DATA_DIR ?? 'bench/out/pglite-qa-100000') });
const db = database.db;

const TAG = '[quantum-gate]';
const KINDS: [string, (words: string) => Promise<unknown>][] = [
  ['two words (REST, limit 50)', (w) => listQuestions(db, { search: w, limit: 50, offset: 0 })],
  ['[tag] alone (REST, newest, limit 50)', () => listQuestions(db, { search: TAG, limit: 50, offset: 0 })],
  [
    '[tag] + word (REST, limit 50)',
    (w) => listQuestions(db, { search: `${TAG} ${w.split(' ')[1]}`, limit: 50, offset: 0 }),
  ],
  ['search screen (/home, 20 + excerpts)', (w) => listSearchItems(db, { search: w, limit: 20, offset: 0 })],
];

const cpu = () => {
  const { user, system } = process.cpuUsage();
  return (user + system) / 1000;
};
const quantile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))]!;

await listQuestions(db, { search: 'warm up', limit: 1, offset: 0 });
for (const [name, run] of KINDS) {
  const walls: number[] = [];
  let cpuTotal = 0;
  const slowest: [number, string][] = [];
  for (let r = 0; r < rounds; r++) {
    for (const words of SEARCHES) {
      const c0 = cpu();
      const t0 = performance.now();
      await run(words);
      const wall = performance.now() - t0;
      cpuTotal += cpu() - c0;
      walls.push(wall);
      slowest.push([wall, words]);
    }
  }
  walls.sort((a, b) => a - b);
  slowest.sort((a, b) => b[0] - a[0]);
  const worst = slowest
    .slice(0, 3)
    .map(([ms, w]) => `${w} ${ms.toFixed(0)}`)
    .join(', ');
  console.log(
    `${name}: CPU ${(cpuTotal / walls.length).toFixed(1)} ms/req, wall p50 ${quantile(walls, 0.5).toFixed(1)} p90 ${quantile(walls, 0.9).toFixed(1)} max ${walls.at(-1)!.toFixed(1)} ms; slowest: ${worst}`,
  );
}
await database.close();
