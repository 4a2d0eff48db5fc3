/**
 * Suspensions over REST (issue 41): moderators suspend and lift; a suspended user still reads
 * but every write (questions, answers, votes, messages, games, flags) answers 403 "Your account
 * is suspended until DATE: REASON"; bad input and the unprivileged change nothing; the action is
 * logged, the user notified, the profile says so, and a lift lets them write again.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { insertQuestion, listModLog, type Database } from '@fso/db';
import { createTestDatabase } from '@fso/db/testing';
import { MOD_MSG, type SafeUser } from '@fso/shared';
import { testContext } from '../../test/context.ts';
import { answerOf, type Handler } from '../../test/route-call.ts';
import { signedInUsers } from '../../test/signed-in.ts';
import * as suspendRoute from '../routes/user.suspendUser.ts';
import * as getUserRoute from '../routes/user.getUser.$username.ts';
import * as askRoute from '../routes/question.addQuestion.ts';
import * as upvoteRoute from '../routes/question.upvoteQuestion.ts';
import * as messageRoute from '../routes/messaging.addMessage.ts';
import * as gameRoute from '../routes/games.create.ts';
import * as flagRoute from '../routes/flag.addFlag.ts';
import * as getQuestionRoute from '../routes/question.getQuestionById.$qid.ts';

let database: Database;
let cookie: Record<string, string>;
let uid: Record<string, number>;

beforeAll(async () => {
  database = await createTestDatabase();
  ({ cookie, uid } = await signedInUsers(database, ['mod', 'spammy', 'boss', 'plain']));
  await database.exec(`UPDATE users SET role = 'moderator' WHERE username = 'mod'`);
  await database.exec(`UPDATE users SET role = 'admin' WHERE username = 'boss'`);
});
afterAll(() => database.close());

async function call(handler: Handler, as: string, body?: unknown, params: Record<string, string> = {}) {
  const { context } = testContext(database);
  const request = new Request('http://test/x', {
    method: body === undefined ? 'GET' : 'POST',
    headers: { 'Content-Type': 'application/json', Cookie: cookie[as]! },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const response = await answerOf(handler, request, context, params);
  const text = await response.text();
  return { status: response.status, text, json: <T>() => JSON.parse(text) as T };
}

const writes = (as: string, qid: string) => [
  call(askRoute.action, as, { title: 'Spam title', text: 'Spam text', tags: ['t'], askedBy: as }),
  call(upvoteRoute.action, as, { qid, username: as }),
  call(messageRoute.action, as, { messageToAdd: { msg: 'hi', msgFrom: as, msgDateTime: new Date().toISOString() } }),
  call(gameRoute.action, as, { gameType: 'Nim' }),
  call(flagRoute.action, as, { id: qid, type: 'question', reason: 'spam' }),
];

describe('suspendUser', () => {
  it('refuses bad input, non-moderators, oneself and (for moderators) admins, changing nothing', async () => {
    expect((await call(suspendRoute.action, 'mod', { username: 'spammy', days: 3 })).text).toBe(MOD_MSG.suspendReason);
    expect((await call(suspendRoute.action, 'mod', { username: 'spammy', days: -1, reason: 'x' })).text).toBe(
      MOD_MSG.suspendDays,
    );
    expect((await call(suspendRoute.action, 'mod', { username: 'spammy', days: 1.5, reason: 'x' })).status).toBe(400);
    expect(await call(suspendRoute.action, 'plain', { username: 'spammy', days: 3, reason: 'x' })).toMatchObject({
      status: 403,
      text: MOD_MSG.moderatorsOnly,
    });
    expect((await call(suspendRoute.action, 'mod', { username: 'mod', days: 3, reason: 'x' })).text).toBe(
      MOD_MSG.cannotSuspendSelf,
    );
    expect(await call(suspendRoute.action, 'mod', { username: 'boss', days: 3, reason: 'x' })).toMatchObject({
      status: 403,
      text: MOD_MSG.cannotSuspendAdmin,
    });
    expect((await call(suspendRoute.action, 'mod', { username: 'nobody', days: 3, reason: 'x' })).status).toBe(404);
    expect((await listModLog(database.db, { limit: 10, offset: 0 })).total).toBe(0);
  });

  it('refuses every write of a suspended user with the end and reason, lets them read, and a lift restores them', async () => {
    const qid = String(await insertQuestion(database.db, { title: 'Q', text: 'B', tags: ['t'], askedBy: uid.plain! }));
    const done = await call(suspendRoute.action, 'mod', { username: 'spammy', days: 7, reason: 'Posting spam links' });
    expect(done.status).toBe(200);
    const { suspension } = done.json<{ suspension: { until: string; reason: string } }>();
    const until = new Date(suspension.until);
    expect(until.getTime() - Date.now()).toBeGreaterThan(6.9 * 86_400_000);
    const message = `Your account is suspended until ${until.toISOString().slice(0, 16).replace('T', ' ')} UTC: Posting spam links`;
    for (const refused of await Promise.all(writes('spammy', qid)))
      expect(refused).toMatchObject({ status: 403, text: message });
    expect((await call(getQuestionRoute.loader, 'spammy', undefined, { qid })).status).toBe(200);
    const profile = await call(getUserRoute.loader, 'plain', undefined, { username: 'spammy' });
    expect(profile.json<SafeUser>().suspension).toEqual({ until: suspension.until, reason: 'Posting spam links' });
    const [notice] = (
      await database.db.execute<{ kind: string; excerpt: string; question_id: string | null }>(
        sql`SELECT kind, excerpt, question_id FROM notifications WHERE user_id = ${uid.spammy!}`,
      )
    ).rows;
    expect(notice).toMatchObject({ kind: 'moderation', question_id: null });
    expect(notice!.excerpt).toContain('suspended your account until');

    expect((await call(suspendRoute.action, 'mod', { username: 'spammy', days: 0 })).json()).toEqual({
      username: 'spammy',
      suspension: null,
    });
    expect(
      (await call(askRoute.action, 'spammy', { title: 'Fine now', text: 'Body', tags: ['t'], askedBy: 'spammy' }))
        .status,
    ).toBe(200);
    expect(
      (await call(getUserRoute.loader, 'plain', undefined, { username: 'spammy' })).json<SafeUser>().suspension,
    ).toBeUndefined();
    const log = (await listModLog(database.db, { limit: 10, offset: 0 })).entries;
    expect(log.map((e) => [e.moderator, e.action, e.target.label, e.reason])).toEqual([
      ['mod', 'unsuspend', 'spammy', ''],
      ['mod', 'suspend', 'spammy', 'Posting spam links'],
    ]);
  });

  it('lets an admin suspend a moderator, who then cannot act as one', async () => {
    expect((await call(suspendRoute.action, 'boss', { username: 'mod', days: 1, reason: 'Abuse' })).status).toBe(200);
    expect((await call(suspendRoute.action, 'mod', { username: 'spammy', days: 1, reason: 'x' })).text).toMatch(
      /^Your account is suspended until .*: Abuse$/,
    );
  });
});
