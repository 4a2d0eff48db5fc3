/**
 * Test support for the multi-process tests (split-mode.test.ts, cluster-faults.test.ts): a
 * database of their own on TEST_DATABASE_URL, the real entries `web.ts` and `realtime.ts`
 * started as child processes on loopback (2 realtime + 2 web, each web forwarding to its own
 * realtime instance), stopped or killed and started again on the same port; signed-in users,
 * sockets and waiting for what they receive.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createServer } from 'node:net';
import pg from 'pg';
import { io as connect, type Socket } from 'socket.io-client';
import { expect } from 'vitest';
import type { ClientToServerEvents, ServerToClientEvents } from '@fso/shared';

export type Client = Socket<ServerToClientEvents, ClientToServerEvents>;
export type Received = { event: string; args: unknown[] }[];

export const serverUrl = process.env.TEST_DATABASE_URL;
const appDir = new URL('..', import.meta.url).pathname;
const SECRET = 'split-mode-test-secret-split-mode-test';
export const json = { 'Content-Type': 'application/json' };

const withDatabase = (url: string, name: string) => Object.assign(new URL(url), { pathname: `/${name}` }).toString();

/** One query on `url` (the server's default database unless given), on a connection of its own. */
export async function query<T extends pg.QueryResultRow>(text: string, values: unknown[] = [], url = serverUrl): Promise<T[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query<T>(text, values)).rows;
  } finally {
    await client.end();
  }
}

const freePort = () =>
  new Promise<number>((resolve) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** One process of the cluster; its output is kept for the failure message. */
export interface Service {
  entry: 'web.ts' | 'realtime.ts';
  base: string;
  port: number;
  env: Record<string, string>;
  child: ChildProcess;
  log: string[];
}

async function waitHealthy(service: Service) {
  for (let i = 0; i < 300; i++) {
    if (service.child.exitCode !== null) throw new Error(`${service.base} exited: ${service.log.join('')}`);
    if (await fetch(`${service.base}/healthz`).then((r) => r.ok, () => false)) return;
    await sleep(100);
  }
  throw new Error(`${service.base} did not become healthy: ${service.log.join('')}`);
}

/** Starts `entry` (on `port`, else a free one) and resolves once its /healthz answers. */
export async function startService(entry: Service['entry'], env: Record<string, string>, port?: number): Promise<Service> {
  port ??= await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', entry], {
    cwd: appDir,
    env: { PATH: process.env.PATH, NODE_ENV: 'production', SESSION_SECRET: SECRET, COOKIE_SECURE: 'false', SEED_DEMO: 'false', HOST: '127.0.0.1', PORT: String(port), ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const service: Service = { entry, base: `http://127.0.0.1:${port}`, port, env, child, log: [] };
  child.stdout!.on('data', (d: Buffer) => service.log.push(d.toString()));
  child.stderr!.on('data', (d: Buffer) => service.log.push(d.toString()));
  await waitHealthy(service);
  return service;
}

/** Sends `signal` and resolves once the process has exited: its exit code and how long it took. */
export function stopService(service: Service, signal: NodeJS.Signals = 'SIGTERM'): Promise<{ code: number | null; ms: number }> {
  const started = Date.now();
  return new Promise((resolve) => {
    if (service.child.exitCode !== null || service.child.signalCode !== null) return resolve({ code: service.child.exitCode, ms: 0 });
    service.child.once('exit', (code) => resolve({ code, ms: Date.now() - started }));
    service.child.kill(signal);
  });
}

export interface Cluster {
  /** The cluster's own database, for counting what was stored. */
  databaseUrl: string;
  realtimes: [Service, Service];
  webs: [Service, Service];
  /** A new process in the place of `service` (same entry, environment and port), once healthy. */
  replace(service: Service): Promise<Service>;
  /** Stops every process and drops the database. */
  close(): Promise<void>;
}

/** 2 realtime + 2 web processes in a new database named after `prefix`; `busEnv` adds REDIS_URL. */
export async function startCluster(prefix: string, busEnv: Record<string, string> = {}): Promise<Cluster> {
  if (!existsSync(`${appDir}build/server/index.js`)) {
    expect(spawnSync('npm', ['run', 'build'], { cwd: appDir, stdio: 'ignore' }).status).toBe(0);
  }
  const name = `${prefix}_${process.pid}_${Date.now().toString(36)}`;
  await query(`CREATE DATABASE ${name}`);
  const env = { DATABASE_URL: withDatabase(serverUrl!, name), ...busEnv };
  const realtimes = (await Promise.all([startService('realtime.ts', env), startService('realtime.ts', env)])) as [Service, Service];
  const webs = (await Promise.all(realtimes.map((rt) => startService('web.ts', { ...env, REALTIME_URL: rt.base })))) as [Service, Service];
  const cluster: Cluster = {
    databaseUrl: env.DATABASE_URL,
    realtimes,
    webs,
    replace: async (service) => {
      const next = await startService(service.entry, service.env, service.port);
      for (const group of [cluster.realtimes, cluster.webs]) {
        const i = group.indexOf(service);
        if (i >= 0) group[i] = next;
      }
      return next;
    },
    close: async () => {
      await Promise.all([...cluster.realtimes, ...cluster.webs].map((service) => stopService(service)));
      await query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    },
  };
  return cluster;
}

/** A socket at `base` with the session `cookie`; it does not reconnect by itself. */
export const socketAt = (base: string, cookie: string, transports: ('websocket' | 'polling')[] = ['websocket']): Client =>
  connect(base, { path: '/socket.io', transports, reconnection: false, extraHeaders: { cookie } });

/** A socket at `base` with the session `cookie`, recording every event it receives. */
export function open(base: string, cookie: string, transports?: ('websocket' | 'polling')[]) {
  const socket = socketAt(base, cookie, transports);
  const received: Received = [];
  socket.onAny((event: string, ...args: unknown[]) => received.push({ event, args }));
  return { socket, received };
}

export const connected = (socket: Client) =>
  new Promise<void>((resolve, reject) => {
    if (socket.connected) return resolve();
    socket.once('connect', () => resolve());
    socket.once('connect_error', reject);
  });

/** Resolves with `check`'s first defined answer; fails after `timeoutMs` with `what`. */
export function until<T>(check: () => T | undefined, what: () => string, timeoutMs = 5000): Promise<T> {
  return new Promise((resolve, reject) => {
    const started = Date.now();
    const look = () => {
      const found = check();
      if (found !== undefined) return resolve(found);
      if (Date.now() - started > timeoutMs) return reject(new Error(what()));
      setTimeout(look, 10);
    };
    look();
  });
}

/** The first matching event, already received or still to come. */
export const eventually = (received: Received, match: (e: Received[number]) => boolean) =>
  until(
    () => received.find(match),
    () => `not received; got ${JSON.stringify(received).slice(0, 500)}`,
  );

export const carries = (text: string) => (e: Received[number]) => JSON.stringify(e.args).includes(text);

/** POSTs JSON with the session `cookie` and expects 200; resolves with the answer's body. */
export async function post(base: string, cookie: string, path: string, body: unknown) {
  const res = await fetch(`${base}${path}`, { method: 'POST', headers: { ...json, cookie }, body: JSON.stringify(body) });
  expect(res.status, `${path}: ${await res.clone().text()}`).toBe(200);
  return res.json();
}

/** Signs `username` up and returns the session cookie. */
export async function signUp(base: string, username: string) {
  const res = await fetch(`${base}/user/signup`, { method: 'POST', headers: json, body: JSON.stringify({ username, password: 'split-mode-password' }) });
  expect(res.status).toBe(200);
  return res.headers.get('set-cookie')!.split(';')[0]!;
}
