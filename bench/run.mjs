#!/usr/bin/env node
/**
 * `npm run bench`: builds the web app, measures the bare-Node ceiling, then runs every
 * benchmark against the embedded database and (when BENCH_DATABASE_URL or TEST_DATABASE_URL is
 * set) against PostgreSQL, and writes bench/RESULTS.md with machine and date.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { accountsBench } from './accounts.mjs';
import { fanoutBench, fanoutLines } from './fanout.mjs';
import { gamesBench, GAMES_HEAD, gamesRow } from './games.mjs';
import { ceiling, fmt, freshPostgres, machine, root, TABLE_HEAD } from './lib.mjs';

const build = spawnSync('npm', ['run', 'build'], { cwd: root, stdio: 'inherit' });
if (build.status !== 0) process.exit(1);

const info = machine();
console.log('Measuring the bare-Node ceiling…');
const ceil = await ceiling();
const targets = [{ label: 'embedded (PGlite)', env: { DATA_DIR: mkdtempSync(join(tmpdir(), 'fso-bench-')) } }];
const pgUrl = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
if (pgUrl) targets.push({ label: 'PostgreSQL 15', env: { DATABASE_URL: await freshPostgres(pgUrl) } });

const results = [];
for (const [i, target] of targets.entries()) {
  console.log(`Accounts benchmark on ${target.label}…`);
  results.push(await accountsBench({ ...target, port: 3200 + i }));
}

const lines = [
  '# Benchmark results',
  '',
  `Machine: ${info.cpu}, ${info.memory}, Node ${info.node}. Date: ${info.date}.`,
  'Load: autocannon on the same machine (it shares the 2 cores with the server), 16 connections, 10 s per row.',
  '"server CPU ms/req" is the server process\'s user+system time divided by requests served;',
  '"machine busy" is the whole machine during the row (server + load generator).',
  '',
  '## Ceiling',
  '',
  TABLE_HEAD,
  `| bare Node http "hello world" | ${fmt(ceil, ceil)} |`,
  '',
  '## Accounts (issue 2)',
  '',
];
for (const r of results) {
  lines.push(`### ${r.label}`, '', `Start-up to /healthz: ${r.startupMs} ms (warm install, existing build). Idle memory of the single process: ${r.idleRss} MB RSS.`, '', TABLE_HEAD);
  for (const [name, run] of r.rows) lines.push(`| ${name} | ${fmt(run, ceil)} |`);
  lines.push('');
}
lines.push(
  '## Games (issue 5)',
  '',
  '200 concurrent Battleship games, every player on its own socket (socket.io-client in the benchmark process, which shares the 2 cores).',
  'Round trip: makeMove → the mover\'s gameUpdate with the new version. "persisted" is the growth of the games\' stored versions: it must be ≥ "acknowledged" (a move in flight at the stop is stored but not counted).',
  '',
);
for (const [i, target] of targets.entries()) {
  console.log(`Games benchmark on ${target.label}…`);
  const r = await gamesBench({ env: { ...target.env, SEED_DEMO: 'false' }, port: 3300 + i, label: target.label });
  lines.push(`### ${r.label}`, '', GAMES_HEAD, ...r.rows.map(gamesRow), '');
}
if (pgUrl) {
  console.log('Fan-out benchmark (PostgreSQL, one process and split mode)…');
  lines.push(...fanoutLines(await fanoutBench({ databaseUrls: [await freshPostgres(pgUrl), await freshPostgres(pgUrl)] })));
}
writeFileSync(join(root, 'bench/RESULTS.md'), lines.join('\n'));
console.log(lines.join('\n'));
