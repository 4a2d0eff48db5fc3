#!/usr/bin/env node
/**
 * What one server-rendered page costs (issue 19, docs/decisions/0040, 0043): the question page
 * (random question), `/home` and the search screen, on one web process over an existing
 * PostgreSQL data set (bench/seed-qa.ts), each row a steady autocannon load reporting the web process's CPU and
 * its database backends' CPU per request; with `--statements`, then the SQL statements one page
 * runs (from the database's commit counter; ~45 s). Few
 * connections by default, so a shared machine is not saturated and the CPU per request is the
 * page's own; `--connections 16` gives the latency the goal is stated at. With `--repeat N`
 * the rows take turns N times and the median and lowest CPU per request are printed too (other
 * engineers' load makes single runs differ by ±15%). With `--prof`
 * each row is also profiled through the inspector (after its warm-up) and where its CPU went is
 * printed (the profiler's own cost inflates that row's CPU figures). The web app must be built (`npm run build`). Usage:
 * `--only TEXT` keeps the rows whose names hold TEXT (the REST search list is a row too).
 *   DATABASE_URL=postgres://…/pages_bench_qa_100000 node bench/pages.mjs [--connections 4] [--duration 15] [--repeat 1] [--only TEXT] [--statements] [--prof]
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import { dirname, join } from 'node:path';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { inspectorSession, load, root, startServer } from './lib.mjs';
import { statementsPerRequest } from './qa.mjs';

const { values: args } = parseArgs({
  options: {
    connections: { type: 'string', default: '4' },
    only: { type: 'string', default: '' },
    duration: { type: 'string', default: '15' },
    port: { type: 'string', default: '3610' },
    prof: { type: 'boolean', default: false },
    repeat: { type: 'string', default: '1' },
    statements: { type: 'boolean', default: false },
  },
});
const url = process.env.DATABASE_URL;
if (!url) throw new Error('DATABASE_URL must name the seeded data set (bench/seed-qa.ts)');
const database = new URL(url).pathname.slice(1);
const connections = Number(args.connections);
const duration = Number(args.duration);

const client = new pg.Client({ connectionString: url });
await client.connect();
const {
  rows: [range],
} = await client.query('SELECT min(id)::int AS lo, max(id)::int AS hi, count(*)::int AS n FROM questions');
const randomId = () => range.lo + Math.floor(Math.random() * (range.hi - range.lo + 1));

const inspectPort = Number(args.port) + 1;
const server = await startServer(
  { DATABASE_URL: url, SEED_DEMO: 'false', LOG_LEVEL: 'warn' },
  Number(args.port),
  'entry/main.ts',
  args.prof ? [`--inspect=127.0.0.1:${inspectPort}`] : [],
);
const profiler = args.prof ? await inspectorSession(inspectPort) : null;

const ROWS = [
  ['GET /question/:qid (screen, random question)', () => `/question/${randomId()}`],
  ['GET /home (screen, newest)', () => '/home'],
  ['GET /home?search= (screen, two words)', () => '/home?search=quantum+state'],
  [
    'GET /question/getQuestion?search= (REST, two words, limit 50)',
    () => '/question/getQuestion?search=quantum+state&limit=50',
  ],
].filter(([name]) => name.includes(args.only));
const loadAverage = os.loadavg()[0].toFixed(1);
const runs = new Map(ROWS.map(([name]) => [name, []]));
try {
  for (let round = 0; round < Number(args.repeat); round++) {
    for (const [name, path] of ROWS) {
      const requests = [{ setupRequest: (req) => ({ ...req, path: path() }) }];
      await load({ url: server.base, requests, connections, duration: 3 }); // warm-up
      if (profiler) await profiler.call('Profiler.enable').then(() => profiler.call('Profiler.start'));
      const run = await load({ url: server.base, requests, connections, duration, pid: server.pid, database });
      const profile = profiler ? (await profiler.call('Profiler.stop')).profile : null;
      runs.get(name).push(run);
      console.log(
        `${name}: ${run.cpuMsPerRequest} + ${run.dbCpuMsPerRequest} db ms/req, ${run.rps} req/s, p50 ${run.p50} ms, p99 ${run.p99} ms, ${run.errors} errors, machine ${run.machineBusy}%`,
      );
      if (profile) {
        const file = join(
          root,
          'bench/out',
          `pages-${name.split(' ')[1].replace(/\W+/g, '-').replace(/^-|-$/g, '')}.cpuprofile`,
        );
        mkdirSync(dirname(file), { recursive: true });
        writeFileSync(file, JSON.stringify(profile));
        console.log(`(profile in ${file}, for Chrome DevTools)`);
        summariseProfile(profile, run.requests);
      }
    }
  }
  if (Number(args.repeat) > 1)
    for (const [name, list] of runs) {
      const median = (key) => list.map((r) => r[key]).sort((a, b) => a - b)[Math.floor(list.length / 2)];
      const lowest = (key) => Math.min(...list.map((r) => r[key]));
      console.log(
        `${name}, ${list.length} runs: median ${median('cpuMsPerRequest')} + ${median('dbCpuMsPerRequest')} db ms/req, lowest ${lowest('cpuMsPerRequest')} + ${lowest('dbCpuMsPerRequest')} db, median p99 ${median('p99')} ms`,
      );
    }
  if (args.statements) {
    const question = await statementsPerRequest(client, database, () => `${server.base}/question/${randomId()}`, 50);
    const home = await statementsPerRequest(client, database, `${server.base}/home`, 50);
    console.log(`SQL statements per page: question ${question}, /home ${home}`);
  }
} finally {
  profiler?.close();
  await server.stop();
  await client.end();
}
console.log(
  `${range.n} questions, ${connections} connections, ${duration} s per row, load average before ${loadAverage} on ${os.cpus().length} cores, ${new Date().toISOString().slice(0, 16)} UTC`,
);

/**
 * Prints where a row's CPU went (a DevTools CPU profile taken over the row, idle left out), in
 * µs per request: self time by package, self time by function, and total time (the function
 * or anything it called) by function.
 */
function summariseProfile({ nodes, samples, timeDeltas }, requests) {
  const byId = new Map(nodes.map((n) => [n.id, n]));
  const parent = new Map(nodes.flatMap((n) => (n.children ?? []).map((c) => [c, n.id])));
  const name = ({ functionName, url: where, lineNumber }) =>
    `${functionName || '(anonymous)'} ${where.replace(/^.*node_modules\//, '').replace(root, '')}:${lineNumber + 1}`;
  const packageOf = ({ functionName, url: where }) =>
    /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(where)?.[1] ??
    (where.startsWith('node:')
      ? where.split('/').slice(0, 2).join('/')
      : where
        ? where.replace(root, '').split('/').slice(0, 3).join('/')
        : functionName);
  const add = (map, key, us) => map.set(key, (map.get(key) ?? 0) + us);
  const [self, total, packages] = [new Map(), new Map(), new Map()];
  samples.forEach((id, i) => {
    const frame = byId.get(id).callFrame;
    const us = timeDeltas[i] ?? 0;
    if (frame.functionName === '(idle)') return;
    add(self, name(frame), us);
    add(packages, packageOf(frame), us);
    const seen = new Set();
    for (let at = id; at !== undefined; at = parent.get(at)) seen.add(name(byId.get(at).callFrame));
    for (const key of seen) add(total, key, us);
  });
  const top = (map, n) =>
    [...map]
      .sort((a, b) => b[1] - a[1])
      .slice(0, n)
      .map(([k, us]) => `${(us / requests).toFixed(0).padStart(6)} µs  ${k}`);
  console.log(
    `Busy µs per request by package (self):\n${top(packages, 25).join('\n')}\nBy function (self):\n${top(self, 40).join('\n')}\nBy function (total):\n${top(total, 80).join('\n')}\n`,
  );
}
