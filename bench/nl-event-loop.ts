/**
 * Does natural-language search leave the event loop free? Embeds 40 distinct ~440-character
 * queries at once (issue 14 item 5's attack) with the model on the calling thread and then
 * through the worker-thread pool the server uses, while a 10 ms timer on the main thread records
 * how late each of its ticks runs: a blocked loop shows as few, late ticks. No database.
 * Usage: tsx bench/nl-event-loop.ts [queries=40]   (prints a Markdown table)
 */
import { availableParallelism, loadavg } from 'node:os';
import { createEmbedderPool, createUseEmbedder, type Embedder } from '@fso/search';

const queries = Number(process.argv[2] ?? 40);
const TICK_MS = 10;
const WORDS =
  'qubit entanglement gate circuit measure state superposition algorithm error correction noise hamiltonian phase amplitude basis unitary'.split(
    ' ',
  );
const text = (seed: number) => {
  let t = `${seed}`;
  for (let i = seed; t.length < 440; i = (i * 7919 + 13) % 104_729) t += ` ${WORDS[i % WORDS.length]}`;
  return t;
};

async function measure(embedder: Embedder, warm: number) {
  // Every thread has loaded the model before the clock starts.
  await Promise.all(Array.from({ length: warm }, (_, i) => embedder.embed([`warm up ${i}`])));
  const late: number[] = [];
  let last = performance.now();
  const timer = setInterval(() => {
    const now = performance.now();
    late.push(now - last - TICK_MS);
    last = now;
  }, TICK_MS);
  const started = performance.now();
  await Promise.all(Array.from({ length: queries }, (_, i) => embedder.embed([text(i + 1)])));
  const ms = performance.now() - started;
  clearInterval(timer);
  const ticks = late.length;
  late.push(performance.now() - last - TICK_MS); // the stretch since the last tick

  late.sort((a, b) => a - b);
  const at = (q: number) => late[Math.min(late.length - 1, Math.floor(q * late.length))]!.toFixed(0);
  return `${ms.toFixed(0)} | ${ticks} | ${at(0.5)} | ${at(0.99)} | ${late.at(-1)!.toFixed(0)}`;
}

const keepAlive = setInterval(() => undefined, 1000); // the pool's threads do not hold the process open
const threads = availableParallelism();
// Room for every query: this measures the loop, not the 503s a full queue gives.
const pool = createEmbedderPool({ threads, maxQueued: queries });
console.log(
  `${queries} queries at once; load average before: ${loadavg()
    .map((l) => l.toFixed(1))
    .join(' ')}`,
);
console.log(
  '| model runs | wall ms | 10 ms ticks | tick late p50 ms | p99 ms | longest stall ms |\n|---|---|---|---|---|---|',
);
console.log(`| on the event loop's thread | ${await measure(createUseEmbedder(), 1)} |`);
console.log(`| in ${threads} worker threads | ${await measure(pool, threads)} |`);
console.log(
  `load average after: ${loadavg()
    .map((l) => l.toFixed(1))
    .join(' ')}`,
);
await pool.close();
clearInterval(keepAlive);
