#!/usr/bin/env node
/**
 * `npm run bench [-- name …]`: builds the web app, then runs the named benchmarks (default: all)
 * against the embedded database and against PostgreSQL: the server at BENCH_DATABASE_URL, or
 * else one started for the run (bench/postgres.mjs). Each benchmark rewrites only its own
 * section of bench/RESULTS.md, stamped with machine and date, so sections can be rerun alone;
 * the bare-Node ceiling is measured (and its section rewritten) only for those that use it.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { accountsBench } from './accounts.mjs';
import { fanoutBench, fanoutLines } from './fanout.mjs';
import { gamesBench, GAMES_HEAD, gamesRow, gamesSummary } from './games.mjs';
import { ceiling, fmt, machine, root, TABLE_HEAD, writeSection } from './lib.mjs';
import { startBenchPostgres } from './postgres.mjs';
import { qaBench } from './qa.mjs';

const build = spawnSync('npm', ['run', 'build'], { cwd: root, stdio: 'inherit' });
if (build.status !== 0) process.exit(1);

/** A new database on the server, or with `keep` the existing one of that name. */
async function postgresDatabase(url, name = `fso_bench_${Date.now().toString(36)}`, keep = false) {
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  const exists = (await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [name])).rowCount > 0;
  if (exists && !keep) await admin.query(`DROP DATABASE ${name} WITH (FORCE)`);
  if (!exists || !keep) await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const u = new URL(url);
  u.pathname = `/${name}`;
  return u.toString();
}

const info = machine();
const stamp = `Machine: ${info.cpu}, ${info.memory}, Node ${info.node}. Date: ${info.date}.`;
const benchPostgres = process.env.BENCH_DATABASE_URL ? null : startBenchPostgres();
const pgUrl = process.env.BENCH_DATABASE_URL ?? benchPostgres?.url;
const embedded = () => ({ label: 'embedded (PGlite)', env: { DATA_DIR: mkdtempSync(join(tmpdir(), 'fso-bench-')) } });
const targets = async () => [embedded(), ...(pgUrl ? [{ label: 'PostgreSQL 15', env: { DATABASE_URL: await postgresDatabase(pgUrl) }, dbPid: benchPostgres?.pid }] : [])];

/** The bare-Node ceiling, measured (and its section written) once, by the first benchmark that compares with it. */
let ceilings = null;
async function ceilingsOnce() {
  if (ceilings) return ceilings;
  console.log('Measuring the bare-Node ceiling…');
  const ceil = await ceiling();
  const ceil20k = await ceiling(20_000);
  writeSection('ceiling', [
    '## Ceiling',
    '',
    stamp,
    'Load: autocannon on the same machine (it shares the 2 cores with the server), 16 connections, 10 s per row.',
    '"server CPU ms/req" is the server process\'s user+system time divided by requests served;',
    '"machine busy" is the whole machine during the row (server + load generator).',
    '',
    TABLE_HEAD,
    `| bare Node http "hello world" | ${fmt(ceil, ceil)} |`,
    `| bare Node http, fixed 20 kB page | ${fmt(ceil20k, ceil20k)} |`,
  ]);
  ceilings = { ceil, ceil20k };
  return ceilings;
}

async function qaSection(questions, searchOnly) {
  if (!pgUrl) return null;
  const { ceil20k } = await ceilingsOnce();
  // The data set takes minutes to build: it is kept between runs in its own database.
  const env = { DATABASE_URL: await postgresDatabase(pgUrl, `fso_bench_qa_${questions}`, true) };
  console.log(`Q&A benchmark at ${questions} questions…`);
  const r = await qaBench({ env, port: 3250, label: 'PostgreSQL 15', questions, searchOnly });
  return [
    `## Questions, answers and search at ${r.questions.toLocaleString('en')} questions (issue 3)`,
    '',
    stamp,
    `Data: the real dump in ../shared/data scaled up by bench/seed-qa.ts to ${r.questions.toLocaleString('en')} questions (one in ten unanswered, the rest with 3 or 4 answers; 2 comments on each question and 1 on each answer), on PostgreSQL 15.`,
    'Each request picks a random question or one of 18 real two-word queries; ratio to the fixed 20 kB bare-Node page of the same run.',
    '',
    TABLE_HEAD,
    ...r.rows.map(([name, run]) => `| ${name} | ${fmt(run, ceil20k)} |`),
    ...(r.statements
      ? ['', `SQL statements per question page: ${r.statements.empty} for a question without answers, ${r.statements.biggest} for the largest (${r.biggest.answer_count} answers, ${r.biggest.comments} comments); REST getQuestionById of the largest: ${r.statements.restBiggest}.`]
      : []),
  ];
}

const benchmarks = {
  async accounts() {
    const { ceil } = await ceilingsOnce();
    const lines = ['## Accounts (issue 2)', '', stamp, ''];
    for (const [i, target] of (await targets()).entries()) {
      console.log(`Accounts benchmark on ${target.label}…`);
      const r = await accountsBench({ ...target, port: 3200 + i });
      lines.push(`### ${r.label}`, '', `Start-up to /healthz: ${r.startupMs} ms (warm install, existing build). Idle memory of the single process: ${r.idleRss} MB RSS.`, '', TABLE_HEAD);
      for (const [name, run] of r.rows) lines.push(`| ${name} | ${fmt(run, ceil)} |`);
      lines.push('');
    }
    return lines;
  },
  async games() {
    const lines = [
      '## Games (issue 5)',
      '',
      stamp,
      '200 concurrent Battleship games, every player on its own socket (socket.io-client in the benchmark process, which shares the 2 cores: its CPU is the "bench client CPU" column, 100% = one core).',
      'Round trip: makeMove → the mover\'s gameUpdate with the new version. "persisted" is the growth of the games\' stored versions: it must be ≥ "acknowledged" (a move in flight at the stop is stored but not counted).',
      'Each player moves a pause after its turn comes, so a game makes one move per pause + round trip: 500 ms is the issue\'s 400 moves/s; shorter pauses follow until p99 passes 50 ms (saturation).',
      '"server CPU ms/move" is the server process\'s user+system time over the run divided by the moves; "DB server CPU ms/move" the same for the PostgreSQL server\'s processes (PGlite runs inside the server process). "acknowledged" and "persisted" count the whole run, the rate and round trips only the time after every game has started.',
      '"of which others": the machine\'s busy time less that of the server, the PostgreSQL server and the benchmark process, i.e. other people\'s work on the shared machine; a row is run again (at most 3 "attempts") while it is above 10%, and the quietest attempt is kept.',
      'Memory per game: the server runs with --inspect; the benchmark forces two full garbage collections through the inspector (HeapProfiler.collectGarbage) and reads process.memoryUsage() before the games are created and again with all of them in progress (sockets connected, moves stopped, after the last move landed), and divides the growth by the number of games. It includes the game\'s remembered row and both players\' sockets. RSS is shown but not divided: it keeps memory the allocator has not returned (argon2 sign-ups just before), so it can even shrink.',
      '',
    ];
    for (const [i, target] of (await targets()).entries()) {
      console.log(`Games benchmark on ${target.label}…`);
      const r = await gamesBench({ env: { ...target.env, SEED_DEMO: 'false' }, port: 3300 + i, label: target.label, dbPid: target.dbPid });
      lines.push(`### ${r.label}`, '', GAMES_HEAD, ...r.rows.map(gamesRow), '', ...gamesSummary(r), '');
    }
    return lines;
  },
  async qa() {
    return qaSection(100_000, false);
  },
  /** Messaging fan-out: one process, then split mode over the PostgreSQL adapter. */
  async fanout() {
    if (!pgUrl) return null;
    console.log('Fan-out benchmark (PostgreSQL, one process and split mode)…');
    const tag = Date.now().toString(36);
    const databaseUrls = [await postgresDatabase(pgUrl, `fso_bench_fanout_${tag}`), await postgresDatabase(pgUrl, `fso_bench_fanout_split_${tag}`)];
    const [heading, ...rest] = fanoutLines(await fanoutBench({ databaseUrls, portBase: Number(process.env.BENCH_PORT ?? 3400) }));
    return [heading, '', stamp, ...rest];
  },
  /** Search alone at a million questions (its data set takes ~30 min to build the first time). */
  async 'qa-1m'() {
    return qaSection(1_000_000, true);
  },
};

const wanted = process.argv.slice(2);
for (const name of wanted.length ? wanted : Object.keys(benchmarks)) {
  const run = benchmarks[name];
  if (!run) throw new Error(`unknown benchmark ${name}; known: ${Object.keys(benchmarks).join(', ')}`);
  const lines = await run();
  if (lines) writeSection(name, lines);
  else console.log(`${name}: skipped (needs PostgreSQL: BENCH_DATABASE_URL, or Debian's PostgreSQL 15 binaries)`);
}
benchPostgres?.stop();
