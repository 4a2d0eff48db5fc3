/** Demo seeding (demo-seed.ts): several processes starting together on an empty database seed it once. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { schema, type Database } from '@fso/db';
import { createTestDatabase } from '@fso/db/testing';
import { seedDemo } from './demo-seed.ts';

describe('seedDemo', () => {
  let database: Database;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(() => database?.close());

  it('seeds an empty database exactly once, however many start at the same time', async () => {
    // On PostgreSQL each call runs on a pooled connection of its own, as separate processes would.
    const seeded = await Promise.all([seedDemo(database), seedDemo(database), seedDemo(database)]);
    expect(seeded.filter(Boolean)).toHaveLength(1);
    expect(await database.db.$count(schema.users)).toBe(4);
    const [dana] = await database.db.select().from(schema.users).where(eq(schema.users.username, 'dana'));
    expect(dana?.role).toBe('moderator');
    expect(await database.db.$count(schema.questions)).toBe(3);
    expect(await seedDemo(database)).toBe(false);
  });
});
