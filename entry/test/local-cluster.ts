/**
 * A cluster on one machine, for the multi-process tests (split-mode, cluster-faults) and the
 * e2e suite's cluster mode: a database of its own on a PostgreSQL server, the real entries
 * `remix-app/web.ts` and `realtime/src/main.ts` started as child processes on loopback (2 realtime + 2 web, each
 * web forwarding to its own realtime instance), stopped or killed and started again on the
 * same port. Needs the web build (made here if missing). `startProcess` starts any such server
 * command (deploy/image.smoke.ts runs the image's commands with it, through `buildah run`).
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import pg from 'pg';
import { freePort } from '@fso/platform';

const root = new URL('../..', import.meta.url).pathname;
/** The two split-mode entries, from the repository's root. */
export const WEB = 'remix-app/web.ts';
export const REALTIME = 'realtime/src/main.ts';
const SECRET = 'split-mode-test-secret-split-mode-test';
/** Output kept per process for failure messages: the last this many chunks. */
const LOG_CHUNKS = 2000;

/** `url` with its database name replaced by `name`. */
export const withDatabase = (url: string, name: string) =>
  Object.assign(new URL(url), { pathname: `/${name}` }).toString();

/** One query on `url` (the server's default database), on a connection of its own. */
export async function query<T extends pg.QueryResultRow>(
  url: string,
  text: string,
  values: unknown[] = [],
): Promise<T[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query<T>(text, values)).rows;
  } finally {
    await client.end();
  }
}

export { freePort };

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A server process started by `startProcess`; its (recent) output is kept for failure messages. */
export interface ServerProcess {
  base: string;
  port: number;
  child: ChildProcess;
  log: string[];
}

/** One process of the cluster. */
export interface Service extends ServerProcess {
  entry: typeof WEB | typeof REALTIME;
  env: Record<string, string>;
}

async function waitHealthy(server: ServerProcess, withinMs: number) {
  for (let i = 0; i < withinMs / 100; i++) {
    if (server.child.exitCode !== null) throw new Error(`${server.base} exited: ${server.log.join('')}`);
    if (
      await fetch(`${server.base}/healthz`).then(
        (r) => r.ok,
        () => false,
      )
    )
      return;
    await sleep(100);
  }
  throw new Error(`${server.base} did not become healthy: ${server.log.join('')}`);
}

/**
 * Runs `argv` in `cwd` with exactly `env` (which must make it listen on `port`) and resolves
 * once its /healthz answers on loopback (killed if it does not within `readyWithinMs`).
 */
export async function startProcess(
  argv: string[],
  cwd: string,
  env: Record<string, string | undefined>,
  port: number,
  readyWithinMs = 30_000,
): Promise<ServerProcess> {
  // Passed as given: Remix's globals make NODE_ENV a required key of ProcessEnv.
  const child = spawn(argv[0]!, argv.slice(1), {
    cwd,
    env: env as NodeJS.ProcessEnv,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const server: ServerProcess = { base: `http://127.0.0.1:${port}`, port, child, log: [] };
  const keep = (d: Buffer) => {
    server.log.push(d.toString());
    if (server.log.length > LOG_CHUNKS) server.log.shift();
  };
  child.stdout.on('data', keep);
  child.stderr.on('data', keep);
  try {
    await waitHealthy(server, readyWithinMs);
  } catch (error) {
    child.kill('SIGKILL');
    throw error;
  }
  return server;
}

/** Starts `entry` (on `port`, else a free one) and resolves once its /healthz answers. */
export async function startService(
  entry: Service['entry'],
  env: Record<string, string>,
  port?: number,
): Promise<Service> {
  port ??= await freePort();
  const all = {
    PATH: process.env.PATH,
    NODE_ENV: 'production',
    SESSION_SECRET: SECRET,
    COOKIE_SECURE: 'false',
    SEED_DEMO: 'false',
    HOST: '127.0.0.1',
    PORT: String(port),
    ...env,
  };
  return { entry, env, ...(await startProcess([process.execPath, '--import', 'tsx', entry], root, all, port)) };
}

/** Sends `signal` and resolves once the process has exited: its exit code and how long it took. */
export function stopService(
  service: ServerProcess,
  signal: NodeJS.Signals = 'SIGTERM',
): Promise<{ code: number | null; ms: number }> {
  const started = Date.now();
  return new Promise((resolve) => {
    if (service.child.exitCode !== null || service.child.signalCode !== null)
      return resolve({ code: service.child.exitCode, ms: 0 });
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

/**
 * 2 realtime + 2 web processes in a new database named after `prefix` on the PostgreSQL server
 * at `serverUrl`; `env` goes to every process (e.g. REDIS_URL, or the e2e server's settings).
 */
export async function startCluster(
  serverUrl: string,
  prefix: string,
  env: Record<string, string> = {},
): Promise<Cluster> {
  if (
    !existsSync(`${root}remix-app/build/server/index.js`) &&
    spawnSync('npm', ['run', 'build'], { cwd: root, stdio: 'ignore' }).status !== 0
  ) {
    throw new Error('npm run build failed');
  }
  const name = `${prefix}_${process.pid}_${Date.now().toString(36)}`;
  await query(serverUrl, `CREATE DATABASE ${name}`);
  const all = { ...env, DATABASE_URL: withDatabase(serverUrl, name) };
  const realtimes = await Promise.all([startService(REALTIME, all), startService(REALTIME, all)]);
  const webs = (await Promise.all(realtimes.map((rt) => startService(WEB, { ...all, REALTIME_URL: rt.base })))) as [
    Service,
    Service,
  ];
  const cluster: Cluster = {
    databaseUrl: all.DATABASE_URL,
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
      await query(serverUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    },
  };
  return cluster;
}
