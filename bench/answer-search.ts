/**
 * `is:answer`'s statement (issue 42, migration 0079) timed on a seeded data set: the 18 two-word
 * searches of the Q&A benchmark, no words, the busiest answerer, and words with score:,
 * isaccepted: and a tag; 5 rounds, the first left out. Usage:
 *   DATABASE_URL=… tsx bench/answer-search.ts   (a data set from bench/seed-qa.ts)
 */
import { openDatabase, listAnswerSearchItems, rows } from '@fso/db';
import { sql } from 'drizzle-orm';
import { SEARCHES } from './qa.mjs';
const database = await openDatabase({ url: process.env.DATABASE_URL!, poolSize: 1 });
const [u] = await rows(
  database.db,
  sql`SELECT u.username FROM answers a JOIN users u ON u.id = a.ans_by GROUP BY u.username ORDER BY count(*) DESC LIMIT 1`,
);
const cases: [string, string, object][] = [
  ...SEARCHES.map((s: string) => [s, s, {}] as [string, string, object]),
  ['no words', '', {}],
  ['busiest user', '', { user: String(u!.username) }],
  ['word + score:2', 'quantum', { score: 2 }],
  ['word + isaccepted:yes', 'qubit', { accepted: true }],
  ['[tag] word', '[quantum-gate] circuit', {}],
];
const times: Record<string, number[]> = {};
for (let round = 0; round < 5; round++)
  for (const [name, search, filters] of cases) {
    const t = performance.now();
    await listAnswerSearchItems(database.db, { search, filters, limit: 20, offset: 0 });
    (times[name] ??= []).push(performance.now() - t);
  }
const all: number[] = [];
for (const [name, t] of Object.entries(times)) {
  const warm = t.slice(1).sort((a, b) => a - b);
  all.push(...warm);
  console.log(`${name.padEnd(24)} median ${warm[2]!.toFixed(1)} ms, max ${warm.at(-1)!.toFixed(1)} ms`);
}
all.sort((a, b) => a - b);
console.log(
  `all warm: median ${all[Math.floor(all.length / 2)]!.toFixed(1)} ms, p95 ${all[Math.floor(all.length * 0.95)]!.toFixed(1)}, max ${all.at(-1)!.toFixed(1)}`,
);
await database.close();
