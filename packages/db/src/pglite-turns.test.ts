/** Queued PGlite statements let the event loop take a turn between them (what a waiting request needs). */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from './client.ts';
import { rows } from './queries/sql-rows.ts';
import { createTestDatabase } from '../test/testing.ts';

describe('PGlite statements take turns with the event loop', () => {
  let database: Database;
  beforeAll(async () => {
    database = await createTestDatabase({ embedded: true });
  });
  afterAll(() => database.close());

  it('answers a callback queued behind 30 statements before most of them have run', async () => {
    let finished = 0;
    const statements = Array.from({ length: 30 }, () =>
      database.db.execute(sql`SELECT pg_sleep(0.001)`).then(() => finished++),
    );
    // What an incoming request's handler is: a callback for the event loop's next turn.
    const seenByCallback = await new Promise<number>((resolve) => setImmediate(() => resolve(finished)));
    await Promise.all(statements);
    expect(finished).toBe(30);
    expect(seenByCallback).toBeLessThanOrEqual(2);
  });

  it('keeps transactions whole and in order', async () => {
    await database.db.execute(sql`CREATE TABLE turns (n int)`);
    await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        database.db.transaction(async (tx) => {
          await tx.execute(sql`INSERT INTO turns VALUES (${i})`);
          await tx.execute(sql`INSERT INTO turns VALUES (${i + 100})`);
        }),
      ),
    );
    const stored = await rows<{ n: number }>(database.db, sql`SELECT n FROM turns ORDER BY ctid`);
    expect(stored.map((r) => r.n)).toEqual(Array.from({ length: 10 }, (_, i) => [i, i + 100]).flat());
  });
});
