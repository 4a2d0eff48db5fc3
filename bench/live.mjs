/**
 * `npm run bench -- live` (issue 16): what a live event costs with N viewers, on the embedded
 * database and on PostgreSQL (one process each; the PostgreSQL one in the database `live_bench`
 * of the runner's server, made afresh). N = 0, 50, 200, 1,000 viewers (two child processes,
 * bench/live-clients.mjs), half on `/home` (watching its rows) and half on one question's page;
 * one other user votes on that question and another views it, alternately, 2 events per second.
 * Per N, two phases of the same events: 20 s measure the server's CPU per event (and per
 * receiving socket, over N = 0), HTTP requests per event made by viewers (a viewer re-reads only
 * after a disconnect) and deliveries per event; then 30 s measure an unrelated question page
 * fetched every 50 ms (~600 samples, so p99 is not just the maximum). Its baseline is measured
 * the same way with no viewers and no events ("idle"); the N = 0 row is "events, no viewers",
 * which separates the events' own cost (their requests' SQL runs on the Node thread with PGlite)
 * from the viewers'. First, on a bare Socket.IO server, how long one broadcast to 1,000 sockets
 * holds the event loop, written at once and in slices (bench/live-burst-server.mjs).
 */
import { execFileSync, fork } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { cpuMs, databaseMeter, machineBusy, post, postgresDatabase, root, signUp, startServer } from './lib.mjs';

const SECONDS = 20;
const TICK_MS = 500;
const PROBE_MS = 50;
const PROBE_SECONDS = 30;
const VIEWERS = [0, 50, 200, 1000];
const DATABASE = 'live_bench';

/**
 * With 2 or more cores the server under test gets core 0 and the load generator (the viewers'
 * processes, the probe, this process) the others (`taskset`, util-linux), so what the viewers'
 * own processes do with each event does not take the server's CPU; PostgreSQL's backends are
 * not pinned. False when that cannot be done (the rows then share every core).
 */
const CORES = os.cpus().length;
const LOAD_CORES = CORES > 2 ? `1-${CORES - 1}` : CORES === 2 ? '1' : null;
function pin(pid, cores) {
  if (!LOAD_CORES) return false;
  try {
    execFileSync('taskset', ['-a', '-p', '-c', cores, String(pid)], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
const quantile = (xs, q) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(xs.length * q))] ?? 0;
const latency = (times) => ({ samples: times.length, p50: quantile(times, 0.5), p99: quantile(times, 0.99) });

/** GETs `url` every PROBE_MS until `stop()`; the latencies in ms. */
function probe(url) {
  const times = [];
  let running = true;
  const done = (async () => {
    while (running) {
      const started = performance.now();
      const ok = await fetch(url).then(
        (res) => res.arrayBuffer().then(() => res.ok),
        () => false,
      );
      if (ok) times.push(performance.now() - started);
      await sleep(Math.max(0, PROBE_MS - (performance.now() - started)));
    }
  })();
  return async () => {
    running = false;
    await done;
    return times;
  };
}

function child(command) {
  const proc = fork(join(root, 'bench/live-clients.mjs'));
  pin(proc.pid, LOAD_CORES);
  const ask = (message, answer) =>
    new Promise((resolve) => {
      proc.once('message', (reply) => reply.type === answer && resolve(reply));
      proc.send(message);
    });
  return {
    ready: ask(command, 'ready'),
    reset: () => ask({ type: 'reset' }, 'reset'),
    report: () => ask({ type: 'report' }, 'report'),
    close: () => proc.send({ type: 'close' }),
  };
}

/** One broadcast to N sockets on a bare Socket.IO server, written at once and in slices (bench/live-burst-server.mjs). */
async function burst(n) {
  const rows = [];
  for (const mode of ['plain', 'sliced']) {
    const server = fork(join(root, 'bench/live-burst-server.mjs'), [mode], { execArgv: ['--import', 'tsx'] });
    const { port } = await new Promise((resolve) => server.once('message', resolve));
    pin(server.pid, '0');
    const clients = [Math.ceil(n / 2), Math.floor(n / 2)].map((count) =>
      child({ type: 'connect', url: `http://127.0.0.1:${port}`, count, topics: [{ list: [] }] }),
    );
    await Promise.all(clients.map((c) => c.ready));
    const load = os.loadavg()[0];
    server.send({ type: 'measure' });
    rows.push({ mode, load, ...(await new Promise((resolve) => server.once('message', resolve))) });
    clients.forEach((c) => c.close());
  }
  return rows;
}

/** One server (env: its database), every N; the idle latency and a row per N. */
async function runOn(env, database) {
  const server = await startServer({ ...env, SEED_DEMO: 'false' }, 4590);
  const { base, pid } = server;
  pin(pid, '0');
  let db = databaseMeter(database);
  try {
    const author = await signUp(base, 'liveauthor');
    const voter = await signUp(base, 'livevoter');
    const ask = (title) =>
      post(base, author, '/question/addQuestion', {
        title,
        text: 'A question for the live benchmark.',
        tags: [{ name: 'bench' }],
        askedBy: 'liveauthor',
      });
    const unrelated = await ask('The unrelated question');
    const listed = [];
    for (let i = 0; i < 19; i++) listed.push((await ask(`Listed question ${i}`))._id);
    const watched = (await ask('The watched question'))._id;
    listed.push(watched);
    // Each view is a different signed-in user's (a view counts once per user).
    const viewers = [];
    for (let i = 0; i < (VIEWERS.length * (SECONDS + PROBE_SECONDS) * 1000) / TICK_MS / 2 + 2; i++)
      viewers.push(await signUp(base, `liveviewer${i}`));
    const topics = [{ question: watched }, { list: listed }];
    const pageUrl = `${base}/question/${unrelated._id}`;

    for (let i = 0; i < 100; i++) await fetch(pageUrl).then((r) => r.arrayBuffer()); // warm-up (JIT, caches)
    const idleStop = probe(pageUrl);
    await sleep(PROBE_SECONDS * 1000);
    const idle = latency(await idleStop());
    let nextViewer = 0;
    /** One vote or one view every TICK_MS for `seconds`; how many events that made. */
    const drive = async (seconds) => {
      let events = 0;
      for (let tick = 0; tick < (seconds * 1000) / TICK_MS; tick++) {
        const started = performance.now();
        if (tick % 2 === 0)
          await post(base, voter, '/question/upvoteQuestion', { qid: watched, username: 'livevoter' });
        else
          await fetch(`${base}/question/${watched}`, { headers: { cookie: viewers[nextViewer++] } }).then((r) =>
            r.arrayBuffer(),
          );
        events += 1;
        db.sample();
        await sleep(Math.max(0, TICK_MS - (performance.now() - started)));
      }
      return events;
    };

    const rows = [];
    let baseCpuPerEvent = 0;
    for (const n of VIEWERS) {
      const halves = [Math.ceil(n / 2), Math.floor(n / 2)];
      const clients = n ? halves.map((count) => child({ type: 'connect', url: base, count, topics })) : [];
      const connected = (await Promise.all(clients.map((c) => c.ready))).reduce((a, r) => a + r.connected, 0);
      await Promise.all(clients.map((c) => c.reset()));
      const busy = machineBusy();
      const load = os.loadavg()[0];
      const node0 = cpuMs(pid);
      db = databaseMeter(database);
      const events = await drive(SECONDS);
      await sleep(500); // the last events reach the viewers
      db.sample();
      const nodeMs = cpuMs(pid) - node0;
      const dbMs = db.used();
      const reports = await Promise.all(clients.map((c) => c.report()));
      const stopProbe = probe(pageUrl);
      await drive(PROBE_SECONDS);
      const page = latency(await stopProbe());
      const received = reports.reduce((a, r) => a + r.received, 0);
      const disconnects = reports.reduce((a, r) => a + r.disconnects, 0);
      const cpuPerEvent = (nodeMs + dbMs) / events;
      if (n === 0) baseCpuPerEvent = cpuPerEvent;
      rows.push({
        n,
        connected,
        events,
        cpuPerEvent,
        dbPerEvent: dbMs / events,
        received,
        disconnects,
        page,
        busy: busy(),
        load,
        perSocketUs: received ? ((cpuPerEvent - baseCpuPerEvent) * 1000 * events) / received : null,
      });
      clients.forEach((c) => c.close());
      await sleep(1000);
    }
    return { idle, rows };
  } finally {
    await server.stop();
  }
}

const ms = (x) => x.toFixed(1);
const vs = (x, idle) => `${ms(x)} (${x >= idle ? '+' : ''}${((x / idle - 1) * 100).toFixed(0)}%)`;

/** One database's table: the idle probe first (no viewers, no events), then a row per N. */
function table(label, { idle, rows }, withDb) {
  return [
    `### ${label}`,
    '',
    `| N viewers | connected | events | server CPU ms/event${withDb ? ' (Node + db)' : ''} | µs per receiving socket | HTTP requests/event | deliveries/event | page samples | page p50 ms (vs idle) | page p99 ms (vs idle) | machine busy | load avg (1 min) at start |`,
    '|---|---|---|---|---|---|---|---|---|---|---|---|',
    `| idle | — | — | — | — | — | — | ${idle.samples} | ${ms(idle.p50)} | ${ms(idle.p99)} | — | — |`,
    ...rows.map(
      (r) =>
        `| ${r.n} | ${r.connected} | ${r.events} | ${r.cpuPerEvent.toFixed(2)}${withDb ? ` (${(r.cpuPerEvent - r.dbPerEvent).toFixed(2)} + ${r.dbPerEvent.toFixed(2)})` : ''} | ${r.perSocketUs === null ? '—' : r.perSocketUs.toFixed(1)} | ${(r.disconnects / r.events).toFixed(2)} | ${(r.received / r.events).toFixed(1)} | ${r.page.samples} | ${vs(r.page.p50, idle.p50)} | ${vs(r.page.p99, idle.p99)} | ${Math.round(r.busy * 100)}% | ${r.load.toFixed(2)} |`,
    ),
    '',
  ];
}

/** The section's lines (under `stamp(...facts)`): the embedded database, then PostgreSQL when the runner has a server (`pgUrl`). */
export async function liveBench(stamp, pgUrl) {
  const pinned = pin(process.pid, LOAD_CORES);
  try {
    return await measure(stamp, pgUrl, pinned);
  } finally {
    if (pinned) pin(process.pid, `0-${CORES - 1}`); // the runner's other benchmarks use every core
  }
}

async function measure(stamp, pgUrl, pinned) {
  console.log('Live benchmark: one broadcast to 1,000 sockets on a bare Socket.IO server…');
  const bursts = await burst(1000);
  console.log('Live benchmark on the embedded database…');
  const embedded = await runOn({ DATA_DIR: mkdtempSync(join(tmpdir(), 'fso-live-')) }, null);
  const placing = pinned
    ? `server on core 0, viewers and probe on core${LOAD_CORES.includes('-') ? 's' : ''} ${LOAD_CORES}`
    : 'server and viewers on every core';
  const lines = [
    '## Live updates with N viewers (issue 16)',
    '',
    stamp(placing, `${1000 / TICK_MS} events/s, the page probed every ${PROBE_MS} ms for ${PROBE_SECONDS} s`),
    '',
    '### One broadcast to 1,000 sockets (bare Socket.IO server, medians of 40)',
    '',
    '| broadcast | emit holds the thread ms | a timer set just before runs after ms (median / max) | load avg (1 min) |',
    '|---|---|---|---|',
    ...bursts.map(
      (b) =>
        `| ${b.mode} | ${b.blockMs.toFixed(2)} | ${b.timerLagMs.toFixed(2)} / ${b.maxTimerLagMs.toFixed(2)} | ${b.load.toFixed(2)} |`,
    ),
    '',
    ...table('Embedded database (PGlite), one process', embedded, false),
  ];
  if (pgUrl) {
    console.log('Live benchmark on PostgreSQL…');
    const url = await postgresDatabase(pgUrl, DATABASE);
    lines.push(
      ...table('PostgreSQL 15, one process (WEB_CONCURRENCY=1)', await runOn({ DATABASE_URL: url }, DATABASE), true),
    );
  }
  return lines;
}
