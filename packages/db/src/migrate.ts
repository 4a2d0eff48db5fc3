/**
 * Applies the SQL migrations in packages/db/migrations, once, in order. Several processes may
 * start together, so the run holds an advisory lock.
 */
import { fileURLToPath } from 'node:url';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { drizzle } from 'drizzle-orm/node-postgres';
import type { Database } from './client.ts';

export const MIGRATIONS_FOLDER = fileURLToPath(new URL('../migrations', import.meta.url));
const LOCK_ID = 727_001;

/** `migrationsFolder`: another folder of the same layout (npm run migrate-embedded applies a prefix of ours). */
export async function migrate(database: Database, migrationsFolder = MIGRATIONS_FOLDER): Promise<void> {
  const config = { migrationsFolder };
  const client = await database.pool.connect();
  try {
    await client.query('SELECT pg_advisory_lock($1)', [LOCK_ID]);
    // Migrate on the locked connection itself: a small pool may have no other one to give.
    await migratePg(drizzle({ client }), config);
  } finally {
    await client.query('SELECT pg_advisory_unlock($1)', [LOCK_ID]).catch(() => undefined);
    client.release();
  }
}
