/**
 * `/healthz` while natural-language search is hammered (issue 14, "done means"): a fresh
 * single-process server on the embedded database (PGlite) with the demo content; autocannon
 * sends one 440-character query to `GET /question/semanticSearch` over 40 connections for 15 s
 * while another process asks `GET /healthz` every 20 ms. Prints /healthz latency (p50 / p99 /
 * max, ms) before and during the flood and how the searches were answered (200 / 429 / 503),
 * once per RATE_LIMIT_FACTOR given (default: 1, the site's limits; 1000, in effect none).
 * Not part of `npm run bench`: run alone, after `npm run build`:
 *   node bench/nl-flood.mjs [port] [factor …]
 */
import autocannon from 'autocannon';
import { probeHealthz, probeSummary, startFresh } from './flood-harness.mjs';
import { machine } from './lib.mjs';

const CONNECTIONS = 40;
const SECONDS = 15;
const QUERY =
  'how do I keep a long running background job from blocking the web server while it reads many rows from the database, '
    .repeat(4)
    .slice(0, 440);
const path = `/question/semanticSearch?text=${encodeURIComponent(QUERY)}&topk=3`;

async function run(factor, port) {
  const server = await startFresh({ SEED_DEMO: 'true', RATE_LIMIT_FACTOR: String(factor) }, port);
  try {
    // The first search loads the model, the vectors and LSA: not part of the measurement.
    const first = await fetch(server.base + path);
    if (!first.ok) throw new Error(`first search answered ${first.status}: ${await first.text()}`);
    const probes = probeHealthz(server.base, SECONDS + 4);
    await new Promise((resolve) => setTimeout(resolve, 2000));
    const start = Date.now();
    const result = await autocannon({ url: server.base + path, connections: CONNECTIONS, duration: SECONDS });
    const end = Date.now();
    const samples = await probes;
    return {
      factor,
      searches: Object.fromEntries(
        Object.entries(result.statusCodeStats ?? {}).map(([code, { count }]) => [code, count]),
      ),
      searchesPerSecond: result.requests.average,
      searchP99: result.latency.p99,
      ...probeSummary(samples, start, end),
    };
  } finally {
    server.stop();
  }
}

const port = Number(process.argv[2] ?? 5160);
const round = (v) => (typeof v === 'number' ? Math.round(v * 10) / 10 : v);
console.log(
  JSON.stringify({ machine: machine(), connections: CONNECTIONS, seconds: SECONDS, queryChars: QUERY.length }),
);
const factors = process.argv.slice(3).length ? process.argv.slice(3).map(Number) : [1, 1000];
for (const factor of factors) console.log(JSON.stringify(await run(factor, port), (_, v) => round(v)));
