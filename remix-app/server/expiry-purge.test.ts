/** Expired sessions and ended rate-limit windows are purged by the web server on its own; live ones stay. */
import { createSession, createUser, hitLimit, schema, SESSION_TTL_MS, type Database } from '@fso/db';
import { createTestDatabase } from '@fso/db/testing';
import { LONGEST_LIMIT_WINDOW_MS } from '@fso/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLogger } from '@fso/platform';
import { purgeExpired } from './expiry-purge.ts';

describe('expiry purge', () => {
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
    const ids = async () =>
      (await database.db.select({ id: schema.sessions.id }).from(schema.sessions)).map((r) => r.id).sort();

    expect(await ids()).toEqual([stale.id, live.id].sort());
    const purge = purgeExpired({ db: database.db, clock: () => new Date() }, createLogger({ level: 'silent' }), 50);
    try {
      await expect.poll(ids).toEqual([live.id]);
      // Another session expires while the server runs: the next round takes it.
      // (Not read back first: a round 50 ms later may already have taken it.)
      await createSession(database.db, Number(user._id), long);
      await expect.poll(ids).toEqual([live.id]);
    } finally {
      purge.stop();
    }
  });

  it('deletes rate-limit rows whose window has ended, so the table shrinks, and keeps running windows', async () => {
    const limit = { max: 5, windowMs: LONGEST_LIMIT_WINDOW_MS };
    const ended = new Date(Date.now() - LONGEST_LIMIT_WINDOW_MS - 60_000);
    for (let i = 0; i < 20; i++) await hitLimit(database.db, `question:ip:192.0.2.${i}`, limit, ended);
    await hitLimit(database.db, 'question:ip:192.0.2.200', limit);
    const keys = async () =>
      (await database.db.select({ key: schema.rateLimits.key }).from(schema.rateLimits)).map((r) => r.key);
    expect(await keys()).toHaveLength(21);
    const purge = purgeExpired({ db: database.db, clock: () => new Date() }, createLogger({ level: 'silent' }), 50);
    try {
      await expect.poll(keys).toEqual(['question:ip:192.0.2.200']);
      // The running window still counts: its next event is the second.
      expect(
        (await hitLimit(database.db, 'question:ip:192.0.2.200', { max: 1, windowMs: LONGEST_LIMIT_WINDOW_MS })).allowed,
      ).toBe(false);
    } finally {
      purge.stop();
    }
  });
});
