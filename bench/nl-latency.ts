/**
 * Latency of natural-language search at scale (issue 6). Grows an imported, embedded site to
 * N questions with synthetic copies (nl-grow.ts: title and body of a real question, its vector
 * plus a little noise, written directly so no model time is spent), then times `search(text, 3)` —
 * query embedding included — for every index path this database offers, and the query
 * embedding alone. Prints a Markdown table with wall-clock percentiles and the CPU time per
 * query: this process's (process.cpuUsage) and, on a local PostgreSQL, its server processes'
 * (from /proc), since wall times on a shared machine are noisy.
 * Usage: DATA_DIR=… (or DATABASE_URL=…) tsx bench/nl-latency.ts <questions> [queries]
 */
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { createSemanticService } from '@fso/search';
import { migrate, openDatabase, rows, searchStore } from '@fso/db';
import { createLogger } from '@fso/platform';
import { databaseMeter } from './lib.mjs';
import { growWithCopies } from './nl-grow.ts';

const target = Number(process.argv[2] ?? 20_000);
const queryCount = Number(process.argv[3] ?? 200);
const database = await openDatabase(
  process.env.DATABASE_URL ? { url: process.env.DATABASE_URL } : { dataDir: resolve(process.env.DATA_DIR ?? './data') },
);
await migrate(database);
const one = async (text: string) => (await rows(database.db, text))[0]!;

if (await searchStore(database.db).countEmbeddingJobs())
  throw new Error('Embed the site first (npm run import or npm run reindex).');
const started = Date.now();
await growWithCopies(database, target, (n) => process.stderr.write(`\r${n} questions`));
const grownInS = ((Date.now() - started) / 1000).toFixed(0);
process.stderr.write(`\n`);
const size = Number((await one('SELECT count(*)::int AS n FROM question_embeddings')).n);

const paraphrases = JSON.parse(readFileSync(new URL('./nl-paraphrases.json', import.meta.url), 'utf8')) as {
  pairs: { query: string }[];
};
const titles = await rows<{ title: string }>(
  database.db,
  'SELECT title FROM questions WHERE source_url IS NOT NULL ORDER BY random() LIMIT 400',
);
const queries = [...paraphrases.pairs.map((p) => p.query), ...titles.map((r) => r.title)].slice(0, queryCount);

/**
 * The database's CPU while `fn` runs (the embedded server's database is `fso`): its backends
 * read every second as well as at both ends (lib.mjs's databaseMeter), as the pool closes a
 * connection idle for 10 s and a backend read only at the ends would lose its whole past.
 */
async function serverCpuDuring(fn: () => Promise<void>): Promise<number> {
  const meter = databaseMeter(process.env.DATABASE_URL ? new URL(process.env.DATABASE_URL).pathname.slice(1) : 'fso');
  const timer = setInterval(meter.sample, 1000);
  try {
    await fn();
  } finally {
    clearInterval(timer);
  }
  meter.sample();
  return meter.used();
}

const pct = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!.toFixed(1);
async function time(fn: (q: string) => Promise<unknown>): Promise<string> {
  // Warm-up texts that are not timed: a timed text must not find its vector cached.
  for (let i = 0; i < 5; i++) await fn(`warm up ${i}`);
  const ms: number[] = [];
  const cpu = process.cpuUsage();
  const serverMs = await serverCpuDuring(async () => {
    for (const q of queries) {
      const t = performance.now();
      await fn(q);
      ms.push(performance.now() - t);
    }
  });
  const used = process.cpuUsage(cpu);
  ms.sort((a, b) => a - b);
  const cpuMs = (used.user + used.system) / 1000 / queries.length;
  return `${pct(ms, 50)} | ${pct(ms, 99)} | ${cpuMs.toFixed(1)} + ${(serverMs / queries.length).toFixed(1)}`;
}

const lines = [
  `| database | questions | path | p50 ms | p99 ms | CPU ms/query (node + server) |`,
  `|---|---|---|---|---|---|`,
];
const paths = (await searchStore(database.db).hasVectorIndex()) ? [true, false] : [false];
let embedOnly = '';
for (const useIndex of paths) {
  const semantic = createSemanticService(searchStore(database.db), {
    workerIntervalMs: null,
    useIndex,
    log: createLogger(),
  });
  const index = await semantic.index();
  await semantic.embedder.embed(['load the model']);
  const load = performance.now();
  await semantic.search('warm up', 3);
  const loadMs = performance.now() - load;
  embedOnly ||= await time((q) => semantic.embedder.embed([q]));
  lines.push(
    `| PostgreSQL | ${size} | search, ${index.kind === 'pgvector' ? 'pgvector HNSW' : 'in-memory scan'} (first query incl. loading vectors: ${loadMs.toFixed(
      0,
    )} ms) | ${await time((q) => semantic.search(q, 3))} |`,
  );
}
lines.push(`| PostgreSQL | — | query embedding alone (USE lite) | ${embedOnly} |`);
console.log(lines.join('\n'));
console.error(`grown in ${grownInS} s`);
await database.close();
