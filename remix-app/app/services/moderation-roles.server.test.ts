/**
 * Roles and the moderators' log as a client reaches them (issue 41): POST /user/setRole (admins
 * only; 400/403/404 change nothing), the role on the user object and on the session's caller,
 * npm run admin's makeAdmin, and GET /moderation/getLog (moderators only, newest first, paged).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeAdmin } from '@fso/core';
import { findUser, listModLog, type Database } from '@fso/db';
import { createTestDatabase } from '@fso/db/testing';
import { MOD_MSG, type ModLogEntry, type SafeUser } from '@fso/shared';
import { testContext } from '../../test/context.ts';
import { answerOf, type Handler } from '../../test/route-call.ts';
import { signedInUsers } from '../../test/signed-in.ts';
import * as setRoleRoute from '../routes/user.setRole.ts';
import * as getLogRoute from '../routes/moderation.getLog.ts';
import * as getUserRoute from '../routes/user.getUser.$username.ts';

let database: Database;
let cookie: Record<string, string>;

beforeAll(async () => {
  database = await createTestDatabase();
  ({ cookie } = await signedInUsers(database, ['root', 'mia', 'ned']));
  const made = await makeAdmin({ db: database.db, clock: () => new Date() }, 'root');
  expect(made).toMatchObject({ ok: true, value: { username: 'root', role: 'admin' } });
});
afterAll(() => database.close());

async function call(
  handler: Handler,
  as: string | null,
  opts: { body?: unknown; url?: string; params?: Record<string, string> } = {},
) {
  const { context, recorded } = testContext(database);
  const headers: Record<string, string> = { 'Content-Type': 'application/json' };
  if (as) headers.Cookie = cookie[as]!;
  const get = opts.body === undefined;
  const request = new Request(`http://test${opts.url ?? '/x'}`, {
    method: get ? 'GET' : 'POST',
    headers,
    body: get ? undefined : typeof opts.body === 'string' ? opts.body : JSON.stringify(opts.body),
  });
  const response = await answerOf(handler, request, context, opts.params);
  const text = await response.text();
  return { status: response.status, text, headers: response.headers, json: <T>() => JSON.parse(text) as T, recorded };
}

const roleOf = async (name: string) => (await findUser(database.db, name))?.role;

describe('POST /user/setRole', () => {
  it('lets an admin appoint a moderator: the user object carries the role and open pages are told', async () => {
    const res = await call(setRoleRoute.action, 'root', { body: { username: 'mia', role: 'moderator' } });
    expect(res.status).toBe(200);
    expect(res.json<SafeUser>()).toMatchObject({ username: 'mia', role: 'moderator' });
    expect(res.recorded.events).toContainEqual(
      expect.objectContaining({ event: 'userUpdate', args: [expect.objectContaining({ type: 'updated' })] }),
    );
    const profile = await call(getUserRoute.loader, 'ned', { params: { username: 'mia' } });
    expect(profile.json<SafeUser>().role).toBe('moderator');
  });

  it('refuses a moderator, a user, an admin changing their own role and bad input, changing nothing', async () => {
    const cases: [string | null, unknown, number, string?][] = [
      ['mia', { username: 'ned', role: 'moderator' }, 403, MOD_MSG.adminsOnly],
      ['ned', { username: 'ned', role: 'admin' }, 403, MOD_MSG.adminsOnly],
      ['root', { username: 'root', role: 'user' }, 403, MOD_MSG.ownRole],
      ['root', { username: 'ned', role: 'superuser' }, 400, MOD_MSG.invalidRole],
      ['root', { username: 'nobody-here', role: 'moderator' }, 404],
      ['root', '{not json', 400],
      [null, { username: 'ned', role: 'admin' }, 401],
    ];
    for (const [as, body, status, message] of cases) {
      const res = await call(setRoleRoute.action, as, { body });
      expect(res.status, JSON.stringify(body)).toBe(status);
      if (message) expect(res.text).toBe(message);
    }
    expect([await roleOf('root'), await roleOf('ned')]).toEqual(['admin', 'user']);
  });
});

describe('GET /moderation/getLog', () => {
  it('shows moderators every role change, newest first, with who, what and when; others get 403', async () => {
    await call(setRoleRoute.action, 'root', { body: { username: 'ned', role: 'moderator' } });
    await call(setRoleRoute.action, 'root', { body: { username: 'ned', role: 'user' } });
    const res = await call(getLogRoute.loader, 'mia', { url: '/moderation/getLog?limit=2' });
    expect(res.status).toBe(200);
    expect(res.headers.get('X-Total-Count')).toBe('4');
    const [latest, before] = res.json<ModLogEntry[]>();
    expect(latest).toMatchObject({
      moderator: 'root',
      action: 'setRole',
      target: { kind: 'user', label: 'ned' },
      details: { from: 'moderator', to: 'user' },
    });
    expect(before).toMatchObject({ details: { from: 'user', to: 'moderator' } });
    const first = await listModLog(database.db, { limit: 1, offset: 3 });
    expect(first.entries[0]).toMatchObject({ moderator: null, target: { label: 'root' }, details: { to: 'admin' } });

    expect((await call(getLogRoute.loader, 'ned')).status).toBe(403);
    expect((await call(getLogRoute.loader, null)).status).toBe(401);
  });

  it('is append-only: the database refuses to change or remove an entry', async () => {
    await expect(database.exec('UPDATE moderation_log SET reason = $$x$$')).rejects.toThrow(/append-only/);
    await expect(database.exec('DELETE FROM moderation_log')).rejects.toThrow(/append-only/);
  });
});
