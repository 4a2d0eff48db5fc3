import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Database } from '@fso/db';
import { createTestDatabase } from '@fso/db/testing';
import { MSG, RATE_LIMITS } from '@fso/shared';
import { callerOf, testPorts } from '../../test/ports.ts';
import { login, resetPassword, signup } from './accounts.ts';

let database: Database;
beforeAll(async () => {
  database = await createTestDatabase();
  await signup(testPorts(database).ports, callerOf(null, '192.0.2.1'), {
    username: 'grace',
    password: 'grace-password-1',
  });
});
afterAll(() => database.close());

describe('login limits and timing', () => {
  it('verifies a dummy hash for an unknown user, so the answer takes as long as a wrong password', async () => {
    // The real passwords port, its verify counted (@fso/passwords' test: with no hash, it verifies a dummy one).
    const { ports: real } = testPorts(database);
    const verify = vi.fn(real.passwords.verify);
    const ports = { ...real, passwords: { ...real.passwords, verify } };
    const caller = callerOf(null, '192.0.2.10');
    expect(await login(ports, caller, { username: 'no-such-user', password: 'whatever-1' })).toMatchObject({
      ok: false,
      kind: 'unauthenticated',
      message: MSG.invalidCredentials,
    });
    expect(verify).toHaveBeenCalledTimes(1);
    expect(verify).toHaveBeenLastCalledWith(undefined, 'whatever-1');
    expect(await login(ports, caller, { username: 'grace', password: 'wrong-password' })).toMatchObject({
      ok: false,
      kind: 'unauthenticated',
    });
    expect(verify).toHaveBeenCalledTimes(2);
  });

  it('counts before it checks: 200 parallel wrong passwords get exactly the limit of wrong-credential answers, the rest too-many with a retry time', async () => {
    const { ports } = testPorts(database);
    const caller = callerOf(null, '192.0.2.20');
    const results = await Promise.all(
      Array.from({ length: 200 }, () => login(ports, caller, { username: 'grace', password: 'wrong-password' })),
    );
    const kinds = results.map((r) => (r.ok ? 'ok' : r.kind));
    expect(kinds.filter((k) => k === 'unauthenticated')).toHaveLength(RATE_LIMITS.failedLogin.perIpAndName);
    expect(kinds.filter((k) => k === 'tooMany')).toHaveLength(200 - RATE_LIMITS.failedLogin.perIpAndName);
    const refused = results.find((r) => !r.ok && r.kind === 'tooMany');
    expect(refused).toMatchObject({ message: MSG.tooManyLogins });
    expect(refused && !refused.ok && refused.retryAfterSeconds).toBeGreaterThan(0);
    // Another address is not affected.
    expect(
      (await login(ports, callerOf(null, '192.0.2.21'), { username: 'grace', password: 'grace-password-1' })).ok,
    ).toBe(true);
  }, 180_000);

  it('limits failed logins per address across usernames too', async () => {
    const { ports } = testPorts(database);
    const caller = callerOf(null, '192.0.2.30');
    const perIp = RATE_LIMITS.failedLogin.perIp;
    const results = await Promise.all(
      Array.from({ length: perIp + 5 }, (_, i) =>
        login(ports, caller, { username: `guess${i}`, password: 'wrong-password' }),
      ),
    );
    expect(results.filter((r) => !r.ok && r.kind === 'unauthenticated')).toHaveLength(perIp);
    expect(await login(ports, caller, { username: 'grace', password: 'grace-password-1' })).toMatchObject({
      ok: false,
      kind: 'tooMany',
    });
  }, 180_000);

  it('does not count successful logins against the address', async () => {
    const { ports } = testPorts(database);
    const caller = callerOf(null, '192.0.2.40');
    for (let i = 0; i < RATE_LIMITS.failedLogin.perIpAndName + 2; i++) {
      expect((await login(ports, caller, { username: 'grace', password: 'grace-password-1' })).ok).toBe(true);
    }
  });
});

describe('new passwords', () => {
  it('refuses one of the most common passwords at sign-up and reset, with a clear message, and stores nothing', async () => {
    const { ports } = testPorts(database);
    const caller = callerOf(null, '192.0.2.50');
    expect(await signup(ports, caller, { username: 'heidi', password: 'password123' })).toMatchObject({
      ok: false,
      kind: 'invalid',
      message: MSG.passwordCommon,
    });
    expect(await signup(ports, caller, { username: 'heidi', password: 'QWERTYUIOP' })).toMatchObject({
      ok: false,
      kind: 'invalid',
      message: MSG.passwordCommon,
    });
    expect(await login(ports, caller, { username: 'heidi', password: 'password123' })).toMatchObject({
      ok: false,
      kind: 'unauthenticated',
    });
    const made = await signup(ports, caller, { username: 'heidi', password: 'heidi-unusual-9' });
    if (!made.ok) throw new Error(made.message);
    const actor = { sessionId: 'unused', userId: Number(made.value.user._id), username: 'heidi' };
    expect(
      await resetPassword(ports, callerOf(actor, '192.0.2.50'), { username: 'heidi', password: 'iloveyou' }),
    ).toMatchObject({
      ok: false,
      kind: 'invalid',
      message: MSG.passwordCommon,
    });
    expect((await login(ports, caller, { username: 'heidi', password: 'heidi-unusual-9' })).ok).toBe(true);
  });
});
