/**
 * CPU per natural-language search at scale (decision record 0045), the model left out: the
 * benchmark's 636 texts (nl-paraphrases.json and the dump's real titles) are embedded first
 * (or read from the vectors file), then `search(text, 3)` runs for each, one at a time, on one
 * pooled connection, `rounds` times; prints this process's CPU (process.cpuUsage) and that
 * PostgreSQL backend's (/proc/<pid>/stat; the server must run on this machine) per query. Also
 * writes each text's top 3 ids and its 50 nearest by embedding to `out`, to compare two
 * checkouts or index modes (`compare` prints how many lists agree), and each query's wall time in
 * the last round as percentiles with the slowest texts (how uneven the queries are). Reads only.
 * Usage: tsx bench/nl-cpu.ts <database url> [rounds=2] [out.json] [vectors.json]
 *        tsx bench/nl-cpu.ts compare <a.json> <b.json>
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { createSemanticService, createUseEmbedder, type Embedder } from '@fso/search';
import { openServerDatabase, rows, searchStore } from '@fso/db';
import { createLogger } from '@fso/platform';

interface Lists {
  [text: string]: { top: number[]; near: number[] };
}

if (process.argv[2] === 'compare') {
  const [a, b] = process.argv.slice(3).map((f) => JSON.parse(readFileSync(f, 'utf8')) as Lists) as [Lists, Lists];
  const texts = Object.keys(a).filter((t) => b[t]);
  const same = (x: number[], y: number[]) => x.length === y.length && x.every((id, i) => id === y[i]);
  const overlap = (x: number[], y: number[]) => x.filter((id) => y.includes(id)).length / Math.max(1, x.length);
  const mean = (f: (t: string) => number) => (texts.reduce((s, t) => s + f(t), 0) / texts.length).toFixed(4);
  console.log(
    `${texts.length} texts: top 3 identical ${texts.filter((t) => same(a[t]!.top, b[t]!.top)).length}, same set ${
      texts.filter((t) => same([...a[t]!.top].sort(), [...b[t]!.top].sort())).length
    }; mean overlap of the top 3 ${mean((t) => overlap(a[t]!.top, b[t]!.top))}, of the 50 nearest ${mean((t) => overlap(a[t]!.near, b[t]!.near))}`,
  );
  process.exit(0);
}

const [url, roundsArg, out, vectorsFile] = process.argv.slice(2);
if (!url) throw new Error('usage: tsx bench/nl-cpu.ts <database url> [rounds] [out.json] [vectors.json]');
const rounds = Number(roundsArg ?? 2);
const database = await openServerDatabase({ url, poolSize: 1 });
// The pool's one connection (read again after loading: an idle connection is closed after 10 s).
let pid = 0;
const backendMs = () => {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  return (Number(fields[11]) + Number(fields[12])) * 10; // USER_HZ 100
};

const paraphrases = (
  JSON.parse(readFileSync(new URL('./nl-paraphrases.json', import.meta.url), 'utf8')) as { pairs: { query: string }[] }
).pairs.map((p) => p.query);
const titles = await rows<{ title: string }>(
  database.db,
  'SELECT title FROM questions WHERE source_url IS NOT NULL ORDER BY id',
);
const texts = [...paraphrases, ...titles.map((r) => r.title)];

// Every text's vector made before the clock starts (and kept in `vectorsFile` for the next run).
const known = new Map<string, Float32Array>(
  vectorsFile && existsSync(vectorsFile)
    ? Object.entries(JSON.parse(readFileSync(vectorsFile, 'utf8')) as Record<string, number[]>).map(([t, v]) => [
        t,
        Float32Array.from(v),
      ])
    : [],
);
const use = createUseEmbedder();
const missing = texts.filter((t) => !known.has(t));
if (missing.length) (await use.embed(missing)).forEach((v, i) => known.set(missing[i]!, v));
if (vectorsFile && missing.length)
  writeFileSync(vectorsFile, JSON.stringify(Object.fromEntries([...known].map(([t, v]) => [t, [...v]]))));
const embedder: Embedder = {
  name: use.name,
  dimensions: use.dimensions,
  embed: (list) => Promise.resolve(list.map((t) => known.get(t)!)),
};

const semantic = createSemanticService(searchStore(database.db), {
  embedder,
  workerIntervalMs: null,
  log: createLogger(),
});
const index = await semantic.index();
const loading = performance.now();
await index.warm();
console.log(
  `index ${index.kind}, loaded in ${(performance.now() - loading).toFixed(0)} ms; load average ${loadavg()
    .map((l) => l.toFixed(1))
    .join(' ')}`,
);
await semantic.search(texts[0]!, 3);
[{ pid }] = (await rows<{ pid: number }>(database.db, 'SELECT pg_backend_pid() AS pid')) as [{ pid: number }];

const lists: Lists = {};
/** Each text's wall time in the last round (one search at a time): how uneven the queries are. */
const wall = new Map<string, number>();
for (let round = 0; round < rounds; round++) {
  const [cpu, backend] = [process.cpuUsage(), backendMs()];
  for (const text of texts) {
    const started = performance.now();
    const top = (await semantic.search(text, 3)).map((h) => Number(h._id));
    wall.set(text, performance.now() - started);
    if (round === 0 && out) lists[text] = { top, near: [] };
  }
  const used = process.cpuUsage(cpu);
  console.log(
    `round ${round + 1}: Node ${((used.user + used.system) / 1000 / texts.length).toFixed(2)} + PostgreSQL ${((backendMs() - backend) / texts.length).toFixed(2)} ms/query; load average ${loadavg()
      .map((l) => l.toFixed(1))
      .join(' ')}`,
  );
}
const times = [...wall.values()].sort((a, b) => a - b);
const at = (q: number) => times[Math.min(times.length - 1, Math.floor(q * times.length))]!.toFixed(1);
console.log(`wall ms per query, last round: p50 ${at(0.5)}, p90 ${at(0.9)}, p99 ${at(0.99)}, max ${at(1)}; slowest:`);
for (const [text, ms] of [...wall].sort((a, b) => b[1] - a[1]).slice(0, 5))
  console.log(`  ${ms.toFixed(1)} ms  ${text}`);
if (out) {
  const [cpu] = [process.cpuUsage()];
  for (const text of texts) lists[text]!.near = (await index.nearest(known.get(text)!, 50)).map((s) => s.questionId);
  const used = process.cpuUsage(cpu);
  console.log(`nearest 50 alone: ${((used.user + used.system) / 1000 / texts.length).toFixed(2)} ms/query`);
  writeFileSync(out, JSON.stringify(lists));
}
await semantic.close();
await database.close();
