#!/usr/bin/env node
/**
 * `npm start` as a newcomer runs it, before/after (issue 44): the base checkout's `npm start`
 * (e.g. main before the embedded PostgreSQL: PGlite in one process) and this checkout's, each on
 * its own copy of the 10k data set (bench/seed-qa.ts run in each checkout on its DATA_DIR), both
 * running with their defaults (no DATABASE_URL, WEB_CONCURRENCY unset: the cores), loaded in
 * alternating windows (the order swapped every round) so both see the machine's load alike.
 * Rows: a random question page and `/home`, at --connections (16). Before any load each tree's
 * idle memory is read: the PSS of every process in its tree (node processes, postgres and its
 * backends), so shared pages are counted once; each window also counts the CPU the whole
 * tree spent per request (robust to a shared machine's load, which req/s is not). Prints each
 * window, then the medians.
 *   node bench/start-paired.mjs --base-dir /tmp/base --base-data /tmp/base-10k --data /tmp/mine-10k
 *     --ids 1-10000 [--rounds 5] [--window 10] [--port 4703]
 */
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import { npmStart, processTree, root, treePssMb } from './lib.mjs';

const { values: args } = parseArgs({
  options: {
    'base-dir': { type: 'string' },
    'base-data': { type: 'string' },
    data: { type: 'string' },
    ids: { type: 'string' },
    rounds: { type: 'string', default: '5' },
    window: { type: 'string', default: '10' },
    connections: { type: 'string', default: '16' },
    port: { type: 'string', default: '4703' },
    idle: { type: 'string', default: '60' },
  },
});
const [lo, hi] = args.ids.split('-').map(Number);
const connections = Number(args.connections);

/** User + system CPU in ms of every process descended from `rootPid` (clock ticks of 10 ms). */
const cpuMs = (rootPid) =>
  [...processTree(rootPid).values()].reduce((sum, stat) => sum + (Number(stat[11]) + Number(stat[12])) * 10, 0);

const rows = {
  question: () => `/question/${lo + Math.floor(Math.random() * (hi - lo + 1))}`,
  home: () => '/home',
};

async function window(server, row, seconds) {
  const cpuBefore = cpuMs(server.pgid);
  const result = await autocannon({
    url: server.base,
    connections,
    duration: seconds,
    requests: [{ setupRequest: (req) => ({ ...req, path: rows[row]() }) }],
  });
  return {
    rps: Math.round(result.requests.average),
    p99: result.latency.p99,
    cpuMsPerRequest: +((cpuMs(server.pgid) - cpuBefore) / result.requests.total).toFixed(2),
    errors: result.non2xx + result.errors + result.timeouts,
  };
}

const base = await npmStart('base', args['base-dir'], args['base-data'], Number(args.port));
const ours = await npmStart('this', root, args.data, Number(args.port) + 1);
try {
  await new Promise((resolve) => setTimeout(resolve, Number(args.idle) * 1000));
  console.log(`idle memory (PSS, MB): base ${treePssMb(base.pgid)}, this ${treePssMb(ours.pgid)}`);
  for (const server of [base, ours]) for (const row of Object.keys(rows)) await window(server, row, 5); // warm-up
  const results = { base: { question: [], home: [] }, this: { question: [], home: [] } };
  for (let round = 0; round < Number(args.rounds); round++) {
    const order = round % 2 ? [ours, base] : [base, ours];
    for (const row of Object.keys(rows))
      for (const server of order) {
        const r = await window(server, row, Number(args.window));
        results[server.name][row].push(r);
        console.log(`round ${round + 1} ${row.padEnd(8)} ${server.name.padEnd(4)} ${JSON.stringify(r)}`);
      }
  }
  const median = (list) => list.slice().sort((a, b) => a - b)[Math.floor(list.length / 2)];
  for (const row of Object.keys(rows)) {
    const b = results.base[row];
    const t = results.this[row];
    const [brps, trps] = [median(b.map((r) => r.rps)), median(t.map((r) => r.rps))];
    const cpu = (list) => median(list.map((r) => r.cpuMsPerRequest));
    console.log(
      `${row}: base ${brps} req/s p99 ${median(b.map((r) => r.p99))} ms CPU ${cpu(b)} ms/req · this ${trps} req/s p99 ${median(t.map((r) => r.p99))} ms CPU ${cpu(t)} ms/req · ×${(trps / brps).toFixed(2)} · errors ${[...b, ...t].reduce((n, r) => n + r.errors, 0)}`,
    );
  }
} finally {
  base.stop();
  ours.stop();
}
