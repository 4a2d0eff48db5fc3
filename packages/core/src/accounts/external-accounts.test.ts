import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findIdentityUser, findSessionUser, listUsers, readSessionId, type Database } from '@fso/db';
import { createTestDatabase } from '@fso/db/testing';
import { MSG } from '@fso/shared';
import { startTestIssuer } from '../../test/id-tokens.ts';
import { testContext } from '../../test/context.ts';
import { signup } from './accounts.server.ts';
import { confirmLink, firebaseLogin, signInExternal, usernameCandidates } from './external-accounts.server.ts';
import type { ExternalProfile } from './external-providers.server.ts';

let database: Database;
let issuer: Awaited<ReturnType<typeof startTestIssuer>>;
beforeAll(async () => {
  database = await createTestDatabase();
  issuer = await startTestIssuer();
});
afterAll(async () => {
  await database.close();
  await issuer.close();
});

const sessionOf = async (cookie: string) => {
  const id = readSessionId(cookie.split(';')[0], testContext(database).context.config.sessionSecret)!;
  return (await findSessionUser(database.db, id))!;
};
const userCount = async () => (await listUsers(database.db, { limit: 1 })).total;
const github = (subject: string, login: string | null, email: string | null): ExternalProfile => ({ provider: 'github', subject, login, email });

describe('usernames for new external accounts', () => {
  it('come from the login, else the email, cleaned to the allowed characters and length', () => {
    expect(usernameCandidates({ login: 'Octo Cat!', email: null })[0]).toBe('Octo-Cat');
    expect(usernameCandidates({ login: null, email: 'grace.hopper@example.test' })[0]).toBe('grace.hopper');
    expect(usernameCandidates({ login: null, email: null })[0]).toBe('user');
    expect(usernameCandidates({ login: 'login', email: null })[0]).toBe('login-user');
    const long = usernameCandidates({ login: 'x'.repeat(60), email: null });
    expect(long.every((name) => name.length <= 30 && /^[A-Za-z0-9._-]+$/.test(name))).toBe(true);
    expect(long.slice(1, 3)).toEqual([`${'x'.repeat(23)}-2`, `${'x'.repeat(23)}-3`]);
  });
});

describe('external sign-in', () => {
  it('creates an account and a session on the first sign-in, and announces the user', async () => {
    const { context, recorded } = testContext(database);
    const outcome = await signInExternal(context, github('101', 'octocat', 'octo@example.test'));
    expect(outcome).toMatchObject({ ok: true, value: { kind: 'signed-in', user: { username: 'octocat' } } });
    if (!outcome.ok || outcome.value.kind !== 'signed-in') return;
    expect(await sessionOf(outcome.value.cookie)).toMatchObject({ username: 'octocat' });
    expect(recorded.events).toEqual([{ event: 'userUpdate', args: [{ user: outcome.value.user, type: 'created' }] }]);
  });

  it('finds the same account later by the provider id, even after the login and email changed', async () => {
    const before = await userCount();
    const outcome = await signInExternal(testContext(database).context, github('101', 'renamed', null));
    expect(outcome).toMatchObject({ ok: true, value: { kind: 'signed-in', user: { username: 'octocat' } } });
    expect(await userCount()).toBe(before);
  });

  it('refuses a first sign-in without a verified email and creates nobody', async () => {
    const before = await userCount();
    expect(await signInExternal(testContext(database).context, github('102', 'no-mail', null))).toEqual({ ok: false, status: 400, error: MSG.oauthEmailRequired });
    expect(await userCount()).toBe(before);
    expect(await findIdentityUser(database.db, { provider: 'github', subject: '102' })).toBeNull();
  });

  it('picks a free username when the login is taken by a password account', async () => {
    await signup(testContext(database).context, { username: 'hubber', password: 'pw-123456' });
    const outcome = await signInExternal(testContext(database).context, github('103', 'hubber', 'hubber@example.test'));
    expect(outcome).toMatchObject({ ok: true, value: { kind: 'signed-in', user: { username: 'hubber-2' } } });
  });

  it('asks before linking another provider to the account with the same verified email, then links on confirmation', async () => {
    const { context } = testContext(database);
    const google: ExternalProfile = { provider: 'google', subject: 'g-1', login: null, email: 'OCTO@example.test' };
    const asked = await signInExternal(context, google);
    expect(asked).toMatchObject({ ok: true, value: { kind: 'confirm-link', link: { provider: 'google', subject: 'g-1', username: 'octocat' } } });
    expect(await findIdentityUser(database.db, google)).toBeNull();
    if (!asked.ok || asked.value.kind !== 'confirm-link') return;

    const linked = await confirmLink(context, asked.value.link);
    expect(linked).toMatchObject({ ok: true, value: { kind: 'signed-in', user: { username: 'octocat' } } });
    expect(await findIdentityUser(database.db, google)).toMatchObject({ username: 'octocat' });
    expect(await signInExternal(context, google)).toMatchObject({ ok: true, value: { kind: 'signed-in', user: { username: 'octocat' } } });
  });

  it('refuses a confirmation for an account that no longer holds the email', async () => {
    const { context } = testContext(database);
    const outcome = await confirmLink(context, { provider: 'google', subject: 'g-2', email: 'octo@example.test', userId: 999_999 });
    expect(outcome).toEqual({ ok: false, status: 409, error: MSG.oauthLinkExpired });
    expect(await findIdentityUser(database.db, { provider: 'google', subject: 'g-2' })).toBeNull();
  });
});

describe('POST /user/firebaseLogin', () => {
  const contextWithIssuer = () => {
    const { context } = testContext(database);
    return { ...context, config: { ...context.config, idToken: issuer.config } };
  };

  it('refuses a firebaseId and email without a token (401) and says when no issuer is configured', async () => {
    const bare = { firebaseId: 'uid-9', bearer: null };
    expect(await firebaseLogin(contextWithIssuer(), bare)).toEqual({ ok: false, status: 401, error: MSG.idTokenRequired });
    expect(await firebaseLogin(testContext(database).context, { ...bare, idToken: 'x' })).toEqual({ ok: false, status: 503, error: MSG.idTokenUnconfigured });
  });

  it('signs in with a verified token, creating the account once, with firebaseId and email in the answer', async () => {
    const idToken = await issuer.sign({ sub: 'uid-9', email: 'fire@example.test', email_verified: true, name: 'Fire Base' });
    const first = await firebaseLogin(contextWithIssuer(), { firebaseId: 'uid-9', idToken, bearer: null });
    expect(first).toMatchObject({ ok: true, value: { user: { username: 'Fire-Base', firebaseId: 'uid-9', email: 'fire@example.test' } } });
    const again = await firebaseLogin(contextWithIssuer(), { bearer: idToken });
    expect(again).toMatchObject({ ok: true, value: { user: { username: 'Fire-Base' } } });
  });

  it('refuses a token for another firebaseId, a forged one and one without a verified email', async () => {
    const idToken = await issuer.sign({ sub: 'uid-10', email: 'ten@example.test', email_verified: true });
    expect(await firebaseLogin(contextWithIssuer(), { firebaseId: 'uid-9', idToken, bearer: null })).toEqual({ ok: false, status: 401, error: MSG.idTokenMismatch });
    const forged = `${idToken.slice(0, idToken.lastIndexOf('.'))}.${'A'.repeat(342)}`;
    expect(await firebaseLogin(contextWithIssuer(), { idToken: forged, bearer: null })).toMatchObject({ ok: false, status: 401 });
    const unverified = await issuer.sign({ sub: 'uid-11', email: 'eleven@example.test', email_verified: false });
    expect(await firebaseLogin(contextWithIssuer(), { idToken: unverified, bearer: null })).toEqual({ ok: false, status: 400, error: MSG.oauthEmailRequired });
  });

  it('links to an existing account with the same email only when the caller asks to', async () => {
    const idToken = await issuer.sign({ sub: 'uid-12', email: 'octo@example.test', email_verified: true });
    expect(await firebaseLogin(contextWithIssuer(), { idToken, bearer: null })).toEqual({ ok: false, status: 409, error: MSG.oauthLinkRequired });
    expect(await firebaseLogin(contextWithIssuer(), { idToken, linkExisting: true, bearer: null })).toMatchObject({ ok: true, value: { user: { username: 'octocat' } } });
  });
});
