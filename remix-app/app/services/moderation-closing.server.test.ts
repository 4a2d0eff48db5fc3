/**
 * Closing, duplicates and locking over REST (issue 41): three privileged votes or one
 * moderator's close; the question carries `closed` and its pending votes; a closed question
 * takes no answers (409) but comments and votes; a locked one takes none of them (409); bad
 * input and the unprivileged change nothing; moderators' actions are logged and authors told.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertQuestion, listModLog, type Database } from '@fso/db';
import { createTestDatabase } from '@fso/db/testing';
import { MOD_MSG, type Question } from '@fso/shared';
import { testContext } from '../../test/context.ts';
import { answerOf, type Handler } from '../../test/route-call.ts';
import { signedInUsers } from '../../test/signed-in.ts';
import * as closeRoute from '../routes/question.closeQuestion.ts';
import * as reopenRoute from '../routes/question.reopenQuestion.ts';
import * as lockRoute from '../routes/question.lockQuestion.ts';
import * as answerRoute from '../routes/answer.addAnswer.ts';
import * as commentRoute from '../routes/comment.addComment.ts';
import * as upvoteRoute from '../routes/question.upvoteQuestion.ts';
import * as editRoute from '../routes/question.editQuestion.$qid.ts';

let database: Database;
let cookie: Record<string, string>;
let uid: Record<string, number>;

beforeAll(async () => {
  database = await createTestDatabase();
  ({ cookie, uid } = await signedInUsers(database, ['asker', 'v1', 'v2', 'v3', 'newbie', 'mod']));
  await database.exec(`UPDATE users SET reputation = 300 WHERE username IN ('v1', 'v2', 'v3')`);
  await database.exec(`UPDATE users SET role = 'moderator' WHERE username = 'mod'`);
});
afterAll(() => database.close());

async function call(handler: Handler, as: string, body: unknown, params: Record<string, string> = {}) {
  const { context } = testContext(database);
  const request = new Request('http://test/x', {
    method: handler === editRoute.action ? 'PATCH' : 'POST',
    headers: { 'Content-Type': 'application/json', Cookie: cookie[as]! },
    body: JSON.stringify(body),
  });
  const response = await answerOf(handler, request, context, params);
  const text = await response.text();
  return { status: response.status, text, json: <T>() => JSON.parse(text) as T };
}

const ask = async (title: string) =>
  String(await insertQuestion(database.db, { title, text: 'Body text', tags: ['t'], askedBy: uid.asker! }));
const answer = (qid: string) =>
  call(answerRoute.action, 'v1', {
    qid,
    ans: { text: 'An answer', ansBy: 'v1', ansDateTime: new Date().toISOString() },
  });
const comment = (qid: string) =>
  call(commentRoute.action, 'v1', { id: qid, type: 'question', comment: { text: 'A comment', commentBy: 'v1' } });

describe('closing by votes and by a moderator', () => {
  it('closes as a duplicate on the third privileged vote, with the target, voters and pending count', async () => {
    const target = await ask('The original question');
    const qid = await ask('The same question again');
    const first = await call(closeRoute.action, 'v1', { qid, reason: 'duplicate', duplicateOf: target });
    expect(first.status).toBe(200);
    expect(first.json<Question>()).toMatchObject({ closed: null, closeVotes: 1 });
    expect((await call(closeRoute.action, 'v1', { qid, reason: 'offTopic' })).text).toBe(MOD_MSG.alreadyVotedClose);
    await call(closeRoute.action, 'v2', { qid, reason: 'offTopic' });
    const third = await call(closeRoute.action, 'v3', { qid, reason: 'duplicate', duplicateOf: target });
    expect(third.json<Question>()).toMatchObject({
      closed: {
        reason: 'duplicate',
        duplicateOf: target,
        duplicateTitle: 'The original question',
        by: ['v1', 'v2', 'v3'],
      },
      closeVotes: 0,
    });
    // Closed: no answers; comments and votes go on.
    expect(await answer(qid)).toMatchObject({ status: 409, text: MOD_MSG.questionClosed });
    expect((await comment(qid)).status).toBe(200);
    expect((await call(upvoteRoute.action, 'v2', { qid, username: 'v2' })).status).toBe(200);
    // Votes are not a moderator's action: nothing logged.
    expect((await listModLog(database.db, { limit: 50, offset: 0 })).entries).toEqual([]);
  });

  it('refuses the unprivileged and bad input, changing nothing', async () => {
    const qid = await ask('Open question');
    const cases: [string, unknown, number, string?][] = [
      ['newbie', { qid, reason: 'offTopic' }, 403, MOD_MSG.closePrivilege],
      ['v1', { qid, reason: 'spam' }, 400, MOD_MSG.invalidCloseReason],
      ['v1', { qid, reason: 'duplicate' }, 400, MOD_MSG.duplicateNeedsTarget],
      ['v1', { qid, reason: 'offTopic', duplicateOf: qid }, 400, MOD_MSG.duplicateOnlyForDuplicate],
      ['v1', { qid, reason: 'duplicate', duplicateOf: qid }, 400, MOD_MSG.duplicateOfItself],
      ['v1', { qid, reason: 'duplicate', duplicateOf: '999999' }, 404, MOD_MSG.duplicateTargetMissing],
      ['v1', { qid: 'x', reason: 'offTopic' }, 400],
      ['v1', { qid: '999999', reason: 'offTopic' }, 404],
      ['v1', { qid }, 400],
    ];
    for (const [as, body, status, message] of cases) {
      const res = await call(closeRoute.action, as, body);
      expect(res.status, JSON.stringify(body)).toBe(status);
      if (message) expect(res.text).toBe(message);
    }
    expect((await call(reopenRoute.action, 'mod', { qid })).text).toBe(MOD_MSG.notClosed);
    expect((await answer(qid)).status).toBe(200);
  });

  it('a moderator closes and reopens at once, each logged, and the author is notified', async () => {
    const qid = await ask('Opinion question');
    const closed = await call(closeRoute.action, 'mod', { qid, reason: 'opinionBased' });
    expect(closed.json<Question>().closed).toMatchObject({ reason: 'opinionBased', by: ['mod'] });
    const reopened = await call(reopenRoute.action, 'mod', { qid });
    expect(reopened.json<Question>()).toMatchObject({ closed: null, closeVotes: 0 });
    const log = await listModLog(database.db, { limit: 2, offset: 0 });
    expect(log.entries.map((e) => [e.action, e.moderator, e.target.label])).toEqual([
      ['reopen', 'mod', 'Opinion question'],
      ['close', 'mod', 'Opinion question'],
    ]);
    const [notices] = await database.pool
      .query(`SELECT excerpt FROM notifications WHERE kind = 'moderation' AND user_id = $1 ORDER BY id`, [uid.asker])
      .then((r) => [r.rows.map((row: { excerpt: string }) => row.excerpt)]);
    expect(notices).toEqual([
      'closed your question “The same question again” (with 2 others) as a duplicate',
      'closed your question “Opinion question” as opinion-based',
      'reopened your question “Opinion question”',
    ]);
  });
});

describe('locking', () => {
  it('only moderators lock; a locked question takes no answers, comments, votes or edits until unlocked', async () => {
    const qid = await ask('Heated question');
    expect(await call(lockRoute.action, 'v1', { qid, locked: true })).toMatchObject({
      status: 403,
      text: MOD_MSG.moderatorsOnly,
    });
    expect((await call(lockRoute.action, 'mod', { qid, locked: 'yes' })).status).toBe(400);
    const locked = await call(lockRoute.action, 'mod', { qid, locked: true });
    expect(locked.json<Question>().locked).toBe(true);
    const refused = { status: 409, text: MOD_MSG.questionLocked };
    expect(await answer(qid)).toMatchObject(refused);
    expect(await comment(qid)).toMatchObject(refused);
    expect(await call(upvoteRoute.action, 'v2', { qid, username: 'v2' })).toMatchObject(refused);
    expect(await call(closeRoute.action, 'v2', { qid, reason: 'offTopic' })).toMatchObject(refused);
    const edit = { title: 'Heated question', text: 'Edited body', tags: [{ name: 't' }] };
    expect(await call(editRoute.action, 'asker', edit, { qid })).toMatchObject(refused);
    expect((await call(lockRoute.action, 'mod', { qid, locked: false })).json<Question>().locked).toBe(false);
    expect((await answer(qid)).status).toBe(200);
    const log = await listModLog(database.db, { limit: 2, offset: 0 });
    expect(log.entries.map((e) => e.action)).toEqual(['unlock', 'lock']);
  });
});
