import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findCredentials, findSessionUser, findUser, readSessionId, type Database } from '@fso/db';
import { createTestDatabase } from '@fso/db/testing';
import { MSG, RATE_LIMITS } from '@fso/shared';
import { testContext } from '../../test/context.ts';
import { deleteAccount, login, resetPassword, signup, updateBiography } from './accounts.server.ts';

let database: Database;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.close());

const sessionOf = async (cookie: string) => {
  const { context } = testContext(database);
  const id = readSessionId(cookie.split(';')[0], context.config.sessionSecret)!;
  return (await findSessionUser(database.db, id))!;
};

describe('accounts', () => {
  it('signs up, stores only an argon2id hash, starts a session and announces the user', async () => {
    const { context, recorded } = testContext(database);
    const result = await signup(context, { username: 'erin', password: 's3cret-pw' });
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.value.user).toMatchObject({ username: 'erin', biography: '' });
    expect(result.value.cookie).toMatch(/HttpOnly; SameSite=Lax/);
    expect((await findCredentials(database.db, 'erin'))?.passwordHash).toMatch(/^\$argon2id\$/);
    expect(await sessionOf(result.value.cookie)).toMatchObject({ username: 'erin' });
    expect(recorded.events).toEqual([{ event: 'userUpdate', args: [{ user: result.value.user, type: 'created' }] }]);
  });

  it('refuses a taken or reserved username with 409 and creates nothing', async () => {
    const { context } = testContext(database);
    expect(await signup(context, { username: 'ERIN', password: 'x' })).toMatchObject({ ok: false, status: 409, error: MSG.usernameTaken });
    expect(await signup(context, { username: 'getUsers', password: 'x' })).toMatchObject({ ok: false, status: 409 });
    expect(await findUser(database.db, 'getUsers')).toBeNull();
  });

  it('logs in with the right password only', async () => {
    const { context } = testContext(database);
    expect((await login(context, { username: 'erin', password: 's3cret-pw' })).ok).toBe(true);
    expect(await login(context, { username: 'erin', password: 'wrong' })).toMatchObject({ ok: false, status: 401, error: MSG.invalidCredentials });
    expect(await login(context, { username: 'nobody', password: 'wrong' })).toMatchObject({ ok: false, status: 401 });
  });

  it('rate limits failed logins per address and name with Retry-After, leaving other addresses alone', async () => {
    await signup(testContext(database).context, { username: 'frank', password: 'right-pw' });
    const { context } = testContext(database, '198.51.100.1');
    for (let i = 0; i < RATE_LIMITS.failedLogin.perIpAndName; i++) await login(context, { username: 'frank', password: 'wrong' });
    const blocked = await login(context, { username: 'frank', password: 'right-pw' });
    expect(blocked).toMatchObject({ ok: false, status: 429, error: MSG.tooManyLogins });
    if (!blocked.ok) expect(Number(blocked.headers?.['Retry-After'])).toBeGreaterThan(0);
    expect((await login(testContext(database, '198.51.100.2').context, { username: 'frank', password: 'right-pw' })).ok).toBe(true);
  });

  it('lets only the owner change a biography, announcing the change', async () => {
    const { context, recorded } = testContext(database);
    const erin = await sessionOf((await login(context, { username: 'erin', password: 's3cret-pw' }) as { value: { cookie: string } }).value.cookie);
    expect(await updateBiography(context, erin, 'frank', 'hacked')).toMatchObject({ ok: false, status: 403 });
    expect((await findUser(database.db, 'frank'))?.biography).toBe('');
    expect(await updateBiography(context, erin, 'erin', 'Hi, I am Erin')).toMatchObject({ ok: true, value: { biography: 'Hi, I am Erin' } });
    expect(recorded.events.at(-1)).toMatchObject({ event: 'userUpdate', args: [{ type: 'updated' }] });
  });

  it('resets the password for the owner only and ends the other sessions', async () => {
    const { context, recorded } = testContext(database);
    const first = (await login(context, { username: 'erin', password: 's3cret-pw' })) as { value: { cookie: string } };
    const second = (await login(context, { username: 'erin', password: 's3cret-pw' })) as { value: { cookie: string } };
    const actor = await sessionOf(first.value.cookie);
    const other = await sessionOf(second.value.cookie);
    expect(await resetPassword(context, actor, 'frank', 'new-pw')).toMatchObject({ ok: false, status: 403 });
    expect(await resetPassword(context, actor, 'erin', 'brand-new-pw')).toMatchObject({ ok: true });
    expect(await findSessionUser(database.db, other.sessionId)).toBeNull();
    expect(await findSessionUser(database.db, actor.sessionId)).not.toBeNull();
    expect(recorded.disconnectedSessions).toContain(other.sessionId);
    expect((await login(context, { username: 'erin', password: 's3cret-pw' })).ok).toBe(false);
    expect((await login(context, { username: 'erin', password: 'brand-new-pw' })).ok).toBe(true);
  });

  it('deletes only the owner account, with its sessions and sockets', async () => {
    const { context, recorded } = testContext(database);
    const actor = await sessionOf(((await login(context, { username: 'frank', password: 'right-pw' })) as { value: { cookie: string } }).value.cookie);
    expect(await deleteAccount(context, actor, 'erin')).toMatchObject({ ok: false, status: 403 });
    expect(await findUser(database.db, 'erin')).not.toBeNull();
    expect(await deleteAccount(context, actor, 'frank')).toMatchObject({ ok: true, value: { user: { username: 'frank' } } });
    expect(await findUser(database.db, 'frank')).toBeNull();
    expect(await findSessionUser(database.db, actor.sessionId)).toBeNull();
    expect(recorded.disconnectedUsers).toEqual(['frank']);
    expect(recorded.events.at(-1)).toMatchObject({ event: 'userUpdate', args: [{ type: 'deleted', user: { username: 'frank' } }] });
  });
});
