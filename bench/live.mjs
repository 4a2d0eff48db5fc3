/**
 * `npm run bench -- live` (issue 16): what a live event costs with N viewers. N = 0, 50, 200,
 * 1,000 viewers (two child processes, bench/live-clients.mjs), half on `/home` (watching its
 * rows) and half on one question's page; one other user votes on that question and another
 * views it, alternately, 2 events per second for 20 s. Reported: server CPU per event (and per
 * receiving socket, over N = 0), HTTP requests per event made by viewers (a viewer re-reads
 * only after a disconnect), deliveries per event, and (10 s more of the same events) the p99
 * of an unrelated question page fetched every 100 ms, against its idle value. One process on
 * the embedded database.
 */
import { fork } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { cpuMs, machineBusy, post, root, signUp, startServer } from './lib.mjs';

const SECONDS = 20;
const TICK_MS = 500;
const PROBE_MS = 100;
const PROBE_SECONDS = 10;
const VIEWERS = [0, 50, 200, 1000];

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
const p99 = (xs) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(xs.length * 0.99))] ?? 0;

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
  const ask = (message, answer) =>
    new Promise((resolve) => {
      proc.once('message', (reply) => reply.type === answer && resolve(reply));
      proc.send(message);
    });
  return { ready: ask(command, 'ready'), reset: () => ask({ type: 'reset' }, 'reset'), report: () => ask({ type: 'report' }, 'report'), close: () => proc.send({ type: 'close' }) };
}

export async function liveBench(stamp) {
  const server = await startServer({ DATA_DIR: mkdtempSync(join(tmpdir(), 'fso-live-')), SEED_DEMO: 'false' }, 4590);
  const { base, pid } = server;
  try {
    const author = await signUp(base, 'liveauthor');
    const voter = await signUp(base, 'livevoter');
    const ask = (title) => post(base, author, '/question/addQuestion', { title, text: 'A question for the live benchmark.', tags: [{ name: 'bench' }], askedBy: 'liveauthor' });
    const unrelated = await ask('The unrelated question');
    const listed = [];
    for (let i = 0; i < 19; i++) listed.push((await ask(`Listed question ${i}`))._id);
    const watched = (await ask('The watched question'))._id;
    listed.push(watched);
    const viewers = [];
    for (let i = 0; i < (VIEWERS.length * (SECONDS + PROBE_SECONDS) * 1000) / TICK_MS / 2; i++) viewers.push(await signUp(base, `liveviewer${i}`));
    const topics = [{ question: watched }, { list: listed }];
    const pageUrl = `${base}/question/${unrelated._id}`;

    for (let i = 0; i < 50; i++) await fetch(pageUrl).then((r) => r.arrayBuffer()); // warm-up (JIT, caches)
    const idleStop = probe(pageUrl);
    await sleep(PROBE_SECONDS * 1000);
    const idleP99 = p99(await idleStop());
    let nextViewer = 0;
    /** One vote or one view every TICK_MS for `seconds`; how many events that made. */
    const drive = async (seconds) => {
      let events = 0;
      for (let tick = 0; tick < (seconds * 1000) / TICK_MS; tick++) {
        const started = performance.now();
        if (tick % 2 === 0) await post(base, voter, '/question/upvoteQuestion', { qid: watched, username: 'livevoter' });
        else await fetch(`${base}/question/${watched}`, { headers: { cookie: viewers[nextViewer++] } }).then((r) => r.arrayBuffer());
        events += 1;
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
      const cpu0 = cpuMs(pid);
      const events = await drive(SECONDS);
      await sleep(500); // the last events reach the viewers
      const cpu = cpuMs(pid) - cpu0;
      const reports = await Promise.all(clients.map((c) => c.report()));
      const stopProbe = probe(pageUrl);
      await drive(PROBE_SECONDS);
      const times = await stopProbe();
      const received = reports.reduce((a, r) => a + r.received, 0);
      const disconnects = reports.reduce((a, r) => a + r.disconnects, 0);
      const cpuPerEvent = cpu / events;
      if (n === 0) baseCpuPerEvent = cpuPerEvent;
      rows.push({
        n,
        connected,
        events,
        cpuPerEvent,
        received,
        disconnects,
        p99: p99(times),
        busy: busy(),
        load,
        perSocketUs: received ? ((cpuPerEvent - baseCpuPerEvent) * 1000 * events) / received : null,
      });
      clients.forEach((c) => c.close());
      await sleep(1000);
    }
    return [
      '## Live updates with N viewers (issue 16)',
      '',
      stamp,
      `One \`npm start\`-style process on the embedded database (PGlite). N viewers (bare websockets as visitors, bench/live-clients.mjs, in 2 child processes on the same 2 cores), half watching \`/home\`'s 20 rows, half one question's page; another user votes on that question and another views it, alternately, ${1000 / TICK_MS} events/s for ${SECONDS} s. Server CPU per event is the server process's CPU over those 20 s divided by the events, so it includes the vote's or view's own HTTP request. Then, for ${PROBE_SECONDS} s more of the same events, an unrelated question page is fetched every ${PROBE_MS} ms; its idle p99 (no viewers, no events): **${idleP99.toFixed(1)} ms**. "per receiving socket": CPU per event above N = 0, divided by the deliveries. HTTP requests per event: requests viewers make because of events (a page re-reads only after a disconnect; disconnects counted).`,
      '',
      '| N viewers | connected | events | server CPU ms/event | µs per receiving socket | HTTP requests/event | deliveries/event | unrelated page p99 ms (idle ' +
        idleP99.toFixed(1) +
        ') | machine busy | load avg (1 min) at start |',
      '|---|---|---|---|---|---|---|---|---|---|',
      ...rows.map(
        (r) =>
          `| ${r.n} | ${r.connected} | ${r.events} | ${r.cpuPerEvent.toFixed(2)} | ${r.perSocketUs === null ? '—' : r.perSocketUs.toFixed(1)} | ${(r.disconnects / r.events).toFixed(2)} | ${(r.received / r.events).toFixed(1)} | ${r.p99.toFixed(1)} (${((r.p99 / idleP99 - 1) * 100).toFixed(0)}%) | ${Math.round(r.busy * 100)}% | ${r.load.toFixed(2)} |`,
      ),
    ];
  } finally {
    await server.stop();
  }
}
