import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findIdentityUser, findSessionUser, listUsers, type Database } from '@fso/db';
import { createTestDatabase } from '@fso/db/testing';
import { MSG } from '@fso/shared';
import { callerOf, testPorts } from '../../test/ports.ts';
import { fail, succeed } from '../result.ts';
import { signup, type NewSession } from './accounts.ts';
import {
  confirmLink,
  firebaseLogin,
  signInExternal,
  usernameCandidates,
  type ExternalProfile,
  type IdTokenVerifier,
} from './external-accounts.ts';

let database: Database;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.close());

const sessionOf = async (session: NewSession) => (await findSessionUser(database.db, session.id))!;
const ports = () => testPorts(database).ports;
const userCount = async () => (await listUsers(database.db, { limit: 1 })).total;
const github = (subject: string, login: string | null, email: string | null): ExternalProfile => ({
  provider: 'github',
  subject,
  login,
  email,
});

describe('usernames for new external accounts', () => {
  const rng = { int: (max: number) => max - 1 }; // the largest draw: suffixes ffffff
  it('come from the login, else the email, cleaned to the allowed characters and length', () => {
    expect(usernameCandidates({ login: 'Octo Cat!', email: null }, rng)[0]).toBe('Octo-Cat');
    expect(usernameCandidates({ login: null, email: 'grace.hopper@example.test' }, rng)[0]).toBe('grace.hopper');
    expect(usernameCandidates({ login: null, email: null }, rng)[0]).toBe('user');
    expect(usernameCandidates({ login: 'login', email: null }, rng)[0]).toBe('login-user');
    const long = usernameCandidates({ login: 'x'.repeat(60), email: null }, rng);
    expect(long.every((name) => name.length <= 30 && /^[A-Za-z0-9._-]+$/.test(name))).toBe(true);
    expect(long.slice(1, 3)).toEqual([`${'x'.repeat(23)}-2`, `${'x'.repeat(23)}-3`]);
    expect(long.slice(5)).toEqual(Array(3).fill(`${'x'.repeat(23)}-ffffff`));
  });
});

describe('external sign-in', () => {
  it('creates an account and a session on the first sign-in, and announces the user', async () => {
    const { ports, recorded } = testPorts(database);
    const outcome = await signInExternal(ports, github('101', 'octocat', 'octo@example.test'));
    expect(outcome).toMatchObject({ ok: true, value: { kind: 'signed-in', user: { username: 'octocat' } } });
    if (!outcome.ok || outcome.value.kind !== 'signed-in') return;
    expect(await sessionOf(outcome.value.session)).toMatchObject({ username: 'octocat' });
    expect(recorded.events).toEqual([{ event: 'userUpdate', args: [{ user: outcome.value.user, type: 'created' }] }]);
  });

  it('finds the same account later by the provider id, even after the login and email changed', async () => {
    const before = await userCount();
    const outcome = await signInExternal(ports(), github('101', 'renamed', null));
    expect(outcome).toMatchObject({ ok: true, value: { kind: 'signed-in', user: { username: 'octocat' } } });
    expect(await userCount()).toBe(before);
  });

  it('refuses a first sign-in without a verified email and creates nobody', async () => {
    const before = await userCount();
    expect(await signInExternal(ports(), github('102', 'no-mail', null))).toEqual({
      ok: false,
      kind: 'invalid',
      message: MSG.oauthEmailRequired,
    });
    expect(await userCount()).toBe(before);
    expect(await findIdentityUser(database.db, { provider: 'github', subject: '102' })).toBeNull();
  });

  it('picks a free username when the login is taken by a password account', async () => {
    await signup(ports(), callerOf(null), { username: 'hubber', password: 'pw-123456' });
    const outcome = await signInExternal(ports(), github('103', 'hubber', 'hubber@example.test'));
    expect(outcome).toMatchObject({ ok: true, value: { kind: 'signed-in', user: { username: 'hubber-2' } } });
  });

  it('asks before linking another provider to the account with the same verified email, then links on confirmation', async () => {
    const { ports } = testPorts(database);
    const google: ExternalProfile = { provider: 'google', subject: 'g-1', login: null, email: 'OCTO@example.test' };
    const asked = await signInExternal(ports, google);
    expect(asked).toMatchObject({
      ok: true,
      value: { kind: 'confirm-link', link: { provider: 'google', subject: 'g-1', username: 'octocat' } },
    });
    expect(await findIdentityUser(database.db, google)).toBeNull();
    if (!asked.ok || asked.value.kind !== 'confirm-link') return;

    const linked = await confirmLink(ports, asked.value.link);
    expect(linked).toMatchObject({ ok: true, value: { kind: 'signed-in', user: { username: 'octocat' } } });
    expect(await findIdentityUser(database.db, google)).toMatchObject({ username: 'octocat' });
    expect(await signInExternal(ports, google)).toMatchObject({
      ok: true,
      value: { kind: 'signed-in', user: { username: 'octocat' } },
    });
  });

  it('refuses a confirmation for an account that no longer holds the email', async () => {
    const outcome = await confirmLink(ports(), {
      provider: 'google',
      subject: 'g-2',
      email: 'octo@example.test',
      userId: 999_999,
    });
    expect(outcome).toEqual({ ok: false, kind: 'conflict', message: MSG.oauthLinkExpired });
    expect(await findIdentityUser(database.db, { provider: 'google', subject: 'g-2' })).toBeNull();
  });
});

describe('POST /user/firebaseLogin', () => {
  // The token's signature, issuer and expiry are checked by the transport's verifier
  // (remix-app/app/services/id-token.server.ts, tested there); here tokens name profiles.
  const tokens: Record<string, ExternalProfile> = {
    'token-9': { provider: 'firebase', subject: 'uid-9', login: 'Fire Base', email: 'fire@example.test' },
    'token-10': { provider: 'firebase', subject: 'uid-10', login: null, email: 'ten@example.test' },
    'token-11': { provider: 'firebase', subject: 'uid-11', login: null, email: null },
    'token-12': { provider: 'firebase', subject: 'uid-12', login: null, email: 'octo@example.test' },
  };
  const verify: IdTokenVerifier = (token) => {
    const profile = tokens[token];
    return Promise.resolve(
      profile ? succeed(profile) : fail('unauthenticated', `${MSG.idTokenInvalid}: its signature does not match.`),
    );
  };

  it('refuses a firebaseId and email without a token and says when no issuer is configured', async () => {
    const bare = { firebaseId: 'uid-9', bearer: null };
    expect(await firebaseLogin(ports(), bare, verify)).toEqual({
      ok: false,
      kind: 'unauthenticated',
      message: MSG.idTokenRequired,
    });
    expect(await firebaseLogin(ports(), { ...bare, idToken: 'x' }, null)).toEqual({
      ok: false,
      kind: 'unavailable',
      message: MSG.idTokenUnconfigured,
    });
  });

  it('signs in with a verified token, creating the account once, with firebaseId and email in the answer', async () => {
    const first = await firebaseLogin(ports(), { firebaseId: 'uid-9', idToken: 'token-9', bearer: null }, verify);
    expect(first).toMatchObject({
      ok: true,
      value: { user: { username: 'Fire-Base', firebaseId: 'uid-9', email: 'fire@example.test' } },
    });
    const again = await firebaseLogin(ports(), { bearer: 'token-9' }, verify);
    expect(again).toMatchObject({ ok: true, value: { user: { username: 'Fire-Base' } } });
  });

  it('refuses a token for another firebaseId, a forged one and one without a verified email', async () => {
    expect(await firebaseLogin(ports(), { firebaseId: 'uid-9', idToken: 'token-10', bearer: null }, verify)).toEqual({
      ok: false,
      kind: 'unauthenticated',
      message: MSG.idTokenMismatch,
    });
    expect(await firebaseLogin(ports(), { idToken: 'forged', bearer: null }, verify)).toMatchObject({
      ok: false,
      kind: 'unauthenticated',
    });
    expect(await firebaseLogin(ports(), { idToken: 'token-11', bearer: null }, verify)).toEqual({
      ok: false,
      kind: 'invalid',
      message: MSG.oauthEmailRequired,
    });
  });

  it('links to an existing account with the same email only when the caller asks to', async () => {
    expect(await firebaseLogin(ports(), { idToken: 'token-12', bearer: null }, verify)).toEqual({
      ok: false,
      kind: 'conflict',
      message: MSG.oauthLinkRequired,
    });
    expect(
      await firebaseLogin(ports(), { idToken: 'token-12', linkExisting: true, bearer: null }, verify),
    ).toMatchObject({ ok: true, value: { user: { username: 'octocat' } } });
  });
});
