/** Expired sessions are purged by the web server on its own; live ones stay. */
import { createSession, createUser, schema, SESSION_TTL_MS, type Database } from '@fso/db';
import { createTestDatabase } from '@fso/db/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLogger } from '@fso/platform';
import { purgeExpiredSessions } from './session-purge.ts';

describe('expired session purge', () => {
  let database: Database;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(() => database.close());

  it('deletes sessions past their expiry, at start and then periodically, and keeps live ones', async () => {
    const user = (await createUser(database.db, { username: 'purged', passwordHash: null }))!;
    const long = new Date(Date.now() - SESSION_TTL_MS - 60_000);
    const stale = await createSession(database.db, Number(user._id), long);
    const live = await createSession(database.db, Number(user._id));
    const ids = async () => (await database.db.select({ id: schema.sessions.id }).from(schema.sessions)).map((r) => r.id).sort();

    expect(await ids()).toEqual([stale.id, live.id].sort());
    const purge = purgeExpiredSessions(database, createLogger({ level: 'silent' }), 50);
    try {
      await expect.poll(ids).toEqual([live.id]);
      // Another session expires while the server runs: the next round takes it.
      const later = await createSession(database.db, Number(user._id), long);
      expect(await ids()).toContain(later.id);
      await expect.poll(ids).toEqual([live.id]);
    } finally {
      purge.stop();
    }
  });
});
