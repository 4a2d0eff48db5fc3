#!/usr/bin/env node
/**
 * Before/after of natural-language search under load (decision record 0049), robust to a shared
 * machine's load: the base checkout (`--base-dir`, a built copy of the base commit with its own
 * node_modules) and this one each run one web process, on the data set's copy `<database>_b` and
 * the data set itself (so their PostgreSQL backends are told apart by name), and are loaded in
 * alternating windows (the order swapped every round), so both see the same load. Each window
 * is nl-search.mjs's request mix (a random paraphrase or real title, topk 3) at `--connections`,
 * with `/healthz` probed every 50 ms beside it. Prints per window and in total: req/s, p50/p99,
 * Node (all threads) and database CPU per request, `/healthz` p50/p99, the load average. Then each
 * server answers every text once, `connections` at a time (so model calls are shared as under
 * load), and the number of identical top-3 lists is printed. Usage:
 *   DATABASE_URL=postgres://…/x_nl_100000 node bench/nl-paired.mjs --base-dir DIR [--rounds 4] [--window 10] [--connections 16] [--port 3750]
 */
import { loadavg } from 'node:os';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { databaseBackendsCpu, load, startServer } from './lib.mjs';
import { firstSearch, isResult, PARAPHRASES, pick, probeHealth, searchPath } from './nl-search.mjs';

const { values: args } = parseArgs({
  options: {
    'base-dir': { type: 'string' },
    connections: { type: 'string', default: '16' },
    rounds: { type: 'string', default: '4' },
    window: { type: 'string', default: '10' },
    port: { type: 'string', default: '3750' },
  },
});
const url = process.env.DATABASE_URL;
if (!url || !args['base-dir']) throw new Error('DATABASE_URL (with a copy named <it>_b) and --base-dir are required');
const database = new URL(url).pathname.slice(1);
const [connections, rounds, seconds, port] = [
  Number(args.connections),
  Number(args.rounds),
  Number(args.window),
  Number(args.port),
];

const client = new pg.Client({ connectionString: url });
await client.connect();
const titles = (await client.query('SELECT title FROM questions WHERE source_url IS NOT NULL ORDER BY id')).rows.map(
  (r) => r.title,
);
await client.end();
const queries = [...PARAPHRASES, ...titles];

const env = { SEED_DEMO: 'false', LOG_LEVEL: 'warn' };
const base = await startServer({ ...env, DATABASE_URL: `${url}_b` }, port, 'entry/main.ts', [], args['base-dir']);
const next = await startServer({ ...env, DATABASE_URL: url }, port + 1);
const servers = [
  { label: 'base', server: base, database: `${database}_b` },
  { label: 'this checkout', server: next, database },
];
const average = () =>
  loadavg()
    .map((l) => l.toFixed(1))
    .join(' ');
let emptyResults = 0;
/** Answers other than 200, by server and status, over the measured windows. */
const refused = new Map();
let current = 'warm-up';
const requests = [
  {
    setupRequest: (req) => ({ ...req, path: searchPath(pick(queries)) }),
    onResponse: (status, body) => {
      if (status === 200 && !isResult(body)) emptyResults++;
      if (status !== 200) refused.set(`${current} ${status}`, (refused.get(`${current} ${status}`) ?? 0) + 1);
    },
  },
];
const totals = new Map(
  servers.map(({ label }) => [
    label,
    { requests: 0, seconds: 0, cpu: 0, db: 0, errors: 0, p50: [], p99: [], health: [] },
  ]),
);
try {
  for (const { server } of servers) await firstSearch(server);
  // Warm-up: the model threads loaded, the query caches filled as in a long run.
  for (const { server } of servers) await load({ url: server.base, requests, connections, duration: 5 });
  console.log(`load average before: ${average()}`);
  console.log(
    '| round | server | req/s | p50 ms | p99 ms | Node + db CPU ms/req | /healthz p50 / p99 ms | errors | load average |\n|---|---|---|---|---|---|---|---|---|',
  );
  for (let round = 0; round < rounds; round++)
    for (const { label, server, database: db } of round % 2 ? [...servers].reverse() : servers) {
      emptyResults = 0;
      current = label;
      // Per backend: a pool closes idle connections, so a sum over the live ones could go back.
      const before = databaseBackendsCpu(db);
      const { result: run, health } = await probeHealth(
        [server],
        load({ url: server.base, requests, connections, duration: seconds, pid: server.pid }),
      );
      run.dbCpuMsPerRequest = +(
        [...databaseBackendsCpu(db)].reduce((n, [pid, ms]) => n + ms - (before.get(pid) ?? 0), 0) / run.requests
      ).toFixed(2);
      const sum = totals.get(label);
      sum.requests += run.requests;
      sum.seconds += seconds;
      sum.cpu += run.cpuMsPerRequest * run.requests;
      sum.db += run.dbCpuMsPerRequest * run.requests;
      sum.errors += run.errors + emptyResults;
      sum.p50.push(run.p50);
      sum.p99.push(run.p99);
      sum.health.push(health.p99);
      console.log(
        `| ${round + 1} | ${label} | ${run.rps} | ${run.p50} | ${run.p99} | ${run.cpuMsPerRequest} + ${run.dbCpuMsPerRequest} | ${health.p50} / ${health.p99} | ${run.errors + emptyResults} | ${average()} |`,
      );
    }
  // Each server's top 3 for every text, asked `connections` at a time.
  const answers = await Promise.all(
    servers.map(async ({ server }) => {
      const lists = new Array(queries.length);
      let at = 0;
      const worker = async () => {
        for (let i = at++; i < queries.length; i = at++)
          lists[i] = await (await fetch(server.base + searchPath(queries[i]))).text();
      };
      await Promise.all(Array.from({ length: connections }, worker));
      return lists;
    }),
  );
  console.log(`\nanswers other than 200: ${JSON.stringify(Object.fromEntries(refused))}`);
  console.log(
    `answers identical (top 3 ids, titles and scores): ${answers[0].filter((list, i) => list === answers[1][i]).length} of ${queries.length} texts`,
  );
} finally {
  await Promise.all([base.stop(), next.stop()]);
}
const median = (list) => [...list].sort((a, b) => a - b)[Math.floor(list.length / 2)];
console.log(
  '\n| server | req/s | p50 ms (median of windows) | p99 ms (median; worst) | Node + db CPU ms/req | /healthz p99 (median; worst) | errors |\n|---|---|---|---|---|---|---|',
);
for (const [label, s] of totals)
  console.log(
    `| ${label} | ${(s.requests / s.seconds).toFixed(1)} | ${median(s.p50)} | ${median(s.p99)}; ${Math.max(...s.p99)} | ${(s.cpu / s.requests).toFixed(2)} + ${(s.db / s.requests).toFixed(2)} | ${median(s.health)}; ${Math.max(...s.health)} | ${s.errors} |`,
  );
