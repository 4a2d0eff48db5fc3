import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from './client.ts';
import { createTestDatabase } from '../test/testing.ts';

const serverUrl = process.env.TEST_DATABASE_URL;
let database: Database;

beforeAll(async () => {
  if (serverUrl) database = await createTestDatabase();
});
afterAll(() => database?.close());

describe.skipIf(!serverUrl)('node-postgres connections', () => {
  it('prepare a parameterised statement once per connection and reuse it', async () => {
    const client = await database.pool.connect();
    try {
      const count = async () =>
        Number(
          (
            await client.query<{ n: number }>(
              `SELECT count(*)::int AS n FROM pg_prepared_statements WHERE name LIKE 'fso\\_%'`,
            )
          ).rows[0]!.n,
        );
      const before = await count();
      const select = (n: number) => client.query({ text: 'SELECT $1::int + 1 AS v', values: [n] });
      expect((await select(1)).rows).toEqual([{ v: 2 }]);
      expect((await select(41)).rows).toEqual([{ v: 42 }]);
      expect(await count()).toBe(before + 1);
      // A statement without parameters is not prepared; a failing one reports its error and stays usable.
      await client.query('SELECT 1');
      expect(await count()).toBe(before + 1);
      await expect(client.query({ text: 'SELECT $1::int / 0', values: [1] })).rejects.toThrow(/division by zero/);
      await expect(client.query({ text: 'SELECT $1::int / 0', values: [2] })).rejects.toThrow(/division by zero/);
    } finally {
      client.release();
    }
  });

  it('run drizzle queries through prepared statements with the same results', async () => {
    const run = (n: number) => database.db.execute(sql`SELECT ${n}::int * 2 AS v`);
    expect((await run(2)).rows).toEqual([{ v: 4 }]);
    expect((await run(5)).rows).toEqual([{ v: 10 }]);
  });
});
