/**
 * `npm run migrate-embedded`: moves a site's data from the earlier embedded default (PGlite, its
 * files at the top of DATA_DIR) into the embedded PostgreSQL server (`DATA_DIR/postgres`), which
 * `npm start` refuses to run beside them (docs/decisions/0082). A dump and restore, table by
 * table: the new database is first migrated to the PGlite folder's own migration, every table's
 * rows are copied in place of what those migrations wrote (as JSON, in pages, with triggers and foreign-key checks off, as a restore
 * runs), its sequences set where they were, then the newer migrations applied. The PGlite files
 * are moved into `DATA_DIR/pglite-before-migration` (delete it once the site looks right); a run
 * that fails leaves them where they were and can be run again.
 */
import { cpSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { vector } from '@electric-sql/pglite-pgvector';
import pg from 'pg';
import { isPgliteFolder, migrate, MIGRATIONS_FOLDER, openDatabase, startEmbeddedServer } from '@fso/db';
import { loadConfig } from '@fso/platform';

/** Rows read and written at a time. */
const PAGE = 2000;
/** Where the PGlite files go once their data is in the new server. */
const KEPT = 'pglite-before-migration';

let dataDir: string;
try {
  dataDir = resolve(loadConfig().dataDir);
} catch (error) {
  console.error((error as Error).message);
  process.exit(1);
}
if (!isPgliteFolder(dataDir)) {
  console.log(`${dataDir} holds no PGlite database: nothing to migrate.`);
  process.exit(0);
}

const started = Date.now();
const pglite = await PGlite.create({ dataDir, extensions: { pg_trgm, vector } });
const server = await startEmbeddedServer(dataDir, { mode: 'take', besidePglite: true, database: 'postgres' });
const admin = new pg.Client({ connectionString: server.url });
try {
  await admin.connect();
  // A run cut short left a partial copy: start again from an empty database.
  await admin.query('DROP DATABASE IF EXISTS fso WITH (FORCE)');
  await admin.query('CREATE DATABASE fso');
  const url = Object.assign(new URL(server.url), { pathname: '/fso' }).toString();
  await migrateTo(url, await appliedUpTo(pglite));
  const counts = await copyTables(pglite, url);
  const database = await openDatabase({ url });
  await migrate(database);
  await database.exec('ANALYZE');
  await database.close();
  await pglite.close();
  keepAside(dataDir);
  const total = counts.reduce((n, [, rows]) => n + rows, 0);
  console.log(
    `Copied ${total} rows in ${counts.length} tables from PGlite into the embedded PostgreSQL in ` +
      `${((Date.now() - started) / 1000).toFixed(1)} s. The PGlite files are in ${join(dataDir, KEPT)}: ` +
      'delete that folder once the site looks right. npm start runs on the new database now.',
  );
} catch (error) {
  console.error(`Migration from PGlite failed (its files are untouched): ${(error as Error).message}`);
  process.exitCode = 1;
} finally {
  await admin.end().catch(() => undefined);
  await server.stop();
  if (!pglite.closed) await pglite.close();
}

/** The `when` of the last migration the PGlite database has (drizzle's own table), or 0. */
async function appliedUpTo(source: PGlite): Promise<number> {
  const { rows } = await source.query<{ last: string | null }>(
    `SELECT max(created_at)::text AS last FROM drizzle.__drizzle_migrations`,
  );
  return Number(rows[0]?.last ?? 0);
}

/** Applies the migrations up to `when` (inclusive) to the database at `url`. */
async function migrateTo(url: string, when: number): Promise<void> {
  const folder = mkdtempSync(join(tmpdir(), 'fso-migrations-'));
  try {
    cpSync(MIGRATIONS_FOLDER, folder, { recursive: true });
    const journalPath = join(folder, 'meta/_journal.json');
    const journal = JSON.parse(readFileSync(journalPath, 'utf8')) as { entries: { when: number }[] };
    journal.entries = journal.entries.filter((entry) => entry.when <= when);
    writeFileSync(journalPath, JSON.stringify(journal));
    const database = await openDatabase({ url, poolSize: 1 });
    try {
      await migrate(database, folder);
    } finally {
      await database.close();
    }
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
}

/** Copies every table's rows from PGlite into `url`; returns [table, rows] for each. */
async function copyTables(source: PGlite, url: string): Promise<[string, number][]> {
  const target = new pg.Client({ connectionString: url });
  await target.connect();
  try {
    await target.query('BEGIN');
    // As pg_restore does: no triggers (counters and queues are copied as they are), no FK order.
    await target.query('SET LOCAL session_replication_role = replica');
    const { rows: tables } = await target.query<{ name: string; columns: string[] }>(
      `SELECT c.relname AS name, array_agg(quote_ident(a.attname) ORDER BY a.attnum) AS columns
       FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
       JOIN pg_attribute a ON a.attrelid = c.oid AND a.attnum > 0 AND NOT a.attisdropped AND a.attgenerated = ''
       WHERE n.nspname = 'public' AND c.relkind IN ('r', 'p') GROUP BY c.relname ORDER BY c.relname`,
    );
    // Rows the migrations wrote (a counter's first row, …) give way to the site's own.
    await target.query(`TRUNCATE ${tables.map((t) => quote(t.name)).join(', ')}`);
    const counts: [string, number][] = [];
    for (const { name, columns } of tables) {
      const list = columns.join(', ');
      let after = '(0,0)';
      let copied = 0;
      for (;;) {
        const { rows } = await source.query<{ last: string; page: string }>(
          `SELECT max(ctid)::text AS last, json_agg(row_to_json(p))::text AS page FROM (
             SELECT ctid, ${list} FROM ${quote(name)} WHERE ctid > $1::tid ORDER BY ctid LIMIT ${PAGE}) p`,
          [after],
        );
        const { last, page } = rows[0] ?? {};
        if (!last || !page) break;
        const result = await target.query(
          `INSERT INTO ${quote(name)} (${list}) OVERRIDING SYSTEM VALUE
           SELECT ${list} FROM json_populate_recordset(NULL::${quote(name)}, $1::json)`,
          [page],
        );
        copied += result.rowCount ?? 0;
        after = last;
      }
      counts.push([name, copied]);
    }
    const { rows: sequences } = await source.query<{ name: string; last: string }>(
      `SELECT format('%I.%I', schemaname, sequencename) AS name, last_value::text AS last
       FROM pg_sequences WHERE schemaname = 'public' AND last_value IS NOT NULL`,
    );
    for (const { name, last } of sequences) await target.query('SELECT setval($1::regclass, $2::bigint)', [name, last]);
    await target.query('COMMIT');
    return counts;
  } finally {
    await target.end();
  }
}

function quote(name: string): string {
  return `"${name.replaceAll('"', '""')}"`;
}

/** Moves PGlite's files (everything at the top of DATA_DIR but the new server's) into KEPT. */
function keepAside(dir: string): void {
  const kept = join(dir, KEPT);
  mkdirSync(kept, { recursive: true });
  const ours = new Set(['postgres', 'postgres-password', 'postgres.log', KEPT]);
  for (const entry of readdirSync(dir)) if (!ours.has(entry)) renameSync(join(dir, entry), join(kept, entry));
}
