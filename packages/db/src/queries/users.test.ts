import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deleteAccount } from '../../test/core-rules.ts';
import { createTestDatabase } from '../../test/testing.ts';
import type { Database } from '../client.ts';
import { createUser, findCredentials, findUser, listUsers, updateBiography } from './users.ts';
import { createSession, deleteOtherSessions, findSessionUser } from './sessions.ts';
import { hitLimit } from './rate-limits.ts';

let database: Database;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.close());

describe('users', () => {
  it('refuses a second user with the same name in any letter case', async () => {
    expect(await createUser(database.db, { username: 'Ada', passwordHash: 'h' })).toMatchObject({
      username: 'Ada',
      biography: '',
    });
    expect(await createUser(database.db, { username: 'ada', passwordHash: 'h' })).toBeNull();
    expect((await findUser(database.db, 'ADA'))?.username).toBe('Ada');
  });

  it('lists a filtered page with the total, escaping LIKE wildcards', async () => {
    for (const name of ['bob', 'bobby', 'carol', 'b_x'])
      await createUser(database.db, { username: name, passwordHash: null });
    const page = await listUsers(database.db, { filter: 'bob', limit: 1 });
    expect(page).toMatchObject({ total: 2, users: [{ username: 'bob' }] });
    const next = await listUsers(database.db, { filter: 'bob', limit: 1, after: 'bob' });
    expect(next.users.map((u) => u.username)).toEqual(['bobby']);
    expect((await listUsers(database.db, { filter: '_', limit: 10 })).users.map((u) => u.username)).toEqual(['b_x']);
  });

  it('lists the newest members first, and pages any order by offset', async () => {
    const newest = await listUsers(database.db, { filter: 'b', limit: 2, sort: 'new' });
    expect(newest.users.map((u) => u.username)).toEqual(['b_x', 'bobby']);
    const second = await listUsers(database.db, { filter: 'b', limit: 2, sort: 'new', offset: 2 });
    expect(second.users.map((u) => u.username)).toEqual(['bob']);
    const all = (await listUsers(database.db, { filter: 'b', limit: 3 })).users.map((u) => u.username);
    const byName = await listUsers(database.db, { filter: 'b', limit: 2, offset: 1 });
    expect(byName.users.map((u) => u.username)).toEqual(all.slice(1));
  });

  it('keeps the password hash out of the public shape', async () => {
    const user = await findUser(database.db, 'ada');
    expect(user).not.toHaveProperty('passwordHash');
    expect((await findCredentials(database.db, 'ada'))?.passwordHash).toBe('h');
  });

  it('updates a biography and deletes a user with their sessions', async () => {
    const user = (await findUser(database.db, 'carol'))!;
    expect((await updateBiography(database.db, user.id, 'hello'))?.biography).toBe('hello');
    const s1 = await createSession(database.db, user.id);
    const s2 = await createSession(database.db, user.id);
    expect(await deleteOtherSessions(database.db, user.id, s1.id)).toEqual([s2.id]);
    expect(await findSessionUser(database.db, s1.id)).toMatchObject({ username: 'carol' });
    await deleteAccount(database.db, user.id);
    expect(await findSessionUser(database.db, s1.id)).toBeNull();
    expect(await findUser(database.db, 'carol')).toBeNull();
  });

  it('counts rate-limit hits in a fixed window', async () => {
    const limit = { max: 2, windowMs: 60_000 };
    const t0 = new Date('2026-01-01T00:00:00Z');
    expect((await hitLimit(database.db, 'k', limit, t0)).allowed).toBe(true);
    expect((await hitLimit(database.db, 'k', limit, t0)).allowed).toBe(true);
    const third = await hitLimit(database.db, 'k', limit, new Date(t0.getTime() + 1000));
    expect(third).toEqual({ allowed: false, retryAfterSeconds: 59, windowEndsAt: new Date(t0.getTime() + 60_000) });
    expect((await hitLimit(database.db, 'k', limit, new Date(t0.getTime() + 61_000))).allowed).toBe(true);
  });
});
