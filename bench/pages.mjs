#!/usr/bin/env node
/**
 * What one server-rendered page costs (issue 19, docs/decisions/0040): the question page
 * (random question) and `/home`, on one web process over an existing PostgreSQL data set
 * (bench/seed-qa.ts), each row a steady autocannon load reporting the web process's CPU and
 * its database backends' CPU per request, then the SQL statements one page runs. Few
 * connections by default, so a shared machine is not saturated and the CPU per request is the
 * page's own; `--connections 16` gives the latency the issue's goal is stated at. With `--prof`
 * the server runs under `node --cpu-prof` and the heaviest functions (self time, and by
 * package) are printed after. The web app must be built (`npm run build`). Usage:
 *   DATABASE_URL=postgres://…/pages_bench_qa_100000 node bench/pages.mjs [--connections 4] [--duration 15] [--prof]
 */
import { mkdirSync, readdirSync, readFileSync } from 'node:fs';
import os from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { load, root, startServer } from './lib.mjs';
import { statementsPerRequest } from './qa.mjs';

const { values: args } = parseArgs({
  options: { connections: { type: 'string', default: '4' }, duration: { type: 'string', default: '15' }, port: { type: 'string', default: '3610' }, prof: { type: 'boolean', default: false } },
});
const url = process.env.DATABASE_URL;
if (!url) throw new Error('DATABASE_URL must name the seeded data set (bench/seed-qa.ts)');
const database = new URL(url).pathname.slice(1);
const connections = Number(args.connections);
const duration = Number(args.duration);

const client = new pg.Client({ connectionString: url });
await client.connect();
const { rows: [range] } = await client.query('SELECT min(id)::int AS lo, max(id)::int AS hi, count(*)::int AS n FROM questions');
const randomId = () => range.lo + Math.floor(Math.random() * (range.hi - range.lo + 1));

const profDir = join(root, 'bench/out/prof', new Date().toISOString().replace(/[:.]/g, '-'));
if (args.prof) mkdirSync(profDir, { recursive: true });
const server = await startServer({ DATABASE_URL: url, SEED_DEMO: 'false', LOG_LEVEL: 'warn' }, Number(args.port), 'entry/main.ts', args.prof ? ['--cpu-prof', `--cpu-prof-dir=${profDir}`] : []);

const ROWS = [
  ['GET /question/:qid (screen, random question)', () => `/question/${randomId()}`],
  ['GET /home (screen, newest)', () => '/home'],
];
const loadAverage = os.loadavg()[0].toFixed(1);
const results = [];
try {
  for (const [name, path] of ROWS) {
    const requests = [{ setupRequest: (req) => ({ ...req, path: path() }) }];
    await load({ url: server.base, requests, connections, duration: 3 }); // warm-up
    const run = await load({ url: server.base, requests, connections, duration, pid: server.pid, database });
    results.push({ name, run });
    console.log(`${name}: ${run.cpuMsPerRequest} + ${run.dbCpuMsPerRequest} db ms/req, ${run.rps} req/s, p50 ${run.p50} ms, p99 ${run.p99} ms, ${run.errors} errors, machine ${run.machineBusy}%`);
  }
  if (!args.prof) {
    const question = await statementsPerRequest(client, database, () => `${server.base}/question/${randomId()}`, 50);
    const home = await statementsPerRequest(client, database, `${server.base}/home`, 50);
    console.log(`SQL statements per page: question ${question}, /home ${home}`);
  }
} finally {
  await server.stop();
  await client.end();
}
console.log(`${range.n} questions, ${connections} connections, ${duration} s per row, load average before ${loadAverage} on ${os.cpus().length} cores, ${new Date().toISOString().slice(0, 16)} UTC`);
if (args.prof) summariseProfile(join(profDir, readdirSync(profDir)[0]));

/** Prints the heaviest functions of a .cpuprofile by self time, and the self time by package. */
function summariseProfile(file) {
  const { nodes, samples, timeDeltas } = JSON.parse(readFileSync(file, 'utf8'));
  const byId = new Map(nodes.map((n) => [n.id, n]));
  const self = new Map();
  samples.forEach((id, i) => self.set(id, (self.get(id) ?? 0) + (timeDeltas[i] ?? 0)));
  const total = [...self.values()].reduce((a, b) => a + b, 0);
  const fns = new Map();
  const packages = new Map();
  for (const [id, us] of self) {
    const { functionName, url: where, lineNumber } = byId.get(id).callFrame;
    const key = `${functionName || '(anonymous)'} ${where.replace(/^.*node_modules\//, '').replace(root, '')}:${lineNumber + 1}`;
    fns.set(key, (fns.get(key) ?? 0) + us);
    const pkg = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(where)?.[1] ?? (where.startsWith('node:') ? 'node:' + where.slice(5).split('/')[0] : where ? where.replace(root, '').split('/').slice(0, 2).join('/') : functionName);
    packages.set(pkg, (packages.get(pkg) ?? 0) + us);
  }
  const top = (map, n) => [...map].sort((a, b) => b[1] - a[1]).slice(0, n).map(([k, us]) => `${((100 * us) / total).toFixed(1).padStart(5)}%  ${k}`);
  console.log(`\nProfile ${file} (${(total / 1e6).toFixed(1)} s sampled)\nBy package:\n${top(packages, 25).join('\n')}\nBy function (self):\n${top(fns, 40).join('\n')}`);
}
