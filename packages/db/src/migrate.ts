/**
 * Applies the SQL migrations in packages/db/migrations, once each, in the journal's order.
 * Several processes may start together, so the run holds an advisory lock. A migration counts as
 * applied when its journal time (`when`) is in drizzle's table: unlike drizzle's own migrator,
 * which skips every migration older than the newest applied one, a migration that lands after a
 * newer-numbered one (work merged out of order) is still applied on an existing database.
 */
import { fileURLToPath } from 'node:url';
import { readMigrationFiles } from 'drizzle-orm/migrator';
import type { Database } from './client.ts';

export const MIGRATIONS_FOLDER = fileURLToPath(new URL('../migrations', import.meta.url));
const LOCK_ID = 727_001;

/** `migrationsFolder`: another folder of the same layout (npm run migrate-embedded applies a prefix of ours). */
export async function migrate(database: Database, migrationsFolder = MIGRATIONS_FOLDER): Promise<void> {
  const migrations = readMigrationFiles({ migrationsFolder });
  const client = await database.pool.connect();
  try {
    await client.query('SELECT pg_advisory_lock($1)', [LOCK_ID]);
    // On the locked connection itself: a small pool may have no other one to give.
    await client.query('CREATE SCHEMA IF NOT EXISTS drizzle');
    await client.query(
      'CREATE TABLE IF NOT EXISTS drizzle.__drizzle_migrations (id SERIAL PRIMARY KEY, hash text NOT NULL, created_at bigint)',
    );
    const applied = await client.query<{ created_at: string }>('SELECT created_at FROM drizzle.__drizzle_migrations');
    const done = new Set(applied.rows.map((r) => Number(r.created_at)));
    const missing = migrations.filter((m) => !done.has(m.folderMillis));
    if (missing.length === 0) return;
    await client.query('BEGIN');
    try {
      for (const migration of missing) {
        for (const statement of migration.sql) if (statement.trim()) await client.query(statement);
        await client.query('INSERT INTO drizzle.__drizzle_migrations (hash, created_at) VALUES ($1, $2)', [
          migration.hash,
          migration.folderMillis,
        ]);
      }
      await client.query('COMMIT');
    } catch (error) {
      await client.query('ROLLBACK');
      throw error;
    }
  } finally {
    await client.query('SELECT pg_advisory_unlock($1)', [LOCK_ID]).catch(() => undefined);
    client.release();
  }
}
