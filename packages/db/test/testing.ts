/**
 * Test databases, all on PostgreSQL 15: the server at TEST_DATABASE_URL, or, when it is unset,
 * an embedded PostgreSQL server (src/embedded-server.ts) that the test run starts in a temporary
 * folder and names in TEST_DATABASE_URL for its test processes. A migrated template database is
 * made once per run (vitest.global-setup.ts) and each test file gets a fresh database created
 * FROM TEMPLATE, dropped by its `close`.
 */
import { createHash } from 'node:crypto';
import { mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { openDatabase, type Database } from '../src/client.ts';
import { createUser } from '../src/queries/users.ts';
import { embeddedServerState, startEmbeddedServer, stopEmbeddedServer } from '../src/embedded-server.ts';
import { migrate, MIGRATIONS_FOLDER } from '../src/migrate.ts';

// One template per checkout, so that two checkouts testing against one server do not drop each
// other's template mid-run.
const TEMPLATE_DB = `fso_template_${createHash('sha256').update(MIGRATIONS_FOLDER).digest('hex').slice(0, 8)}`;
const TEST_SERVER_PREFIX = 'fso-test-pg-';

/** Settings of the test server: its data is thrown away, so nothing waits for the disk. */
const TEST_SERVER_SETTINGS = {
  fsync: 'off',
  synchronous_commit: 'off',
  full_page_writes: 'off',
  max_connections: '200',
};

function withDatabase(url: string, name: string): string {
  const u = new URL(url);
  u.pathname = `/${name}`;
  return u.toString();
}

/**
 * Starts an embedded test server in a new temporary folder and names it in TEST_DATABASE_URL
 * (test processes started after this inherit it); returns its stop, which also removes the folder.
 * Folders left by runs that were killed are cleared first.
 */
async function startTestServer(): Promise<() => Promise<void>> {
  clearLeftoverTestServers();
  const dataDir = mkdtempSync(join(tmpdir(), TEST_SERVER_PREFIX));
  const server = await startEmbeddedServer(dataDir, {
    mode: 'take',
    settings: TEST_SERVER_SETTINGS,
    database: 'postgres',
    trust: true,
  });
  process.env.TEST_DATABASE_URL = server.url;
  return async () => {
    await server.stop();
    rmSync(dataDir, { recursive: true, force: true });
  };
}

/** Test servers whose run was killed (their starter is gone) are stopped, and their folders removed. */
function clearLeftoverTestServers(): void {
  for (const name of readdirSync(tmpdir())) {
    if (!name.startsWith(TEST_SERVER_PREFIX)) continue;
    const dir = join(tmpdir(), name);
    const state = embeddedServerState(dir);
    // A folder without a server may be one whose run is still making it: only an old one is removed.
    const old = Date.now() - statSync(dir).mtimeMs > 60 * 60_000;
    if (state.kind === 'orphaned') stopEmbeddedServer(state.pid);
    if (state.kind === 'orphaned' || (state.kind === 'none' && old)) rmSync(dir, { recursive: true, force: true });
  }
}

/**
 * Builds the template once per run (on the embedded test server it first starts, when
 * TEST_DATABASE_URL is unset); returns what stops that server (nothing to do on a given server).
 */
export async function prepareTemplate(): Promise<() => Promise<void>> {
  const stop = process.env.TEST_DATABASE_URL ? async () => {} : await startTestServer();
  const url = process.env.TEST_DATABASE_URL!;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  try {
    await admin.query(`DROP DATABASE IF EXISTS ${TEMPLATE_DB} WITH (FORCE)`);
    await admin.query(`CREATE DATABASE ${TEMPLATE_DB}`);
  } finally {
    await admin.end();
  }
  const template = await openDatabase({ url: withDatabase(url, TEMPLATE_DB), poolSize: 1 });
  await migrate(template);
  await template.close();
  return stop;
}

let counter = 0;
/** For a process that was not started by a test run that prepared the template (a script). */
let ownTemplate: Promise<unknown> | null = null;

/**
 * A fresh, migrated, empty database for one test file; `close` removes it. `embedded` is
 * accepted as before and changes nothing: every test database is on PostgreSQL 15 (decision 0082).
 * `poolSize`: connections (5 unless given), more for a test of many writes at once.
 */
export async function createTestDatabase(opts: { embedded?: boolean; poolSize?: number } = {}): Promise<Database> {
  if (!process.env.TEST_DATABASE_URL) {
    ownTemplate ??= prepareTemplate().then((stop) => process.once('beforeExit', () => void stop()));
  }
  await ownTemplate;
  const url = process.env.TEST_DATABASE_URL!;
  const name = `fso_t_${process.pid}_${++counter}_${Date.now().toString(36)}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name} TEMPLATE ${TEMPLATE_DB}`);
  await admin.end();
  const database = await openDatabase({ url: withDatabase(url, name), poolSize: opts.poolSize ?? 5 });
  const close = database.close;
  return {
    ...database,
    close: async () => {
      await close();
      const cleanup = new pg.Client({ connectionString: url });
      await cleanup.connect();
      await cleanup.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await cleanup.end();
    },
  };
}

/** A new account named `username` (no password) in `database`; its id. */
export const newUserId = async (database: Database, username: string): Promise<number> =>
  Number((await createUser(database.db, { username, passwordHash: null }))!._id);
