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
import { spawn } from 'node:child_process';
import { readFileSync, readdirSync } from 'node:fs';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import { root, waitFor } from './lib.mjs';

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

/** `npm start` in `cwd` on `dataDir`, in a process group of its own. */
async function start(name, cwd, dataDir, port) {
  const env = { ...process.env, DATA_DIR: dataDir, PORT: String(port), SEED_DEMO: 'false', RATE_LIMIT_FACTOR: '1000' };
  delete env.DATABASE_URL;
  delete env.WEB_CONCURRENCY;
  const child = spawn('node', ['scripts/start.mjs'], { cwd, env, detached: true, stdio: 'ignore' });
  const base = `http://127.0.0.1:${port}`;
  await waitFor(`${base}/healthz`, 600_000);
  // Every web process answers (the cluster hands connections round the processes).
  for (let i = 0; i < 20; i++) await fetch(`${base}/home`).then((r) => r.text());
  return { name, base, pgid: child.pid, stop: () => process.kill(-child.pid, 'SIGTERM') };
}

/**
 * Sums `read(pid, statFields)` over every process descended from `rootPid` (PostgreSQL's backends
 * call setsid(), so they are in no process group of the tree: a sum over the group missed them).
 */
function overGroup(rootPid, read) {
  const procs = new Map();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      procs.set(Number(entry), readFileSync(`/proc/${entry}/stat`, 'utf8').split(') ')[1].split(' '));
    } catch {
      // gone meanwhile
    }
  }
  const inTree = (pid) => {
    for (let p = pid; p > 1 && procs.has(p); p = Number(procs.get(p)[1])) if (p === rootPid) return true;
    return false;
  };
  let sum = 0;
  for (const [pid, stat] of procs)
    if (inTree(pid))
      try {
        sum += read(String(pid), stat);
      } catch {
        // gone meanwhile
      }
  return sum;
}

/** PSS in MB over every process of the tree started as `pgid`. */
const pssMb = (pgid) =>
  Math.round(
    overGroup(pgid, (pid) => Number(/^Pss:\s+(\d+)/m.exec(readFileSync(`/proc/${pid}/smaps_rollup`, 'utf8'))[1])) /
      1024,
  );

/** User + system CPU in ms of every process of the tree started as `pgid` (clock ticks of 10 ms). */
const cpuMs = (pgid) => overGroup(pgid, (_, stat) => (Number(stat[11]) + Number(stat[12])) * 10);

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

const base = await start('base', args['base-dir'], args['base-data'], Number(args.port));
const ours = await start('this', root, args.data, Number(args.port) + 1);
try {
  await new Promise((resolve) => setTimeout(resolve, Number(args.idle) * 1000));
  console.log(`idle memory (PSS, MB): base ${pssMb(base.pgid)}, this ${pssMb(ours.pgid)}`);
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
