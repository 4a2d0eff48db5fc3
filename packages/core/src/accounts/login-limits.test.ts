import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import * as argon2 from '@node-rs/argon2';
import type { Database } from '@fso/db';
import { createTestDatabase } from '@fso/db/testing';
import { MSG, RATE_LIMITS } from '@fso/shared';
import { testContext } from '../../test/context.ts';
import { login, resetPassword, signup } from './accounts.server.ts';

// The real argon2, counted: a login must verify a hash whether or not the user exists.
vi.mock('@node-rs/argon2', async (importOriginal) => {
  const real = await importOriginal<typeof import('@node-rs/argon2')>();
  return { ...real, verify: vi.fn(real.verify) };
});

let database: Database;
beforeAll(async () => {
  database = await createTestDatabase();
  await signup(testContext(database, '192.0.2.1').context, { username: 'grace', password: 'grace-password-1' });
});
afterAll(() => database.close());

describe('login limits and timing', () => {
  it('verifies a dummy hash for an unknown user, so the answer takes as long as a wrong password', async () => {
    const { context } = testContext(database, '192.0.2.10');
    vi.mocked(argon2.verify).mockClear();
    expect(await login(context, { username: 'no-such-user', password: 'whatever-1' })).toMatchObject({ ok: false, status: 401, error: MSG.invalidCredentials });
    expect(argon2.verify).toHaveBeenCalledTimes(1);
    expect(await login(context, { username: 'grace', password: 'wrong-password' })).toMatchObject({ ok: false, status: 401 });
    expect(argon2.verify).toHaveBeenCalledTimes(2);
  });

  it('counts before it checks: 200 parallel wrong passwords get exactly the limit of 401s, the rest 429 with Retry-After', async () => {
    const { context } = testContext(database, '192.0.2.20');
    const results = await Promise.all(Array.from({ length: 200 }, () => login(context, { username: 'grace', password: 'wrong-password' })));
    const statuses = results.map((r) => (r.ok ? 200 : r.status));
    expect(statuses.filter((s) => s === 401)).toHaveLength(RATE_LIMITS.failedLogin.perIpAndName);
    expect(statuses.filter((s) => s === 429)).toHaveLength(200 - RATE_LIMITS.failedLogin.perIpAndName);
    const refused = results.find((r) => !r.ok && r.status === 429);
    expect(refused).toMatchObject({ error: MSG.tooManyLogins });
    expect(Number(refused && !refused.ok && refused.headers?.['Retry-After'])).toBeGreaterThan(0);
    // Another address is not affected.
    expect((await login(testContext(database, '192.0.2.21').context, { username: 'grace', password: 'grace-password-1' })).ok).toBe(true);
  }, 180_000);

  it('limits failed logins per address across usernames too', async () => {
    const { context } = testContext(database, '192.0.2.30');
    const perIp = RATE_LIMITS.failedLogin.perIp;
    const results = await Promise.all(Array.from({ length: perIp + 5 }, (_, i) => login(context, { username: `guess${i}`, password: 'wrong-password' })));
    expect(results.filter((r) => !r.ok && r.status === 401)).toHaveLength(perIp);
    expect(await login(context, { username: 'grace', password: 'grace-password-1' })).toMatchObject({ ok: false, status: 429 });
  }, 180_000);

  it('does not count successful logins against the address', async () => {
    const { context } = testContext(database, '192.0.2.40');
    for (let i = 0; i < RATE_LIMITS.failedLogin.perIpAndName + 2; i++) {
      expect((await login(context, { username: 'grace', password: 'grace-password-1' })).ok).toBe(true);
    }
  });
});

describe('new passwords', () => {
  it('refuses one of the most common passwords at sign-up and reset, with a clear message, and stores nothing', async () => {
    const { context } = testContext(database, '192.0.2.50');
    expect(await signup(context, { username: 'heidi', password: 'password123' })).toMatchObject({ ok: false, status: 400, error: MSG.passwordCommon });
    expect(await signup(context, { username: 'heidi', password: 'QWERTYUIOP' })).toMatchObject({ ok: false, status: 400, error: MSG.passwordCommon });
    expect(await login(context, { username: 'heidi', password: 'password123' })).toMatchObject({ ok: false, status: 401 });
    const made = await signup(context, { username: 'heidi', password: 'heidi-unusual-9' });
    if (!made.ok) throw new Error(made.error);
    const actor = { sessionId: 'unused', userId: Number(made.value.user._id), username: 'heidi' };
    expect(await resetPassword(context, actor, 'heidi', 'iloveyou')).toMatchObject({ ok: false, status: 400, error: MSG.passwordCommon });
    expect((await login(context, { username: 'heidi', password: 'heidi-unusual-9' })).ok).toBe(true);
  });
});
