/**
 * The guard around demo seeding: one transaction under an advisory lock that runs the seed only
 * on a database with no users, so several processes starting together on an empty database seed
 * it once and real data is never touched.
 */
import { sql } from 'drizzle-orm';
import type { Db } from '../client.ts';
import { users } from '../schema/index.ts';
import type { Tx } from './sql-rows.ts';

const SEED_LOCK_ID = 727_002;

/** Runs `seed` if there are no users yet; answers whether it ran. */
export function seedIfEmpty(db: Db, seed: (tx: Tx) => Promise<void>): Promise<boolean> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`SELECT pg_advisory_xact_lock(${SEED_LOCK_ID})`);
    if ((await tx.$count(users)) > 0) return false;
    await seed(tx);
    return true;
  });
}
