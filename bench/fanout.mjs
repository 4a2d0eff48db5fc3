/**
 * Fan-out benchmark (issue 4): 1,000 signed-in sockets in the global room, messages posted
 * over REST at a fixed rate by many users (each under the per-user rate limit), rates raised
 * step by step (past p99 100 ms, until p99 2 s or a loss, to show the curve). Delivery latency is
 * POST sent → `messageUpdate` received on a socket (the send time travels in the message).
 * Run on one process (web + realtime) with the embedded database and with PostgreSQL, and on
 * split mode (1 web + 2 realtime instances over the PostgreSQL adapter, 500 sockets each).
 * The latency the adapter adds is measured apart, with one socket per instance and a trickle
 * of messages. The ceiling is a bare Socket.IO
 * server's CPU per broadcast. The listening sockets live in 2 child processes
 * (fanout-clients.mjs) whose CPU is reported as the load generator's.
 * Alone: `npm run bench -- fanout` (BENCH_PORT moves its ports, 3400–3432 by default).
 */
import { fork } from 'node:child_process';
import { createServer } from 'node:http';
import os from 'node:os';
import { join } from 'node:path';
import v8 from 'node:v8';
import { runInNewContext } from 'node:vm';
import { Server } from 'socket.io';
import { cpuMs, machineBusy, root, runScript, startServer } from './lib.mjs';

const SOCKETS = 1000;
const CHILDREN = 2;
const SENDERS = 400;
const RATES = [10, 25, 50, 75, 100, 150, 200, 300, 400];
/** Past the goal's p99 the rates go on while the curve still says something (no loss, p99 under 2 s). */
const GIVE_UP_P99_MS = 2000;
const STEP_SECONDS = 10;
const now = () => performance.timeOrigin + performance.now();
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
const json = { 'Content-Type': 'application/json' };

async function login(base, username) {
  const res = await fetch(`${base}/user/login`, {
    method: 'POST',
    headers: json,
    body: JSON.stringify({ username, password: 'bench-password' }),
  });
  if (!res.ok) throw new Error(`login ${username}: ${res.status}`);
  return res.headers.get('set-cookie').split(';')[0];
}

async function loginAll(base, count) {
  const cookies = [];
  for (let i = 1; i <= count; i += 8) {
    const batch = Array.from({ length: Math.min(8, count - i + 1) }, (_, k) => login(base, `bench${i + k}`));
    cookies.push(...(await Promise.all(batch)));
  }
  return cookies;
}

/** `processes` child processes holding `count` sockets in all, spread over `urls`. */
function clients(urls, cookie, count, processes) {
  return Promise.all(
    Array.from({ length: processes }, () => {
      const child = fork(join(root, 'bench/fanout-clients.mjs'), { stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
      const ask = (command, answer) =>
        new Promise((resolve) => {
          const on = (m) => m.type === answer && (child.off('message', on), resolve(m));
          child.on('message', on);
          child.send(command);
        });
      return ask({ type: 'connect', urls, cookie, count: count / processes }, 'ready').then(() => ({
        child,
        ask,
        sockets: count / processes,
      }));
    }),
  );
}

async function report(children) {
  const replies = await Promise.all(children.map((c) => c.ask({ type: 'report' }, 'report')));
  const buckets = new Map();
  for (const r of replies) for (const [b, n] of r.buckets) buckets.set(b, (buckets.get(b) ?? 0) + n);
  return {
    received: replies.reduce((s, r) => s + r.received, 0),
    connected: replies.reduce((s, r) => s + r.connected, 0),
    buckets,
  };
}

function percentile(buckets, total, p) {
  if (!total) return 0;
  const sorted = [...buckets].sort((a, b) => a[0] - b[0]);
  let seen = 0;
  for (const [bucket, n] of sorted) {
    seen += n;
    if (seen >= total * (p / 100)) return bucket / 10;
  }
  return sorted.at(-1)[0] / 10;
}

/**
 * One rate for STEP_SECONDS: posts on schedule, then waits for the last deliveries until none
 * has arrived for 3 s (a slow delivery counts in the latency; only one that never came is lost).
 */
async function step({ web, serverPids, children, senders, rate, seq }) {
  await Promise.all(children.map((c) => c.ask({ type: 'reset' }, 'reset')));
  const cpuBefore = {
    server: serverPids.map(cpuMs),
    load: children.map((c) => cpuMs(c.child.pid)),
    self: process.cpuUsage(),
  };
  const busy = machineBusy();
  const started = now();
  const posts = [];
  const total = rate * STEP_SECONDS;
  for (let i = 0; i < total; i++) {
    const due = started + (i * 1000) / rate;
    if (due > now()) await sleep(due - now());
    const n = seq.next++;
    const body = JSON.stringify({ messageToAdd: { msg: `fanout ${n} ${now().toFixed(2)}` } });
    posts.push(
      fetch(`${web}/messaging/addMessage`, {
        method: 'POST',
        headers: { ...json, cookie: senders[n % senders.length] },
        body,
      }).then(
        (r) => r.arrayBuffer().then(() => r.status),
        (e) => e.message,
      ),
    );
  }
  const statuses = await Promise.all(posts);
  const ok = statuses.filter((s) => s === 200).length;
  if (ok < total) console.log(`  failed posts: ${JSON.stringify(statuses.filter((s) => s !== 200).slice(0, 5))}`);
  const sockets = children.reduce((n, c) => n + c.sockets, 0);
  const expected = ok * sockets;
  let result = await report(children);
  for (
    let quietSince = now(), last = result.received;
    result.received < expected && now() - quietSince < 3000;
    result = await report(children)
  ) {
    if (result.received > last) [quietSince, last] = [now(), result.received];
    await sleep(100);
  }
  const elapsed = (now() - started) / 1000;
  const self = process.cpuUsage(cpuBefore.self);
  const loadMs =
    children.reduce((s, c, i) => s + cpuMs(c.child.pid) - cpuBefore.load[i], 0) + (self.user + self.system) / 1000;
  const serverMs = serverPids.reduce((s, pid, i) => s + cpuMs(pid) - cpuBefore.server[i], 0);
  return {
    rate,
    deliveriesPerSecond: Math.round(result.received / STEP_SECONDS),
    p50: percentile(result.buckets, result.received, 50),
    p99: percentile(result.buckets, result.received, 99),
    lost: expected - result.received,
    postErrors: total - ok,
    serverCores: +(serverMs / 1000 / elapsed).toFixed(2),
    serverMsPerMessage: ok ? +(serverMs / ok).toFixed(2) : null,
    loadCores: +(loadMs / 1000 / elapsed).toFixed(2),
    machineBusy: Math.round(busy() * 100),
    connected: result.connected,
  };
}

const passes = (r) => r.p99 < 100 && r.lost === 0 && r.postErrors === 0;

/** Starts the target's processes on a fresh database, runs the rate steps, stops everything. */
async function target({ key, label, env: dbEnv, split, portBase }) {
  const env = { ...dbEnv, SEED_DEMO: 'false' };
  runScript('bench/seed-users.ts', [SENDERS], env);
  const started = [];
  try {
    let web, realtimes;
    if (split) {
      realtimes = await Promise.all([0, 1].map((i) => startServer(env, portBase + 1 + i, 'realtime/src/main.ts')));
      started.push(...realtimes);
      web = await startServer({ ...env, REALTIME_URL: realtimes[0].base }, portBase, 'remix-app/web.ts');
      started.push(web);
    } else {
      web = await startServer(env, portBase);
      realtimes = [web];
      started.push(web);
    }
    const senders = await loginAll(web.base, SENDERS);
    const listener = await login(web.base, 'bench1');
    const urls = realtimes.map((r) => r.base);
    const serverPids = started.map((s) => s.pid);
    const seq = { next: 0 };
    // The bus's own latency: one socket per instance, a slow trickle, no fan-out load.
    const probe = await clients(urls, listener, urls.length, 1);
    const trickle = await step({ web: web.base, serverPids, children: probe, senders, rate: 5, seq });
    probe[0].child.send({ type: 'close' });
    const children = await clients(urls, listener, SOCKETS, CHILDREN);
    await sleep(2000);
    const rows = [];
    for (const rate of RATES) {
      console.log(`  ${label}: ${rate} msg/s…`);
      const row = await step({ web: web.base, serverPids, children, senders, rate, seq });
      rows.push(row);
      if (row.lost || row.postErrors || row.p99 >= GIVE_UP_P99_MS) break;
      await sleep(2000);
    }
    for (const c of children) c.child.send({ type: 'close' });
    return { key, label, trickle, rows, best: rows.filter(passes).at(-1) ?? null };
  } finally {
    await Promise.all(started.map((s) => s.stop()));
  }
}

/** RSS after a full garbage collection, in kB (the only process whose collector we can call). */
function settledRssKb() {
  v8.setFlagsFromString('--expose-gc');
  runInNewContext('gc')();
  return process.memoryUsage().rss / 1024;
}

/**
 * The ceiling: a bare Socket.IO server in this process — its memory per idle socket (after
 * garbage collection) and its CPU per broadcast to 1,000 sockets.
 */
async function bareBroadcast(port) {
  const http = createServer();
  const io = new Server(http);
  await new Promise((resolve) => http.listen(port, '127.0.0.1', resolve));
  const rssBefore = settledRssKb();
  const children = await clients([`http://127.0.0.1:${port}`], 'none=1', SOCKETS, CHILDREN);
  await sleep(2000);
  const kbPerSocket = Math.round((settledRssKb() - rssBefore) / SOCKETS);
  const payload = {
    msg: {
      _id: '1',
      msg: 'a message of a usual length, about a line of text',
      msgFrom: 'bench1',
      msgDateTime: new Date().toISOString(),
    },
  };
  const before = process.cpuUsage();
  for (let i = 0; i < 50; i++) {
    io.emit('messageUpdate', payload);
    await sleep(50);
  }
  const used = process.cpuUsage(before);
  for (const c of children) c.child.send({ type: 'close' });
  await new Promise((resolve) => io.close(resolve));
  return { msPerBroadcast: +((used.user + used.system) / 1000 / 50).toFixed(1), kbPerSocket };
}

/**
 * The ceiling, then each target in turn: `{ key, label, env, split }` — the database's
 * environment (DATABASE_URL, or DATA_DIR for the embedded one) and one process or split mode.
 */
export async function fanoutBench({ targets, portBase = 3400 }) {
  const loadBefore = os.loadavg()[0].toFixed(2);
  const bare = await bareBroadcast(portBase + 9);
  const results = [];
  for (const [i, t] of targets.entries()) results.push(await target({ ...t, portBase: portBase + 10 * (i + 1) }));
  return { loadBefore, bare, targets: results };
}

/**
 * The full table's rows: the bus's own latency (trickle) and each rate, per target (keyed by
 * its `key`). Throughput is deliveries/s; the ratio is the bare server's CPU per delivery over
 * the app's (server CPU per message ÷ sockets), i.e. the share of the ceiling's delivery rate
 * the app reaches on the same CPU.
 */
export function fanoutTable({ bare, targets }) {
  const cell = (r) => ({
    p50: r.p50,
    p99: r.p99,
    throughput: r.deliveriesPerSecond,
    ratio: r.serverMsPerMessage ? +(bare.msPerBroadcast / r.serverMsPerMessage).toFixed(3) : null,
  });
  const rows = [
    {
      name: `fan-out trickle: ${targets[0].trickle.rate} msg/s to one socket per instance`,
      unit: 'deliveries/s',
      ...Object.fromEntries(targets.map((t) => [t.key, { ...cell(t.trickle), ratio: null }])),
    },
  ];
  for (const rate of RATES) {
    const at = targets.map((t) => [t.key, t.rows.find((r) => r.rate === rate)]).filter(([, r]) => r);
    if (at.length)
      rows.push({
        name: `fan-out: ${rate} msg/s to ${SOCKETS.toLocaleString('en')} sockets`,
        unit: 'deliveries/s',
        ...Object.fromEntries(at.map(([k, r]) => [k, cell(r)])),
      });
  }
  return rows;
}

/** The section: its stamp (`stamp(...facts)`), what each target sustained, then each target's rates. */
export function fanoutLines({ loadBefore, bare, targets }, stamp) {
  const head =
    '| msg/s posted | deliveries/s | p50 ms | p99 ms | lost | failed posts | server CPU (cores) | server CPU ms per message | load generator CPU (cores) | machine busy |\n|---|---|---|---|---|---|---|---|---|---|';
  const row = (r) =>
    `| ${r.rate} | ${r.deliveriesPerSecond} | ${r.p50} | ${r.p99} | ${r.lost} | ${r.postErrors} | ${r.serverCores} | ${r.serverMsPerMessage} | ${r.loadCores} | ${r.machineBusy}% |`;
  const best = (t) =>
    t.best
      ? `${t.best.rate} msg/s (${t.best.deliveriesPerSecond} deliveries/s) · ${t.best.p50} / ${t.best.p99}`
      : 'none';
  // The CPU the highest rate measured would take at the goal's 50 msg/s.
  const atGoal = (t) => ((50 * t.rows.at(-1).serverMsPerMessage) / 1000).toFixed(1);
  const lines = [
    '## Messaging fan-out (issue 4)',
    '',
    stamp(
      `ceiling ${bare.msPerBroadcast} ms of CPU per broadcast to ${SOCKETS} websockets (bare Socket.IO), ${bare.kbPerSocket} kB per idle socket`,
      `load ${loadBefore}`,
    ),
    '',
    `| server | highest rate with p99 < 100 ms, nothing lost · p50 / p99 ms | one socket per instance, ${targets[0]?.trickle.rate} msg/s · p50 / p99 ms | server cores at 50 msg/s |`,
    '|---|---|---|---|',
    ...targets.map((t) => `| ${t.label} | ${best(t)} | ${t.trickle.p50} / ${t.trickle.p99} | ${atGoal(t)} |`),
    '',
  ];
  for (const t of targets) lines.push(`### ${t.label}`, '', head, ...t.rows.map(row), '');
  return lines;
}
