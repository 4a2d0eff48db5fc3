/**
 * Test databases: a migrated template is made once per test run (see vitest.global-setup.ts)
 * and each test file gets a fresh clone of it — a PGlite data directory loaded from the
 * template's dump, or, with TEST_DATABASE_URL, a PostgreSQL database created FROM TEMPLATE.
 */
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { writeFile, rename } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { openDatabase, openEmbeddedDatabase, type Database } from '../src/client.ts';
import { migrate, MIGRATIONS_FOLDER } from '../src/migrate.ts';

// One template per checkout, so that two checkouts testing against one server do not drop each
// other's template mid-run.
const TEMPLATE_DB = `fso_template_${createHash('sha256').update(MIGRATIONS_FOLDER).digest('hex').slice(0, 8)}`;

function migrationsHash(): string {
  const hash = createHash('sha256');
  for (const file of readdirSync(MIGRATIONS_FOLDER).sort()) {
    if (file.endsWith('.sql')) hash.update(file).update(readFileSync(join(MIGRATIONS_FOLDER, file)));
  }
  return hash.digest('hex').slice(0, 16);
}

export const pgliteTemplatePath = () => join(tmpdir(), `fso-pglite-template-${migrationsHash()}.tar`);

function withDatabase(url: string, name: string): string {
  const u = new URL(url);
  u.pathname = `/${name}`;
  return u.toString();
}

/** Builds the template once per run; cheap when it already exists for these migrations. */
export async function prepareTemplate(): Promise<void> {
  const url = process.env.TEST_DATABASE_URL;
  await preparePgliteTemplate();
  if (url) {
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
  }
}

/** The PGlite template, also made with TEST_DATABASE_URL: some tests need PGlite's extensions. */
async function preparePgliteTemplate(): Promise<void> {
  const path = pgliteTemplatePath();
  if (existsSync(path)) return;
  const template = await openEmbeddedDatabase({});
  await migrate(template);
  const dump = await template.pglite.dumpDataDir('none');
  await template.close();
  const partial = `${path}.${process.pid}`;
  await writeFile(partial, Buffer.from(await dump.arrayBuffer()));
  await rename(partial, path);
}

let counter = 0;

/**
 * A fresh, migrated, empty database for one test file; `close` removes it. `embedded` asks for
 * PGlite even when TEST_DATABASE_URL names a server (PGlite has pgvector, Debian's server not).
 */
export async function createTestDatabase(opts: { embedded?: boolean } = {}): Promise<Database> {
  const url = opts.embedded ? undefined : process.env.TEST_DATABASE_URL;
  if (url) {
    const name = `fso_t_${process.pid}_${++counter}_${Date.now().toString(36)}`;
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name} TEMPLATE ${TEMPLATE_DB}`);
    await admin.end();
    const database = await openDatabase({ url: withDatabase(url, name), poolSize: 5 });
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
  const blob = new Blob([readFileSync(pgliteTemplatePath())]);
  return openDatabase({ loadDataDir: blob });
}

export { PGlite };
