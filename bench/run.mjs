#!/usr/bin/env node
/**
 * `npm run bench [-- name …]`: builds the web app, then runs the named benchmarks (default: all)
 * against the embedded database and against PostgreSQL: the server at BENCH_DATABASE_URL, or
 * else one started for the run (bench/postgres.mjs). Each benchmark rewrites only its own
 * section of bench/RESULTS.md, stamped with machine and date, so sections can be rerun alone;
 * the bare-Node ceiling is measured (and its section rewritten) only for those that use it.
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync } from 'node:fs';
import os from 'node:os';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ACCOUNT_ROWS, accountsBench } from './accounts.mjs';
import { fanoutBench, fanoutLines, fanoutTable } from './fanout.mjs';
import { GAME_ROWS, GAMES_INTRO, gamesBench, gamesCeiling, GAMES_HEAD, gamesRow, gamesSummary } from './games.mjs';
import { liveBench } from './live.mjs';
import { nlSearchBench } from './nl-search.mjs';
import { ceiling, fmt, machine, postgresDatabase, postgresMemory, root, TABLE_HEAD, writeSection } from './lib.mjs';
import { startBenchPostgres } from './postgres.mjs';
import { qaBench } from './qa.mjs';
import { COLUMNS, httpCell, recordTable } from './table.mjs';

const build = spawnSync('npm', ['run', 'build'], { cwd: root, stdio: 'inherit' });
if (build.status !== 0) process.exit(1);

const info = machine();
const stamp = `Machine: ${info.cpu}, ${info.memory}, Node ${info.node}. Date: ${info.date}.`;
const tableStamp = { date: info.date, machine: `${info.cpu}, ${info.memory}, Node ${info.node}` };
const benchPostgres = process.env.BENCH_DATABASE_URL ? null : startBenchPostgres();
const pgUrl = process.env.BENCH_DATABASE_URL ?? benchPostgres?.url;

/**
 * Where a benchmark runs, one per column of the full table: the embedded database in one
 * process, PostgreSQL with one instance, PostgreSQL with two. `kept` names a data set kept
 * between runs (bench/out/pglite-<kept>, database fso_bench_<kept>); otherwise each is new.
 * Both PostgreSQL variants share one database.
 */
async function variants(kept, { embedded = true, postgres = true } = {}) {
  // PGlite makes its own folder but not its parent: a fresh checkout has no bench/out.
  if (kept) mkdirSync(join(root, 'bench/out'), { recursive: true });
  const dataDir = kept ? join(root, `bench/out/pglite-${kept}`) : mkdtempSync(join(tmpdir(), 'fso-bench-'));
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

async function qaSection(questions, searchOnly, note = null) {
  const { ceil20k } = await ceilingsOnce();
  const n = questions.toLocaleString('en');
  const lines = [
    `## Questions, answers and search at ${n} questions (issue 3)`,
    '',
    stamp,
    `Data: the real dump in ../shared/data scaled up by bench/seed-qa.ts to ${n} questions (one in ten unanswered, the rest with 3 or 4 answers; 2 comments on each question and 1 on each answer), kept between runs.`,
    'Each request picks a random question or one of 18 real two-word queries; 16 connections (split 8 + 8 over two instances: two single-process servers on the same database); ratio to the fixed 20 kB bare-Node page of the same run.',
    'On PostgreSQL the CPU cell reads "Node + db": the web processes\' CPU and that of the database backends serving them, per request.',
    `Ceiling of this run (bare Node, fixed 20 kB page): ${ceil20k.rps} req/s. Load average before the run: ${os.loadavg()[0].toFixed(1)} on ${os.cpus().length} cores (other engineers share this machine: when it is far above the core count, latency and throughput suffer; the CPU per request holds better).`,
    ...(pgUrl ? [await postgresMemory(pgUrl)] : []),
    '',
  ];
  const runs = [];
  let names = [];
  // The data set takes minutes to build: it is kept between runs.
  for (const [i, v] of (await variants(`qa-${questions}`, { embedded: !note })).entries()) {
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
        `SQL statements per question page: ${r.statements.empty} for a question without answers, ${r.statements.biggest} for the largest (${r.biggest.answer_count} answers, ${r.biggest.comments} comments); REST getQuestionById of the largest: ${r.statements.restBiggest}.`,
        '',
      );
  }
  if (note) lines.push(note, '');
  return {
    lines,
    note,
    table: tableRows(names, 'req/s', runs).map((row) => ({ ...row, name: `${row.name} at ${n} questions` })),
  };
}

/** Each benchmark returns its section's lines and its rows of the full table. */
const benchmarks = {
  async live() {
    return { lines: await liveBench(stamp, pgUrl), table: [] };
  },
  async accounts() {
    const { ceil } = await ceilingsOnce();
    const lines = [
      '## Accounts (issue 2)',
      '',
      stamp,
      '16 connections (8 + 8 over two instances: two single-process servers on the same database), 10 s per row after a 2 s warm-up; ratio to bare-Node "hello world".',
      '',
    ];
    const runs = [];
    for (const [i, v] of (await variants()).entries()) {
      console.log(`Accounts benchmark on ${v.label}…`);
      const r = await accountsBench({ env: v.env, port: 3200 + 2 * i, label: v.label, instances: v.instances });
      const memory = v.instances === 1 ? ` Idle memory of the single process: ${r.idleRss} MB RSS.` : '';
      lines.push(
        `### ${v.label}`,
        '',
        `Start-up to /healthz: ${r.startupMs} ms (warm install, existing build).${memory}`,
        '',
        TABLE_HEAD,
        ...r.rows.map(([name, run]) => `| ${name} | ${fmt(run, ceil)} |`),
        '',
      );
      runs.push([v.key, Object.fromEntries(r.rows.map(([name, run]) => [name, httpCell(run, ceil)]))]);
    }
    return { lines, table: tableRows(ACCOUNT_ROWS, 'req/s', runs) };
  },
  async games() {
    const lines = ['## Games (issue 5)', '', stamp, ...GAMES_INTRO, ''];
    console.log('Games: the bare Socket.IO ceiling…');
    const ceil = await gamesCeiling();
    lines.push(
      `Ceiling: a bare Socket.IO server answering each makeMove with a gameUpdate to the game's room, driven by the same players unpaced: ${ceil.movesPerSecond} moves/s, p50 ${ceil.p50} ms, p99 ${ceil.p99} ms, ${ceil.serverCpuMsPerMove} ms server CPU per move (the benchmark client, ${ceil.clientCpuPercent}% of a core, is then the limit). Ratio in the full table: moves/s ÷ ${ceil.movesPerSecond}.`,
      '',
    );
    const runs = [];
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
      lines.push(`### ${r.label}`, '', GAMES_HEAD, ...r.rows.map(gamesRow), '', ...gamesSummary(r), '');
      const cell = (run) => ({
        p50: run.p50,
        p99: run.p99,
        throughput: run.movesPerSecond,
        ratio: +(run.movesPerSecond / ceil.movesPerSecond).toFixed(3),
      });
      runs.push([v.key, { [GAME_ROWS[0]]: cell(r.rows[0][1]), [GAME_ROWS[1]]: cell(r.rows.at(-1)[1]) }]);
    }
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
      stamp,
      `Data: the real dump in ../shared/data imported with its embeddings and LSA model, grown by bench/nl-prepare.ts to ${n} questions with copies of the real ones (their vectors plus a little noise), kept between runs. Quality (Recall@3) is in the next section.`,
      'Each request: GET /question/semanticSearch?text=…&topk=3 with one of the 24 paraphrases in bench/nl-paraphrases.json or a real title (636 texts; the server keeps the vectors of the last 256 searched texts); a 200 that is not a non-empty list counts as an error. 16 connections (8 + 8 over two instances), 10 s after 10 s of the same mix (as the Q&A rows: decision record 0077) and a 2 s warm-up, each server having answered one search first; ratio to bare-Node "hello world". "server CPU" counts Node only; PostgreSQL\'s share is in the in-process lines.',
      '',
    ];
    const runs = [];
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
      lines.push(
        `### ${v.label}`,
        '',
        `First search after start (model, vectors and LSA loaded): ${r.firstSearchMs.join(' and ')} ms.`,
        '',
        TABLE_HEAD,
        ...r.rows.map(([name, run]) => `| ${name} | ${fmt(run, ceil)} |`),
        '',
      );
      lines.push(
        `GET /healthz meanwhile (one probe every 50 ms per server, ${h.probes} probes): p50 ${h.p50} ms, p99 ${h.p99} ms, max ${h.max} ms, ${h.failures} failed.`,
        '',
      );
      if (r.inProcessLines)
        lines.push(
          'In process (bench/nl-latency.ts): `search(text, 3)` one query at a time, 200 queries, per index path:',
          '',
          ...r.inProcessLines,
          '',
        );
    }
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
    const [heading, ...rest] = fanoutLines(r);
    return { lines: [heading, '', stamp, ...rest], table: fanoutTable(r) };
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
      stamp,
      `The data set, rows and method of the 100,000-question section, on ${v.label} with 4 connections. Ceiling of this run (bare Node, fixed 20 kB page, 16 connections): ${ceil20k.rps} req/s. Load average before the run: ${os.loadavg()[0].toFixed(1)} on ${os.cpus().length} cores.`,
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
    return qaSection(
      1_000_000,
      true,
      'Not measured on the embedded database (PGlite): building its 1,000,000-question data set had not got past the questions after 40 minutes on this machine (100,000 take 4.5 minutes), and at 100,000 its [tag] search already times out under this load.',
    );
  },
};

const wanted = process.argv.slice(2);
for (const name of wanted.length ? wanted : Object.keys(benchmarks)) {
  const run = benchmarks[name];
  if (!run) throw new Error(`unknown benchmark ${name}; known: ${Object.keys(benchmarks).join(', ')}`);
  const { lines, table, note } = await run();
  writeSection(name, lines);
  recordTable(name, { ...tableStamp, rows: table, note });
}
benchPostgres?.stop();
