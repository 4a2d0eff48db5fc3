/**
 * Issue 39 item 3, per post: a body with more than MATH_MAX formulas, whose HTML would pass
 * POST_HTML_MAX_BYTES, or whose tables have more than TABLE_CELLS_MAX cells (counted before
 * rendering), is refused at write time with 400 and a message for its author (REST and screens,
 * previews included), and nothing is stored; below the caps math-heavy posts are stored.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getQuestion, insertAnswer, insertQuestion, type Database } from '@fso/db';
import { createTestDatabase } from '@fso/db/testing';
import {
  MATH_MAX,
  POST_HTML_MAX_BYTES,
  POST_MSG,
  PREVIEW_INTENT,
  RENDER_COST_MSG,
  TABLE_CELLS_MAX,
  type Question,
} from '@fso/shared';
import { testContext } from '../../test/context.ts';
import { answerOf, formPost, screenAnswer, type Handler } from '../../test/route-call.ts';
import { signedInUsers } from '../../test/signed-in.ts';
import * as answerRoute from '../routes/answer.addAnswer.ts';
import * as editAnswerRoute from '../routes/answer.editAnswer.$aid.ts';
import * as previewRoute from '../routes/post.previewMarkdown.ts';
import * as questionRoute from '../routes/question.addQuestion.ts';
import * as askScreen from '../routes/_app.new.question.tsx';

let database: Database;
let cookie: Record<string, string>;
let uid: Record<string, number>;

beforeAll(async () => {
  database = await createTestDatabase();
  ({ cookie, uid } = await signedInUsers(database, ['ann', 'bob']));
});
afterAll(() => database.close());

/** 7,250 one-letter formulas in 29 kB: 1.38 MB of HTML before the cap. */
const MUCH_MATH = '$a'.repeat(14_500);
/** A 29.8 kB table whose short rows markdown-it completes to a thousand cells each: 690 kB of HTML. */
const WIDE_TABLE = `|${'a|'.repeat(1_000)}\n|${'-|'.repeat(1_000)}\n${'a\n'.repeat(12_900)}`.slice(0, 30_000);
// No amplifying construct, yet more than POST_HTML_MAX_BYTES once rendered (each & is written &amp;).
const AMPERSANDS = '&'.repeat(29_000);

async function send(handler: Handler, user: string, body: unknown, params: Record<string, string> = {}) {
  const request = new Request('http://test/x', {
    method: params.aid ? 'PATCH' : 'POST',
    headers: { Cookie: cookie[user]!, 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  });
  const response = await answerOf(handler, request, testContext(database).context, params);
  return { status: response.status, text: await response.text() };
}

const questionCount = async () =>
  Number((await database.db.execute<{ n: number }>(sql`SELECT count(*)::int AS n FROM questions`)).rows[0]!.n);

const question = (text: string) => ({ title: 'Caps', text, tags: [{ name: 'caps' }], askedBy: 'ann' });

describe('a post past the rendering caps is refused at write time (issue 39 item 3)', () => {
  it('too much math: 400 with the message on asking, answering, editing and previewing, nothing stored', async () => {
    const qid = await insertQuestion(database.db, { title: 'Q', text: 'Body', tags: ['caps'], askedBy: uid.ann! });
    const { answerId } = (await insertAnswer(database.db, { questionId: qid, text: 'Answer', ansBy: uid.bob! }))!;
    const refused = { status: 400, text: POST_MSG.tooMuchMath };
    expect(await send(questionRoute.action, 'ann', question(MUCH_MATH))).toEqual(refused);
    expect(await send(answerRoute.action, 'bob', { qid: String(qid), ans: { text: MUCH_MATH, ansBy: 'bob' } })).toEqual(
      refused,
    );
    expect(await send(editAnswerRoute.action, 'bob', { text: MUCH_MATH }, { aid: String(answerId) })).toEqual(refused);
    expect(await send(previewRoute.action, 'ann', { text: MUCH_MATH })).toEqual(refused);
    const stored = (await getQuestion(database.db, qid))!;
    expect(stored.answers.map((a) => a.text)).toEqual(['Answer']);
    expect(await questionCount()).toBe(1);
  });

  it(`HTML past ${POST_HTML_MAX_BYTES / 1024} kB: 400 with the message; the screen's preview says it under the text`, async () => {
    expect(await send(questionRoute.action, 'ann', question(AMPERSANDS))).toEqual({
      status: 400,
      text: POST_MSG.tooLarge,
    });
    const preview = formPost(cookie.ann!, { intent: PREVIEW_INTENT, title: 'Caps', text: AMPERSANDS, tags: 'caps' });
    const { status, reply } = await screenAnswer(askScreen.action, preview, testContext(database).context);
    expect(status).toBe(400);
    expect(reply).toMatchObject({ ok: false, fields: { text: POST_MSG.tooLarge } });
    expect(reply).not.toHaveProperty('preview');
  });

  it(`a table past ${TABLE_CELLS_MAX} cells: 400 before rendering; the screen's preview says it under the text`, async () => {
    expect(await send(questionRoute.action, 'ann', question(WIDE_TABLE))).toEqual({
      status: 400,
      text: RENDER_COST_MSG.tooManyCells,
    });
    const preview = formPost(cookie.ann!, { intent: PREVIEW_INTENT, title: 'Caps', text: WIDE_TABLE, tags: 'caps' });
    const { status, reply } = await screenAnswer(askScreen.action, preview, testContext(database).context);
    expect(status).toBe(400);
    expect(reply).toMatchObject({ ok: false, fields: { text: RENDER_COST_MSG.tooManyCells } });
    expect(reply).not.toHaveProperty('preview');
  });

  it(`stores a post with ${MATH_MAX} formulas`, async () => {
    const asked = await send(questionRoute.action, 'ann', question('$x_1$ and '.repeat(MATH_MAX)));
    expect(asked.status).toBe(200);
    expect((JSON.parse(asked.text) as Question).text).toContain('$x_1$');
  });
});
