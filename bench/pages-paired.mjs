#!/usr/bin/env node
/**
 * Before/after of a change to the page path (docs/decisions/0040, 0043), robust to a shared machine's
 * load: the base and this checkout run side by side, one web process each, and are loaded in
 * alternating short windows (the order swapped every round), so both see the same load; the
 * CPU per request is summed over all windows, and each round's pair is printed with how many
 * rounds this checkout was the cheaper. The base is a web build of the base commit in
 * `bench/out/build-base` (`npm run build` there, its `remix-app/build` copied) plus the patches
 * (patches/) this checkout adds or changes, named with --patches: while the base server starts
 * they are reversed and the base commit's versions (--base, default main) applied, then put back
 * before this one starts (a process loads them once, at start). The base reads a copy of the
 * data set, `<database>_b` (`CREATE DATABASE … TEMPLATE …`), so each server's database backends
 * are told apart by name (pages-pair.mjs). Rows: a random question, `/home` and the search
 * screen, and with --rest also the REST question list's rows (pages-pair.mjs's restRows; --rows:
 * only those whose name matches). Each window's figures are printed as it ends, so the rounds can be
 * told apart (which side each round favoured), then the sums. Each server first serves each row
 * for --warm-up seconds, unmeasured (a new process runs slower for its first ~20 s, 0058). Usage:
 *   DATABASE_URL=postgres://…/pages_bench_qa_100000 node bench/pages-paired.mjs --patches a.patch,b.patch [--connections 4] [--rounds 10] [--window 4] [--port 3630] [--rest] [--rows question] [--warm-up 2]
 */
import { parseArgs } from 'node:util';
import { load } from './lib.mjs';
import { pageRows, restRows, startPair } from './pages-pair.mjs';

const { values: args } = parseArgs({
  options: {
    patches: { type: 'string', default: '' },
    connections: { type: 'string', default: '4' },
    rounds: { type: 'string', default: '10' },
    window: { type: 'string', default: '4' },
    port: { type: 'string', default: '3630' },
    base: { type: 'string', default: 'main' },
    rows: { type: 'string', default: '' },
    rest: { type: 'boolean', default: false },
    'warm-up': { type: 'string', default: '2' },
  },
});
const url = process.env.DATABASE_URL;
if (!url) throw new Error('DATABASE_URL must name the seeded data set (bench/seed-qa.ts), with a copy named <it>_b');
const database = new URL(url).pathname.slice(1);
const patches = args.patches.split(',').filter(Boolean);
const [connections, rounds, seconds] = [Number(args.connections), Number(args.rounds), Number(args.window)];

const { base, next } = await startPair({ url, patches, baseRef: args.base, port: Number(args.port) });
const ROWS = [...(await pageRows(url)), ...(args.rest ? restRows() : [])].filter(([name]) =>
  new RegExp(args.rows).test(name),
);
const servers = [
  { label: 'base', server: base, database: `${database}_b` },
  { label: 'this checkout', server: next, database },
];
const requestsOf = (path) => [{ setupRequest: (req) => ({ ...req, path: path() }) }];
const totals = new Map();
try {
  for (const [, path] of ROWS)
    for (const { server } of servers)
      await load({ url: server.base, requests: requestsOf(path), connections, duration: Number(args['warm-up']) });
  for (let round = 0; round < rounds; round++)
    for (const [name, path] of ROWS)
      for (const { label, server, database: db } of round % 2 ? [...servers].reverse() : servers) {
        const run = await load({
          url: server.base,
          requests: requestsOf(path),
          connections,
          duration: seconds,
          pid: server.pid,
          database: db,
        });
        const key = `${name}, ${label}`;
        const sum = totals.get(key) ?? { requests: 0, cpu: 0, db: 0, p99: [], rounds: [] };
        sum.requests += run.requests;
        sum.cpu += run.cpuMsPerRequest * run.requests;
        sum.db += run.dbCpuMsPerRequest * run.requests;
        sum.p99.push(run.p99);
        sum.rounds.push(run.cpuMsPerRequest);
        totals.set(key, sum);
        console.log(
          `round ${round + 1}, ${key}: ${run.cpuMsPerRequest} + ${run.dbCpuMsPerRequest} db ms/req, p99 ${run.p99} ms`,
        );
      }
} finally {
  await Promise.all([base.stop(), next.stop()]);
}
for (const [key, { requests, cpu, db, p99 }] of totals) {
  const medianP99 = [...p99].sort((a, b) => a - b)[Math.floor(p99.length / 2)];
  console.log(
    `${key}: ${(cpu / requests).toFixed(2)} + ${(db / requests).toFixed(2)} db ms/req over ${requests} requests, median p99 ${medianP99} ms`,
  );
}
// Which side cost less Node CPU per request in each round, row by row: how consistent the difference is.
for (const [name] of ROWS) {
  const [b, n] = servers.map(({ label }) => totals.get(`${name}, ${label}`).rounds);
  const cheaper = n.filter((ms, i) => ms < b[i]).length;
  console.log(
    `${name}: this checkout cheaper in ${cheaper} of ${n.length} rounds (${n.map((ms, i) => `${b[i]}→${ms}`).join(', ')})`,
  );
}
console.log(
  `${connections} connections, ${rounds} rounds of ${seconds} s windows, ${new Date().toISOString().slice(0, 16)} UTC`,
);
