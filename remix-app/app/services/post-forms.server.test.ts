/**
 * The ask, answer and edit screens answer as every screen does (issue 40): a refusal is an
 * ActionReply with the status that fits it (400 with each field's error, 404, 409, 429 with
 * Retry-After) and the values typed, so the form keeps them; a suggested edit is a reply with
 * its message. Before, these four answered `{errors, values}` with 200, a rate limit included.
 */
import type { ActionFunctionArgs } from '@remix-run/node';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertAnswer, insertQuestion, type Database } from '@fso/db';
import { createTestDatabase } from '@fso/db/testing';
import { MSG, SUGGEST_MSG } from '@fso/shared';
import { testContext } from '../../test/context.ts';
import { FACTOR, perUser } from '../../test/limits.ts';
import { formPost, screenAnswer } from '../../test/route-call.ts';
import { signedInUsers } from '../../test/signed-in.ts';
import * as editAnswerScreen from '../routes/_app.edit.answer.$aid.tsx';
import * as editQuestionScreen from '../routes/_app.edit.question.$qid.tsx';
import * as answerScreen from '../routes/_app.new.answer.$qid.tsx';
import * as askScreen from '../routes/_app.new.question.tsx';

let database: Database;
let cookie: Record<string, string>;
let uid: Record<string, number>;

beforeAll(async () => {
  database = await createTestDatabase();
  ({ cookie, uid } = await signedInUsers(database, ['ann', 'bob', 'cat', 'dan', 'eve']));
});
afterAll(() => database.close());

/** A screen's action called with a form as the browser posts it, from an address of its own. */
function post(
  action: (args: ActionFunctionArgs) => unknown,
  user: string,
  fields: Record<string, string>,
  params: Record<string, string> = {},
) {
  const { context } = testContext(database, `198.51.100.${Object.keys(cookie).indexOf(user) + 60}`, {
    rateLimitFactor: FACTOR,
  });
  return screenAnswer(action, formPost(cookie[user]!, fields), context, params);
}

const count = async (table: string) =>
  Number((await database.db.execute<{ n: number }>(sql.raw(`SELECT count(*)::int AS n FROM ${table}`))).rows[0]!.n);

/** ann's question with bob's answer: the ids. */
async function thread() {
  const qid = await insertQuestion(database.db, { title: 'Replies', text: 'Body', tags: ['x'], askedBy: uid.ann! });
  const { answerId } = (await insertAnswer(database.db, { questionId: qid, text: 'Answer', ansBy: uid.bob! }))!;
  return { qid: String(qid), aid: String(answerId) };
}

describe('the post forms answer with the one ActionReply and its status', () => {
  it('a rate-limited post is 429 with Retry-After and the values typed, and stores nothing', async () => {
    const ask = { title: 'Often', text: 'Asked again.', tags: 'limits' };
    for (let i = 0; i < perUser('question'); i++) expect((await post(askScreen.action, 'ann', ask)).status).toBe(302);
    const before = await count('questions');
    const limited = await post(askScreen.action, 'ann', ask);
    expect(limited).toMatchObject({
      status: 429,
      reply: { ok: false, form: 'post', error: MSG.tooManyRequests, status: 429, values: ask },
    });
    expect(Number(limited.headers.get('Retry-After'))).toBeGreaterThan(0);
    expect(await count('questions')).toBe(before);

    const { qid, aid } = await thread();
    const text = { text: 'Answered again.' };
    for (let i = 0; i < perUser('answer'); i++)
      expect((await post(answerScreen.action, 'cat', text, { qid })).status).toBe(302);
    expect(await post(answerScreen.action, 'cat', text, { qid })).toMatchObject({
      status: 429,
      reply: { ok: false, error: MSG.tooManyRequests, values: text },
    });
    for (let i = 0; i < perUser('edit'); i++)
      expect((await post(editAnswerScreen.action, 'bob', { text: `Edit ${i}` }, { aid })).status).toBe(302);
    expect(await post(editAnswerScreen.action, 'bob', { text: 'One more' }, { aid })).toMatchObject({
      status: 429,
      reply: { ok: false, error: MSG.tooManyRequests, values: { text: 'One more' } },
    });
  });

  it("bad input is 400 with the SPEC's message under each field, the values kept", async () => {
    const typed = { title: '', text: 'Only a body', tags: 'x' };
    expect(await post(askScreen.action, 'dan', typed)).toEqual({
      status: 400,
      headers: new Headers(),
      reply: {
        ok: false,
        form: 'post',
        error: MSG.titleEmpty,
        status: 400,
        fields: { title: MSG.titleEmpty },
        values: typed,
      },
    });
    const { qid } = await thread();
    expect(await post(answerScreen.action, 'dan', { text: '' }, { qid })).toMatchObject({
      status: 400,
      reply: { ok: false, fields: { text: MSG.answerEmpty }, values: { text: '' } },
    });
  });

  it('a post that is gone is 404; a second suggested edit is 409; a suggestion is answered with its message', async () => {
    expect(await post(answerScreen.action, 'dan', { text: 'To nothing' }, { qid: '999999' })).toMatchObject({
      status: 404,
      reply: { ok: false, error: MSG.questionNotFound },
    });
    expect(await post(editAnswerScreen.action, 'dan', { text: 'Of nothing' }, { aid: '999999' })).toMatchObject({
      status: 404,
      reply: { ok: false, error: MSG.answerNotFound },
    });
    const { qid } = await thread();
    const edit = (text: string) => ({ title: 'Replies', text, tags: 'x' });
    expect(await post(editQuestionScreen.action, 'dan', edit('Suggested body'), { qid })).toMatchObject({
      status: 200,
      reply: { ok: true, form: 'post', message: SUGGEST_MSG.submitted },
    });
    expect(await post(editQuestionScreen.action, 'eve', edit('Another body'), { qid })).toMatchObject({
      status: 409,
      reply: { ok: false, error: SUGGEST_MSG.pendingAlready, values: edit('Another body') },
    });
  });
});
