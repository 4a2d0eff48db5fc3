import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findCredentials, findSessionUser, findUser, type Database } from '@fso/db';
import { createTestDatabase } from '@fso/db/testing';
import { MSG, RATE_LIMITS } from '@fso/shared';
import { callerOf, testPorts } from '../../test/ports.ts';
import {
  deleteAccount,
  login,
  RECENT_SIGN_IN_MS,
  resetPassword,
  signup,
  updateBiography,
  type NewSession,
} from './accounts.ts';

let database: Database;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.close());

const sessionOf = async (session: NewSession) => (await findSessionUser(database.db, session.id))!;
const anonymous = callerOf(null);

describe('accounts', () => {
  it('signs up, stores only an argon2id hash, starts a session and announces the user', async () => {
    const { ports, recorded } = testPorts(database);
    const result = await signup(ports, anonymous, { username: 'erin', password: 's3cret-pw' });
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.value.user).toMatchObject({ username: 'erin', biography: '' });
    expect(result.value.session.expiresAt.getTime()).toBeGreaterThan(Date.now());
    expect((await findCredentials(database.db, 'erin'))?.passwordHash).toMatch(/^\$argon2id\$/);
    expect(await sessionOf(result.value.session)).toMatchObject({ username: 'erin' });
    expect(recorded.events).toEqual([{ event: 'userUpdate', args: [{ user: result.value.user, type: 'created' }] }]);
  });

  it('refuses a taken or reserved username as a conflict and creates nothing', async () => {
    const { ports } = testPorts(database);
    expect(await signup(ports, anonymous, { username: 'ERIN', password: 'x' })).toMatchObject({
      ok: false,
      kind: 'conflict',
      message: MSG.usernameTaken,
    });
    expect(await signup(ports, anonymous, { username: 'getUsers', password: 'x' })).toMatchObject({
      ok: false,
      kind: 'conflict',
    });
    expect(await findUser(database.db, 'getUsers')).toBeNull();
  });

  it('logs in with the right password only', async () => {
    const { ports } = testPorts(database);
    expect((await login(ports, anonymous, { username: 'erin', password: 's3cret-pw' })).ok).toBe(true);
    expect(await login(ports, anonymous, { username: 'erin', password: 'wrong' })).toMatchObject({
      ok: false,
      kind: 'unauthenticated',
      message: MSG.invalidCredentials,
    });
    expect(await login(ports, anonymous, { username: 'nobody', password: 'wrong' })).toMatchObject({
      ok: false,
      kind: 'unauthenticated',
    });
  });

  it('rate limits failed logins per address and name with Retry-After, leaving other addresses alone', async () => {
    await signup(testPorts(database).ports, anonymous, { username: 'frank', password: 'right-pw' });
    const { ports } = testPorts(database);
    const guesser = callerOf(null, '198.51.100.1');
    for (let i = 0; i < RATE_LIMITS.failedLogin.perIpAndName; i++)
      await login(ports, guesser, { username: 'frank', password: 'wrong' });
    const blocked = await login(ports, guesser, { username: 'frank', password: 'right-pw' });
    expect(blocked).toMatchObject({ ok: false, kind: 'tooMany', message: MSG.tooManyLogins });
    if (!blocked.ok) expect(blocked.retryAfterSeconds).toBeGreaterThan(0);
    expect((await login(ports, callerOf(null, '198.51.100.2'), { username: 'frank', password: 'right-pw' })).ok).toBe(
      true,
    );
  });

  it('lets only the owner change a biography, announcing the change', async () => {
    const { ports, recorded } = testPorts(database);
    const erin = await sessionOf(
      (
        (await login(ports, anonymous, { username: 'erin', password: 's3cret-pw' })) as {
          value: { session: NewSession };
        }
      ).value.session,
    );
    expect(await updateBiography(ports, callerOf(erin), { username: 'frank', biography: 'hacked' })).toMatchObject({
      ok: false,
      kind: 'forbidden',
    });
    expect((await findUser(database.db, 'frank'))?.biography).toBe('');
    expect(
      await updateBiography(ports, callerOf(erin), { username: 'erin', biography: 'Hi, I am Erin' }),
    ).toMatchObject({
      ok: true,
      value: { biography: 'Hi, I am Erin' },
    });
    expect(recorded.events.at(-1)).toMatchObject({ event: 'userUpdate', args: [{ type: 'updated' }] });
  });

  it('resets the password for the owner only and ends the other sessions', async () => {
    const { ports, recorded } = testPorts(database);
    const first = (await login(ports, anonymous, { username: 'erin', password: 's3cret-pw' })) as {
      value: { session: NewSession };
    };
    const second = (await login(ports, anonymous, { username: 'erin', password: 's3cret-pw' })) as {
      value: { session: NewSession };
    };
    const actor = await sessionOf(first.value.session);
    const other = await sessionOf(second.value.session);
    expect(await resetPassword(ports, callerOf(actor), { username: 'frank', password: 'new-pw' })).toMatchObject({
      ok: false,
      kind: 'forbidden',
    });
    expect(await resetPassword(ports, callerOf(actor), { username: 'erin', password: 'brand-new-pw' })).toMatchObject({
      ok: true,
    });
    expect(await findSessionUser(database.db, other.sessionId)).toBeNull();
    expect(await findSessionUser(database.db, actor.sessionId)).not.toBeNull();
    expect(recorded.disconnectedSessions).toContain(other.sessionId);
    expect((await login(ports, anonymous, { username: 'erin', password: 's3cret-pw' })).ok).toBe(false);
    expect((await login(ports, anonymous, { username: 'erin', password: 'brand-new-pw' })).ok).toBe(true);
  });

  it('changes a password without the current one only within 10 minutes of signing in, else with it', async () => {
    let now = new Date('2031-05-01T12:00:00Z');
    const { ports } = testPorts(database, { clock: () => now });
    const signedUp = await signup(ports, anonymous, { username: 'gina', password: 'first-password' });
    if (!signedUp.ok) throw new Error(signedUp.message);
    const gina = callerOf(await sessionOf(signedUp.value.session), '192.0.2.77');
    now = new Date(now.getTime() + RECENT_SIGN_IN_MS);
    expect(await resetPassword(ports, gina, { username: 'gina', password: 'second-password' })).toMatchObject({
      ok: true,
    });

    now = new Date(now.getTime() + 1000);
    const stale = { ok: false, kind: 'forbidden', message: MSG.confirmCurrentPassword };
    expect(await resetPassword(ports, gina, { username: 'gina', password: 'third-password' })).toEqual(stale);
    expect(
      await resetPassword(ports, gina, {
        username: 'gina',
        password: 'third-password',
        currentPassword: 'first-password',
      }),
    ).toEqual({
      ok: false,
      kind: 'forbidden',
      message: MSG.currentPasswordWrong,
    });
    expect(
      await resetPassword(ports, gina, {
        username: 'gina',
        password: 'third-password',
        currentPassword: 'second-password',
      }),
    ).toMatchObject({ ok: true });
    expect((await login(ports, anonymous, { username: 'gina', password: 'third-password' })).ok).toBe(true);

    // A wrong current password counts as a failed login for that name: a stolen session cannot guess it.
    for (let i = 0; i < RATE_LIMITS.failedLogin.perIpAndName; i++)
      await resetPassword(ports, gina, {
        username: 'gina',
        password: 'fourth-password',
        currentPassword: `guess-${i}`,
      });
    expect(
      await resetPassword(ports, gina, {
        username: 'gina',
        password: 'fourth-password',
        currentPassword: 'third-password',
      }),
    ).toMatchObject({
      ok: false,
      kind: 'tooMany',
      message: MSG.tooManyLogins,
    });
  });

  it('deletes only the owner account, with its sessions and sockets', async () => {
    const { ports, recorded } = testPorts(database);
    const actor = await sessionOf(
      (
        (await login(ports, anonymous, { username: 'frank', password: 'right-pw' })) as {
          value: { session: NewSession };
        }
      ).value.session,
    );
    expect(await deleteAccount(ports, callerOf(actor), { username: 'erin' })).toMatchObject({
      ok: false,
      kind: 'forbidden',
    });
    expect(await findUser(database.db, 'erin')).not.toBeNull();
    expect(await deleteAccount(ports, callerOf(actor), { username: 'frank' })).toMatchObject({
      ok: true,
      value: { username: 'frank' },
    });
    expect(await findUser(database.db, 'frank')).toBeNull();
    expect(await findSessionUser(database.db, actor.sessionId)).toBeNull();
    expect(recorded.disconnectedUsers).toEqual(['frank']);
    expect(recorded.events.at(-1)).toMatchObject({
      event: 'userUpdate',
      args: [{ type: 'deleted', user: { username: 'frank' } }],
    });
  });
});
