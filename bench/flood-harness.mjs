/**
 * What the flood benchmarks (socket-flood.mjs, nl-flood.mjs) share: a fresh single-process
 * server on its own embedded database, and `GET /healthz` timed every 20 ms from a process of
 * its own (so a busy benchmark process does not delay it) while the server is flooded.
 */
import { spawn } from 'node:child_process';
import { createServer } from 'node:net';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startServer } from './lib.mjs';

/** Whether nothing listens on `port` (a server left over there would answer the health check in the new one's place). */
const portFree = (port) =>
  new Promise((resolve) => {
    const probe = createServer().once('error', () => resolve(false));
    probe.listen(port, '127.0.0.1', () => probe.close(() => resolve(true)));
  });

/** A production server on a new PGlite folder (deleted at stop), with `env` on top of the harness's. */
export async function startFresh(env, port) {
  // The previous run's server was just killed: give the system up to 5 s to release its port.
  for (let i = 0; i < 50 && !(await portFree(port)); i++) await new Promise((resolve) => setTimeout(resolve, 100));
  if (!(await portFree(port))) throw new Error(`port ${port} is taken: stop what listens there, or pass another port`);
  const dataDir = mkdtempSync(join(tmpdir(), 'fso-flood-'));
  const server = await startServer({ DATA_DIR: dataDir, LOG_LEVEL: 'warn', ...env }, port);
  return {
    base: server.base,
    pid: server.pid,
    // A flooded server may still be working through the flood: do not wait for it.
    stop: () => {
      process.kill(server.pid, 'SIGKILL');
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export const PROBE_MS = 20;

// The prober runs in its own process, so the flooder's busy event loop does not delay it.
const PROBER = `
const http = require('node:http');
const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
const [url, seconds, every] = process.argv.slice(1);
const out = [];
let pending = null;
setTimeout(() => {
  // A probe still unanswered at the end counts with the time it has waited so far (at least).
  if (pending !== null) out.push([pending.at, performance.now() - pending.t0]);
  process.stdout.write(JSON.stringify(out));
  process.exit(0);
}, Number(seconds) * 1000);
function probe() {
  pending = { at: Date.now(), t0: performance.now() };
  const { at, t0 } = pending;
  http.get(url, { agent }, (res) => { res.resume(); res.on('end', () => { pending = null; out.push([at, performance.now() - t0]); setTimeout(probe, Number(every)); }); })
    .on('error', () => { pending = null; out.push([at, -1]); setTimeout(probe, Number(every)); });
}
probe();`;

/** Probes for `seconds`; resolves with [when (ms since the epoch), latency ms or -1 for an error] per probe. */
export function probeHealthz(base, seconds) {
  const child = spawn(process.execPath, ['-e', PROBER, `${base}/healthz`, String(seconds), String(PROBE_MS)], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let text = '';
  child.stdout.on('data', (d) => (text += d));
  return new Promise((resolve) => child.on('exit', () => resolve(JSON.parse(text))));
}

const pct = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];

/** /healthz before the flood (`idle`) and during it, from `start` until `end` (`flood`; failed probes counted apart). */
export function probeSummary(samples, start, end = Infinity) {
  const during = samples.filter(([at]) => at >= start && at < end).map(([, ms]) => ms);
  const sorted = during.filter((ms) => ms >= 0).sort((a, b) => a - b);
  const before = samples
    .filter(([at]) => at < start)
    .map(([, ms]) => ms)
    .sort((a, b) => a - b);
  return {
    idle: { p50: pct(before, 50), p99: pct(before, 99) },
    flood: {
      samples: during.length,
      failed: during.length - sorted.length,
      p50: pct(sorted, 50),
      p99: pct(sorted, 99),
      max: sorted.at(-1),
    },
  };
}
