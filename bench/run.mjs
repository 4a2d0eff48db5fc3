#!/usr/bin/env node
/**
 * `npm run bench [-- name …]`: builds the web app, then runs the named benchmarks (default: all)
 * against the embedded database and against PostgreSQL: the server at BENCH_DATABASE_URL, or
 * else one started for the run (bench/postgres.mjs). Each benchmark rewrites only its own
 * section of bench/RESULTS.md — tables under a one-line stamp (machine, date, commit, ceiling) —
 * so sections can be rerun alone; the bare-Node ceiling is measured (and its section rewritten)
 * only for those that use it. What the runs taught goes to bench/notes/, not here.
 * `npm run bench -- --table` rewrites only the full table, from bench/results.json, running nothing.
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ACCOUNT_ROWS, accountsBench } from './accounts.mjs';
import { fanoutBench, fanoutLines, fanoutTable } from './fanout.mjs';
import {
  GAME_ROWS,
  gamesBench,
  gamesCeiling,
  GAMES_HEAD,
  gamesRow,
  gamesSummary,
  GAMES_SUMMARY_HEAD,
} from './games.mjs';
import { liveBench } from './live.mjs';
import { nlSearchBench } from './nl-search.mjs';
import {
  ceiling,
  fmt,
  loadFact,
  machine,
  postgresDatabase,
  postgresMemory,
  root,
  stampLine,
  TABLE_HEAD,
  writeSection,
} from './lib.mjs';
import { startBenchPostgres } from './postgres.mjs';
import { qaBench } from './qa.mjs';
import { COLUMNS, httpCell, recordTable, writeTable } from './table.mjs';

if (process.argv.includes('--table')) {
  writeTable();
  process.exit(0);
}

const build = spawnSync('npm', ['run', 'build'], { cwd: root, stdio: 'inherit' });
if (build.status !== 0) process.exit(1);

const info = machine();
const tableStamp = { date: info.date, machine: `${info.cpu}, ${info.memory}, Node ${info.node}`, commit: info.commit };
const reqs = (run) => `${run.rps.toLocaleString('en')} req/s`;
const benchPostgres = process.env.BENCH_DATABASE_URL ? null : startBenchPostgres();
const pgUrl = process.env.BENCH_DATABASE_URL ?? benchPostgres?.url;

/**
 * Where a benchmark runs, one per column of the full table: the embedded database in one
 * process, PostgreSQL with one instance, PostgreSQL with two. `kept` names a data set kept
 * between runs (bench/out/embedded-<kept>, database fso_bench_<kept>); otherwise each is new.
 * Both PostgreSQL variants share one database.
 */
async function variants(kept, { embedded = true, postgres = true } = {}) {
  // The embedded server makes its own folder but not its parent: a fresh checkout has no bench/out.
  if (kept) mkdirSync(join(root, 'bench/out'), { recursive: true });
  const dataDir = kept ? join(root, `bench/out/embedded-${kept}`) : mkdtempSync(join(tmpdir(), 'fso-bench-'));
  const list = embedded ? [{ key: 'embedded', label: COLUMNS.embedded, env: { DATA_DIR: dataDir }, instances: 1 }] : [];
  if (!pgUrl || !postgres) return list;
  const env = {
    DATABASE_URL: kept
      ? await postgresDatabase(pgUrl, `fso_bench_${kept.replace(/\W/g, '_')}`, true)
      : await postgresDatabase(pgUrl),
  };
  return [
    ...list,
    { key: 'pg1', label: COLUMNS.pg1, env, instances: 1, dbPid: benchPostgres?.pid },
    { key: 'pg2', label: COLUMNS.pg2, env, instances: 2, dbPid: benchPostgres?.pid },
  ];
}

/** Table rows named `names`, each filled from every variant's run of it. */
function tableRows(names, unit, runs) {
  return names.map((name) => ({
    name,
    unit,
    ...Object.fromEntries(runs.filter(([, cells]) => cells[name]).map(([key, cells]) => [key, cells[name]])),
  }));
}

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
    stampLine(info, loadFact()),
    '',
    TABLE_HEAD,
    `| bare Node http "hello world" | ${fmt(ceil, ceil)} |`,
    `| bare Node http, fixed 20 kB page | ${fmt(ceil20k, ceil20k)} |`,
  ]);
  ceilings = { ceil, ceil20k };
  return ceilings;
}

async function qaSection(questions, searchOnly, { embedded = true } = {}) {
  const { ceil20k } = await ceilingsOnce();
  const n = questions.toLocaleString('en');
  const lines = [
    `## Questions, answers and search at ${n} questions (issue 3)`,
    '',
    stampLine(
      info,
      `ceiling ${reqs(ceil20k)} (20 kB page)`,
      loadFact(),
      ...(pgUrl ? [await postgresMemory(pgUrl)] : []),
    ),
    '',
  ];
  const runs = [];
  let names = [];
  // The data set takes minutes to build: it is kept between runs.
  for (const [i, v] of (await variants(`qa-${questions}`, { embedded })).entries()) {
    console.log(`Q&A benchmark at ${n} questions on ${v.label}…`);
    const r = await qaBench({
      env: v.env,
      port: 3250 + 2 * i,
      label: v.label,
      questions,
      searchOnly,
      instances: v.instances,
      countStatements: v.key === 'pg1',
    });
    names = r.rows.map(([name]) => name);
    runs.push([v.key, Object.fromEntries(r.rows.map(([name, run]) => [name, httpCell(run, ceil20k)]))]);
    lines.push(
      `### ${v.label}`,
      '',
      TABLE_HEAD,
      ...r.rows.map(([name, run]) => `| ${name} | ${fmt(run, ceil20k)} |`),
      '',
    );
    if (r.statements)
      lines.push(
        '| SQL statements per request | question page, no answers | question page, largest question | REST getQuestionById, largest |',
        '|---|---|---|---|',
        `| ${v.label} | ${r.statements.empty} | ${r.statements.biggest} (${r.biggest.answer_count} answers, ${r.biggest.comments} comments) | ${r.statements.restBiggest} |`,
        '',
      );
  }
  return {
    lines,
    table: tableRows(names, 'req/s', runs).map((row) => ({ ...row, name: `${row.name} at ${n} questions` })),
  };
}

/** Each benchmark returns its section's lines and its rows of the full table. */
const benchmarks = {
  async live() {
    return { lines: await liveBench((...facts) => stampLine(info, ...facts), pgUrl), table: [] };
  },
  async accounts() {
    const { ceil } = await ceilingsOnce();
    const lines = [
      '## Accounts (issue 2)',
      '',
      stampLine(info, `ceiling ${reqs(ceil)} ("hello world")`, loadFact()),
      '',
    ];
    const runs = [];
    const starts = [];
    for (const [i, v] of (await variants()).entries()) {
      console.log(`Accounts benchmark on ${v.label}…`);
      const r = await accountsBench({ env: v.env, port: 3200 + 2 * i, label: v.label, instances: v.instances });
      starts.push(`| ${v.label} | ${r.startupMs} | ${v.instances === 1 ? r.idleRss : '—'} |`);
      lines.push(
        `### ${v.label}`,
        '',
        TABLE_HEAD,
        ...r.rows.map(([name, run]) => `| ${name} | ${fmt(run, ceil)} |`),
        '',
      );
      runs.push([v.key, Object.fromEntries(r.rows.map(([name, run]) => [name, httpCell(run, ceil)]))]);
    }
    lines.push('| server | start-up to /healthz ms | idle RSS MB |', '|---|---|---|', ...starts, '');
    return { lines, table: tableRows(ACCOUNT_ROWS, 'req/s', runs) };
  },
  async games() {
    console.log('Games: the bare Socket.IO ceiling…');
    const ceil = await gamesCeiling();
    const lines = [
      '## Games (issue 5)',
      '',
      stampLine(
        info,
        `ceiling ${ceil.movesPerSecond} moves/s (bare Socket.IO, p50 ${ceil.p50} / p99 ${ceil.p99} ms, ${ceil.serverCpuMsPerMove} ms CPU a move)`,
        loadFact(),
      ),
      '',
    ];
    const runs = [];
    const summaries = [];
    for (const [i, v] of (await variants()).entries()) {
      const split = v.instances === 2;
      const label = split
        ? `${v.label}: split, 1 web + 2 realtime, each game's players on different instances`
        : v.label;
      console.log(`Games benchmark on ${label}…`);
      const r = await gamesBench({
        env: { ...v.env, SEED_DEMO: 'false' },
        port: 3500 + 3 * i,
        label,
        dbPid: v.dbPid,
        split,
      });
      lines.push(`### ${r.label}`, '', GAMES_HEAD, ...r.rows.map(gamesRow), '');
      summaries.push(gamesSummary(r));
      const cell = (run) => ({
        p50: run.p50,
        p99: run.p99,
        throughput: run.movesPerSecond,
        ratio: +(run.movesPerSecond / ceil.movesPerSecond).toFixed(3),
      });
      runs.push([v.key, { [GAME_ROWS[0]]: cell(r.rows[0][1]), [GAME_ROWS[1]]: cell(r.rows.at(-1)[1]) }]);
    }
    lines.push(GAMES_SUMMARY_HEAD, ...summaries, '');
    return { lines, table: tableRows(GAME_ROWS, 'moves/s', runs) };
  },
  /** Natural-language search at 100,000 questions (its data set takes ~10 min to build the first time on PGlite, ~3 on PostgreSQL). */
  async 'nl-search'() {
    const { ceil } = await ceilingsOnce();
    const questions = 100_000;
    const n = questions.toLocaleString('en');
    const lines = [
      `## Natural-language search at ${n} questions (issue 6)`,
      '',
      stampLine(info, `ceiling ${reqs(ceil)} ("hello world")`, loadFact()),
      '',
    ];
    const runs = [];
    const probes = [];
    let names = [];
    for (const [i, v] of (await variants(`nl-${questions}`)).entries()) {
      console.log(`Natural-language search at ${n} questions on ${v.label}…`);
      const r = await nlSearchBench({
        env: v.env,
        port: 3300 + 2 * i,
        label: v.label,
        questions,
        instances: v.instances,
        inProcess: v.key !== 'pg2',
      });
      names = r.rows.map(([name]) => name);
      runs.push([v.key, Object.fromEntries(r.rows.map(([name, run]) => [name, httpCell(run, ceil)]))]);
      const h = r.health;
      probes.push(
        `| ${v.label} | ${r.firstSearchMs.join(', ')} | ${h.probes} | ${h.p50} | ${h.p99} | ${h.max} | ${h.failures} |`,
      );
      lines.push(
        `### ${v.label}`,
        '',
        TABLE_HEAD,
        ...r.rows.map(([name, run]) => `| ${name} | ${fmt(run, ceil)} |`),
        '',
      );
      if (r.inProcessLines) lines.push(...r.inProcessLines, '');
    }
    lines.push(
      '| server | first search after start ms | /healthz probes meanwhile | p50 ms | p99 ms | max ms | failed |',
      '|---|---|---|---|---|---|---|',
      ...probes,
      '',
    );
    return {
      lines,
      table: tableRows(names, 'req/s', runs).map((row) => ({ ...row, name: `${row.name} at ${n} questions` })),
    };
  },
  async qa() {
    return qaSection(100_000, false);
  },
  /** Messaging fan-out: one process on each database, then split mode over the PostgreSQL adapter. */
  async fanout() {
    console.log('Fan-out benchmark…');
    const targets = (await variants()).map((v) => ({ ...v, split: v.instances === 2 }));
    targets.at(-1).label = 'PostgreSQL 15, 2 instances: split, 1 web + 2 realtime over the PostgreSQL adapter';
    // Each target seeds its own senders: the two PostgreSQL ones get a database each.
    if (targets[2]) targets[2].env = { DATABASE_URL: await postgresDatabase(pgUrl) };
    const r = await fanoutBench({ targets, portBase: Number(process.env.BENCH_PORT ?? 3400) });
    return { lines: fanoutLines(r, (...facts) => stampLine(info, ...facts)), table: fanoutTable(r) };
  },
  /**
   * The embedded database at 100,000 questions with 4 connections (issue 19: every search kind
   * within 1 s p99 there; decision record 0044): one process, the same rows as `qa`.
   */
  async 'qa-embedded'() {
    const { ceil20k } = await ceilingsOnce();
    const [v] = await variants('qa-100000', { postgres: false });
    console.log(`Q&A benchmark at 100,000 questions on ${v.label}, 4 connections…`);
    const r = await qaBench({
      env: v.env,
      port: Number(process.env.BENCH_PORT ?? 3250),
      label: v.label,
      questions: 100_000,
      connections: 4,
    });
    const lines = [
      '## The embedded database at 100,000 questions, 4 connections (issue 19)',
      '',
      stampLine(info, `ceiling ${reqs(ceil20k)} (20 kB page, 16 connections)`, loadFact()),
      '',
      TABLE_HEAD,
      ...r.rows.map(([name, run]) => `| ${name} | ${fmt(run, ceil20k)} |`),
    ];
    const table = r.rows.map(([name, run]) => ({
      name: `${name} at 100,000 questions, 4 connections`,
      unit: 'req/s',
      embedded: httpCell(run, ceil20k),
    }));
    return { lines, table };
  },
  /** Search alone at a million questions (its data set takes ~30 min to build the first time). */
  async 'qa-1m'() {
    // Not on the embedded database: bench/notes/embedded-database.md says why.
    return qaSection(1_000_000, true, { embedded: false });
  },
};

const wanted = process.argv.slice(2);
for (const name of wanted.length ? wanted : Object.keys(benchmarks)) {
  const run = benchmarks[name];
  if (!run) throw new Error(`unknown benchmark ${name}; known: ${Object.keys(benchmarks).join(', ')}`);
  const { lines, table } = await run();
  writeSection(name, lines);
  recordTable(name, { ...tableStamp, rows: table });
}
benchPostgres?.stop();
