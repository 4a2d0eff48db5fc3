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
import { createSemanticService } from '@fso/core/semantic';
import { countEmbeddingJobs, hasVectorIndex, migrate, openDatabase, rows } from '@fso/db';
import { createLogger } from '@fso/platform';
import { growWithCopies } from './nl-grow.ts';

const target = Number(process.argv[2] ?? 20_000);
const queryCount = Number(process.argv[3] ?? 200);
const database = await openDatabase(process.env.DATABASE_URL ? { url: process.env.DATABASE_URL } : { dataDir: resolve(process.env.DATA_DIR ?? './data') });
await migrate(database);
const one = async (text: string) => (await rows(database.db, text))[0]!;

if (await countEmbeddingJobs(database.db)) throw new Error('Embed the site first (npm run import or npm run reindex).');
const started = Date.now();
await growWithCopies(database, target, (n) => process.stderr.write(`\r${n} questions`));
const grownInS = ((Date.now() - started) / 1000).toFixed(0);
process.stderr.write(`\n`);
const size = Number((await one('SELECT count(*)::int AS n FROM question_embeddings')).n);

const paraphrases = JSON.parse(readFileSync(new URL('./nl-paraphrases.json', import.meta.url), 'utf8')) as { pairs: { query: string }[] };
const titles = await rows<{ title: string }>(database.db, 'SELECT title FROM questions WHERE source_url IS NOT NULL ORDER BY random() LIMIT 400');
const queries = [...paraphrases.pairs.map((p) => p.query), ...titles.map((r) => r.title)].slice(0, queryCount);

/**
 * CPU milliseconds used so far by each of this database's server processes (none for PGlite,
 * which runs in this process), by pid.
 */
async function serverCpuMs(): Promise<Map<number, number>> {
  const used = new Map<number, number>();
  if (database.kind === 'pglite') return used;
  const pids = await rows<{ pid: number }>(database.db, 'SELECT pid FROM pg_stat_activity WHERE datname = current_database()');
  for (const { pid } of pids) {
    try {
      const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
      used.set(pid, (Number(fields[11]) + Number(fields[12])) * 10); // utime, stime (fields 14 and 15 of stat); USER_HZ is 100 on Linux
    } catch {
      // a server on another machine, or a backend that just ended
    }
  }
  return used;
}

/**
 * The database's CPU while `fn` runs: each backend's last reading less its first, read every
 * second as well as at both ends. The pool closes a connection idle for 10 s, so a backend read
 * at the start may be gone at the end: summing only the backends alive at each end subtracted
 * the whole past CPU of those that closed meanwhile (a negative figure, "25.4 + -3.4").
 */
async function serverCpuDuring(fn: () => Promise<void>): Promise<number> {
  const first = await serverCpuMs();
  const last = new Map(first);
  const read = async () => {
    for (const [pid, ms] of await serverCpuMs()) last.set(pid, ms);
  };
  let reading = Promise.resolve();
  const timer = setInterval(() => {
    reading = reading.then(read);
  }, 1000);
  try {
    await fn();
  } finally {
    clearInterval(timer);
    await reading;
  }
  await read();
  let total = 0;
  for (const [pid, ms] of last) total += ms - (first.get(pid) ?? 0);
  return total;
}

const pct = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!.toFixed(1);
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
  return `${pct(ms, 50)} | ${pct(ms, 99)} | ${cpuMs.toFixed(1)}${database.kind === 'pglite' ? '' : ` + ${(serverMs / queries.length).toFixed(1)}`}`;
}

const lines = [`| database | questions | path | p50 ms | p99 ms | CPU ms/query (node + server) |`, `|---|---|---|---|---|---|`];
const kind = database.kind === 'pglite' ? 'PGlite' : 'PostgreSQL';
const paths = (await hasVectorIndex(database.db)) ? [true, false] : [false];
let embedOnly = '';
for (const useIndex of paths) {
  const semantic = createSemanticService(database, { workerIntervalMs: null, useIndex, log: createLogger() });
  const index = await semantic.index();
  await semantic.embedder.embed(['load the model']);
  const load = performance.now();
  await semantic.search('warm up', 3);
  const loadMs = performance.now() - load;
  embedOnly ||= await time((q) => semantic.embedder.embed([q]));
  lines.push(
    `| ${kind} | ${size} | search, ${index.kind === 'pgvector' ? 'pgvector HNSW' : 'in-memory scan'} (first query incl. loading vectors: ${loadMs.toFixed(
      0,
    )} ms) | ${await time((q) => semantic.search(q, 3))} |`,
  );
}
lines.push(`| ${kind} | — | query embedding alone (USE lite) | ${embedOnly} |`);
console.log(lines.join('\n'));
console.error(`grown in ${grownInS} s`);
await database.close();
