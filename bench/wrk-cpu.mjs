/**
 * CPU per request of named processes under wrk (decision 0068): drives one HTTP server with wrk
 * (a fixed path, or `{id}` in it replaced by a random integer of `--ids lo-hi` per request) and
 * counts the user + system CPU of every process whose command line matches `--match` (a regular
 * expression over /proc/PID/cmdline, its NULs read as spaces) or whose pid is in `--pids`, plus
 * the backends of a local PostgreSQL database `--database` (lib.mjs's cpuMeter and databaseMeter),
 * sampled every 200 ms so a process that starts or ends midway keeps its share. The same figure for a
 * Node server and its database or for another stack on this machine (e.g. `--match
 * '^(php-fpm: |nginx: |/usr/sbin/mariadbd)'`).
 *
 *   node bench/wrk-cpu.mjs --url http://127.0.0.1:3550/question/{id} --ids 1-100000 \
 *     --pids 1234 --database fso_bench_qa_100000 [--duration 30] [--warmup 10]
 *
 * Prints one JSON line: req/s, p50/p99 ms, requests, non-2xx + socket errors, CPU ms per request
 * of the matched processes, and how busy the whole machine was.
 */
import { execFile } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import { join } from 'node:path';
import { parseArgs, promisify } from 'node:util';
import { cpuMeter, cpuMs, databaseMeter, machineBusy } from './lib.mjs';

const { values: args } = parseArgs({
  options: {
    url: { type: 'string' },
    ids: { type: 'string' },
    match: { type: 'string' },
    database: { type: 'string' },
    pids: { type: 'string', default: '' },
    duration: { type: 'string', default: '30' },
    warmup: { type: 'string', default: '0' },
    connections: { type: 'string', default: '16' },
    threads: { type: 'string', default: '2' },
  },
});
if (!args.url || (!args.match && !args.pids && !args.database)) {
  console.error(
    'usage: wrk-cpu.mjs --url URL [--ids lo-hi] [--match REGEX] [--pids a,b] [--database NAME] [--duration s] [--warmup s]',
  );
  process.exit(2);
}
const url = new URL(args.url.replace('{id}', 'ID'));
const ids = args.ids ? /^(\d+)-(\d+)$/.exec(args.ids) : null;
if (args.ids && !ids) throw new Error(`--ids wants lo-hi, not ${args.ids}`);
const match = args.match ? new RegExp(args.match) : null;
const pids = new Set(args.pids.split(',').filter(Boolean));

/** CPU ms so far of every process chosen by pid or command line. */
function chosen() {
  const found = new Map();
  if (!match && !pids.size) return found;
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      if (pids.has(entry) || match?.test(readFileSync(`/proc/${entry}/cmdline`, 'utf8').replaceAll('\0', ' ').trim()))
        found.set(entry, cpuMs(entry));
    } catch {
      /* the process ended meanwhile */
    }
  }
  return found;
}

/** wrk's request function: the path with `{id}` a random integer of the range each time. */
const dir = mkdtempSync(join(os.tmpdir(), 'wrk-cpu-'));
const script = join(dir, 'paths.lua');
const path = url.pathname.replace('ID', '%d') + url.search;
writeFileSync(
  script,
  ids
    ? `math.randomseed(os.time())\nrequest = function() return wrk.format(nil, string.format("${path}", math.random(${ids[1]}, ${ids[2]}))) end\n`
    : `request = function() return wrk.format(nil, "${path}") end\n`,
);
/** wrk's report of a run of `seconds` (asynchronous, so the sampler keeps running meanwhile). */
const wrk = async (seconds) =>
  (
    await promisify(execFile)('wrk', [
      '-t',
      args.threads,
      '-c',
      args.connections,
      '-d',
      `${seconds}s`,
      '--latency',
      '-s',
      script,
      url.origin,
    ])
  ).stdout;

/** Milliseconds of a wrk latency cell (`850.00us`, `12.3ms`, `1.2s`). */
const toMs = (cell) => {
  const [, n, unit] = /^([\d.]+)(us|ms|s|m)$/.exec(cell) ?? [];
  return +(Number(n) * { us: 0.001, ms: 1, s: 1000, m: 60000 }[unit]).toFixed(2);
};

try {
  if (Number(args.warmup) > 0) await wrk(Number(args.warmup));
  const processes = cpuMeter(chosen);
  const database = databaseMeter(args.database);
  const sample = () => {
    processes.sample();
    database.sample();
  };
  const sampler = setInterval(sample, 200);
  const busy = machineBusy();
  const out = await wrk(Number(args.duration));
  clearInterval(sampler);
  sample();
  const machine = Math.round(busy() * 100);
  const requests = Number(/(\d+) requests in/.exec(out)?.[1] ?? 0);
  const errors =
    Number(/Non-2xx or 3xx responses: (\d+)/.exec(out)?.[1] ?? 0) +
    (/Socket errors: (.*)/.exec(out)?.[1].match(/\d+/g) ?? []).reduce((a, b) => a + Number(b), 0);
  const cpu = processes.used() + database.used();
  console.log(
    JSON.stringify({
      url: args.url,
      rps: Number(/Requests\/sec:\s+([\d.]+)/.exec(out)?.[1] ?? 0),
      p50: toMs(/ 50%\s+(\S+)/.exec(out)?.[1] ?? ''),
      p99: toMs(/ 99%\s+(\S+)/.exec(out)?.[1] ?? ''),
      requests,
      errors,
      processes: chosen().size,
      cpuMsPerRequest: requests ? +(cpu / requests).toFixed(2) : null,
      databaseCpuMsPerRequest: args.database && requests ? +(database.used() / requests).toFixed(2) : null,
      machineBusy: machine,
    }),
  );
} finally {
  rmSync(dir, { recursive: true, force: true });
}
