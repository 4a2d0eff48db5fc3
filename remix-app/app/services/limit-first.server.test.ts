/**
 * Issue 39 item 7 and item 1's previews: every write that renders Markdown counts its rate limit
 * before it reads its body, so past the limit even a malformed body is refused 429 without being
 * parsed; and the screens' no-JavaScript preview (ask, answer, edit) has the JSON preview's rate
 * limit, the post's own text rules, and never writes.
 */
import type { ActionFunctionArgs } from '@remix-run/node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getQuestion, insertAnswer, insertQuestion, type Database } from '@fso/db';
import { createTestDatabase } from '@fso/db/testing';
import { BODY_MAX, MSG, PREVIEW_INTENT, type LimitedAction } from '@fso/shared';
import { testContext } from '../../test/context.ts';
import { FACTOR, perUser } from '../../test/limits.ts';
import { answerOf, formPost, screenAnswer, type Handler } from '../../test/route-call.ts';
import { signedInUsers } from '../../test/signed-in.ts';
import * as answerRoute from '../routes/answer.addAnswer.ts';
import * as editAnswerRoute from '../routes/answer.editAnswer.$aid.ts';
import * as commentRoute from '../routes/comment.addComment.ts';
import * as previewRoute from '../routes/post.previewMarkdown.ts';
import * as questionRoute from '../routes/question.addQuestion.ts';
import * as editQuestionRoute from '../routes/question.editQuestion.$qid.ts';
import * as editAnswerScreen from '../routes/_app.edit.answer.$aid.tsx';
import * as editQuestionScreen from '../routes/_app.edit.question.$qid.tsx';
import * as answerScreen from '../routes/_app.new.answer.$qid.tsx';
import * as askScreen from '../routes/_app.new.question.tsx';

let database: Database;
let cookie: Record<string, string>;
let uid: Record<string, number>;

beforeAll(async () => {
  database = await createTestDatabase();
  ({ cookie, uid } = await signedInUsers(database, ['ann', 'bob', 'cat', 'dan', 'eve', 'fay']));
});
afterAll(() => database.close());

const context = () => testContext(database, '198.51.100.90', { rateLimitFactor: FACTOR }).context;

/** ann's question with bob's answer: the ids. */
async function thread() {
  const qid = await insertQuestion(database.db, {
    title: 'Limits first',
    text: 'Body',
    tags: ['x'],
    askedBy: uid.ann!,
  });
  const { answerId } = (await insertAnswer(database.db, { questionId: qid, text: 'Answer', ansBy: uid.bob! }))!;
  return { qid: String(qid), aid: String(answerId) };
}

describe('REST writes count their limit before reading the body (issue 39 item 7)', () => {
  it('past the limit a malformed body is 429, not 400: the refused request was never parsed', async () => {
    const { qid, aid } = await thread();
    const routes: [string, Handler, LimitedAction, string, Record<string, string>][] = [
      ['ann', questionRoute.action, 'question', 'POST', {}],
      ['ann', answerRoute.action, 'answer', 'POST', {}],
      ['ann', commentRoute.action, 'comment', 'POST', {}],
      ['ann', editQuestionRoute.action, 'edit', 'PATCH', { qid }],
      ['bob', editAnswerRoute.action, 'edit', 'PATCH', { aid }],
      ['fay', previewRoute.action, 'markdownPreview', 'POST', {}],
    ];
    for (const [user, handler, action, method, params] of routes) {
      const send = async () => {
        const request = new Request('http://test/x', {
          method,
          headers: { Cookie: cookie[user]!, 'Content-Type': 'application/json' },
          body: '{"text": "[[[[',
        });
        const response = await answerOf(handler, request, context(), params);
        return { status: response.status, text: await response.text() };
      };
      for (let i = 0; i < perUser(action); i++) expect(await send()).toEqual({ status: 400, text: MSG.malformedJson });
      expect(await send(), action).toEqual({ status: 429, text: MSG.tooManyRequests });
    }
  });
});

/** A screen's action called with a form as the browser posts it. */
async function screen(
  action: (args: ActionFunctionArgs) => unknown,
  user: string,
  fields: Record<string, string>,
  params = {},
) {
  return screenAnswer(action, formPost(cookie[user]!, fields), context(), params);
}

describe('the no-JavaScript preview of the ask, answer and edit screens (issue 39 item 1)', () => {
  const preview = (text: string) => ({ intent: PREVIEW_INTENT, title: 'A title', text, tags: 'x' });
  const huge = 'a'.repeat(90_000);

  it('refuses a text longer than a post may be with the message the post gets, and renders none', async () => {
    const { qid } = await thread();
    expect(await screen(askScreen.action, 'cat', preview(huge))).toMatchObject({
      status: 400,
      reply: { ok: false, fields: { text: MSG.questionTextTooLong } },
    });
    expect(await screen(answerScreen.action, 'cat', preview(huge), { qid })).toMatchObject({
      status: 400,
      reply: { ok: false, fields: { text: MSG.answerTooLong } },
    });
    const refused = await screen(askScreen.action, 'dan', preview('x'.repeat(BODY_MAX + 1)));
    expect(refused.reply).not.toHaveProperty('preview');
    expect(refused.reply).toMatchObject({ ok: false, fields: { text: MSG.questionTextTooLong } });
  });

  it('is counted as a Markdown preview: past that limit the screen says so instead of rendering', async () => {
    for (let i = 0; i < perUser('markdownPreview'); i++)
      expect((await screen(askScreen.action, 'eve', preview('**hi**'))).reply).toMatchObject({
        ok: true,
        preview: '<p><strong>hi</strong></p>\n',
      });
    const limited = await screen(askScreen.action, 'eve', preview('**hi**'));
    expect(limited).toMatchObject({ status: 429, reply: { ok: false, error: MSG.tooManyRequests } });
    expect(Number(limited.headers.get('Retry-After'))).toBeGreaterThan(0);
  });

  it('previews an edit without saving it', async () => {
    const { qid, aid } = await thread();
    const shown = await screen(editQuestionScreen.action, 'ann', preview('*new*'), { qid });
    expect(shown.reply).toMatchObject({ ok: true, preview: '<p><em>new</em></p>\n' });
    const answer = await screen(editAnswerScreen.action, 'bob', { intent: PREVIEW_INTENT, text: '*new*' }, { aid });
    expect(answer.reply).toMatchObject({ ok: true, preview: '<p><em>new</em></p>\n' });
    const stored = (await getQuestion(database.db, Number(qid)))!;
    expect([stored.text, stored.answers[0]!.text]).toEqual(['Body', 'Answer']);
  });
});
