/**
 * The routes' rate limits (the one table in packages/shared/src/rate-limits.ts, scaled by
 * RATE_LIMIT_FACTOR): past its limit a route answers 429 with Retry-After and stores nothing.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser, type Database } from '@fso/db';
import { createTestDatabase } from '@fso/db/testing';
import { MSG, RATE_LIMITS, scaledCount } from '@fso/shared';
import { testContext } from '../../test/context.ts';
import { answerOf, type Handler } from '../../test/route-call.ts';
import * as answerRoute from '../routes/answer.addAnswer.ts';
import * as commentRoute from '../routes/comment.addComment.ts';
import * as createGameRoute from '../routes/games.create.ts';
import * as questionRoute from '../routes/question.addQuestion.ts';
import * as semanticRoute from '../routes/question.semanticSearch.ts';
import * as signupRoute from '../routes/user.signup.ts';
import { startSession } from './session.server.ts';

// Small enough that each limit is met within a few requests.
const FACTOR = 0.02;

let database: Database;
const cookie: Record<string, string> = {};

beforeAll(async () => {
  database = await createTestDatabase();
  const { context } = testContext(database);
  for (const name of ['ann', 'bob', 'cy']) {
    const user = (await createUser(database.db, { username: name, passwordHash: null }))!;
    cookie[name] = (await startSession(context, Number(user._id))).split(';')[0]!;
  }
});
afterAll(() => database.close());

async function call(handler: Handler, opts: { as?: string; body?: unknown; path?: string; ip: string }) {
  const { context } = testContext(database, opts.ip, { rateLimitFactor: FACTOR });
  const headers: Record<string, string> = { 'Content-Type': 'application/json' };
  if (opts.as) headers.Cookie = cookie[opts.as]!;
  const get = opts.path !== undefined;
  const request = new Request(`http://test${opts.path ?? '/x'}`, {
    method: get ? 'GET' : 'POST',
    headers,
    body: get ? undefined : JSON.stringify(opts.body ?? {}),
  });
  const response = await answerOf(handler, request, context);
  return { status: response.status, text: await response.text(), retryAfter: response.headers.get('Retry-After') };
}

const count = async (table: string) =>
  Number((await database.db.execute<{ n: number }>(sql.raw(`SELECT count(*)::int AS n FROM ${table}`))).rows[0]!.n);

/** Calls `send` until the limit; the next call must be 429 with Retry-After and must not write. */
async function expectLimited(
  limit: number,
  send: () => Promise<{ status: number; text: string; retryAfter: string | null }>,
  table?: string,
) {
  for (let i = 0; i < limit; i++) expect((await send()).status).toBe(200);
  const before = table ? await count(table) : 0;
  const refused = await send();
  expect(refused).toMatchObject({ status: 429 });
  expect(Number(refused.retryAfter)).toBeGreaterThan(0);
  if (table) expect(await count(table)).toBe(before);
  return refused;
}

const question = { title: 'Limits', text: 'How often may I ask?', tags: [{ name: 'limits' }] };

describe('rate limits of the one table, scaled by RATE_LIMIT_FACTOR', () => {
  it('questions, answers and comments: per user, 429 with Retry-After, nothing stored', async () => {
    const ask = () =>
      call(questionRoute.action, { as: 'ann', ip: '198.51.100.10', body: { ...question, askedBy: 'ann' } });
    const refused = await expectLimited(scaledCount(RATE_LIMITS.question.perUser, FACTOR), ask, 'questions');
    expect(refused.text).toBe(MSG.tooManyRequests);
    // Another user is not limited by ann's questions.
    const bobAsks = await call(questionRoute.action, {
      as: 'bob',
      ip: '198.51.100.11',
      body: { ...question, askedBy: 'bob' },
    });
    expect(bobAsks.status).toBe(200);
    const qid = (JSON.parse(bobAsks.text) as { _id: string })._id;
    const answer = () =>
      call(answerRoute.action, {
        as: 'ann',
        ip: '198.51.100.10',
        body: { qid, ans: { text: 'Often.', ansBy: 'ann' } },
      });
    await expectLimited(scaledCount(RATE_LIMITS.answer.perUser, FACTOR), answer, 'answers');
    const comment = () =>
      call(commentRoute.action, {
        as: 'ann',
        ip: '198.51.100.10',
        body: { id: qid, type: 'question', comment: { text: 'Noted.', commentBy: 'ann' } },
      });
    await expectLimited(scaledCount(RATE_LIMITS.comment.perUser, FACTOR), comment, 'comments');
  }, 120_000);

  it('game creation per user, sign-ups and natural-language search per address', async () => {
    const createGame = () =>
      call(createGameRoute.action, { as: 'bob', ip: '198.51.100.20', body: { gameType: 'Nim' } });
    await expectLimited(scaledCount(RATE_LIMITS.gameCreate.perUser, FACTOR), createGame, 'games');
    let n = 0;
    const signup = () =>
      call(signupRoute.action, {
        ip: '198.51.100.21',
        body: { username: `newcomer${n++}`, password: 'a-fine-password' },
      });
    await expectLimited(scaledCount(RATE_LIMITS.signup.perIp, FACTOR), signup, 'users');
    expect(
      (
        await call(signupRoute.action as Handler, {
          ip: '198.51.100.22',
          body: { username: 'elsewhere', password: 'a-fine-password' },
        })
      ).status,
    ).toBe(200);
    const search = () =>
      call(semanticRoute.loader, { ip: '198.51.100.23', path: '/question/semanticSearch?text=limits&topk=3' });
    const refused = await expectLimited(scaledCount(RATE_LIMITS.semanticSearch.perIp, FACTOR), search);
    expect(JSON.parse(refused.text)).toEqual({ error: MSG.tooManyRequests });
  }, 120_000);

  it('answers a NUL character in a posted text with a plain 400, storing nothing', async () => {
    const before = await count('questions');
    // cy has not asked yet: the limit is counted before the body is read, so bob (at his limit) would get 429.
    const nul = await call(questionRoute.action, {
      as: 'cy',
      ip: '198.51.100.30',
      body: { ...question, text: 'a\u0000b', askedBy: 'cy' },
    });
    expect(nul).toMatchObject({ status: 400, text: MSG.textHasNul });
    expect(await count('questions')).toBe(before);
  });
});
