/**
 * The writes issue 17 added are in the rate-limit table: votes, accepts, edits, deletions,
 * marking notifications read, Markdown previews and tag suggestions. Past its limit each one
 * answers 429 with Retry-After and changes nothing; a key the table refused is then refused
 * from memory, without counting again.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  checkLimit,
  createUser,
  getQuestion,
  insertAnswer,
  insertComment,
  insertQuestion,
  unreadCount,
  type Database,
} from '@fso/db';
import { createTestDatabase } from '@fso/db/testing';
import { MSG, RATE_LIMITS } from '@fso/shared';
import { testContext } from '../../test/context.ts';
import { FACTOR, perUser } from '../../test/limits.ts';
import { answerOf, type Handler } from '../../test/route-call.ts';
import * as previewRoute from '../routes/post.previewMarkdown.ts';
import * as suggestRoute from '../routes/tag.suggestTags.ts';
import {
  acceptAnswer,
  deleteComment,
  editAnswer,
  markRead,
  notifyRule,
  revisions,
  voteAnswer,
  type Result,
} from '@fso/core';
import { callerOf, startSession, type SessionUser } from './session.server.ts';

let database: Database;
const actor: Record<string, SessionUser> = {};
const cookie: Record<string, string> = {};

beforeAll(async () => {
  database = await createTestDatabase();
  const { context } = testContext(database);
  for (const name of ['ann', 'ben']) {
    const user = (await createUser(database.db, { username: name, passwordHash: null }))!;
    const session = await startSession(context, Number(user._id));
    cookie[name] = session.split(';')[0]!;
    actor[name] = {
      sessionId: '',
      userId: Number(user._id),
      username: name,
      role: 'user',
      reputation: 1,
      suspendedUntil: null,
      suspensionReason: null,
    };
  }
});
afterAll(() => database.close());

const context = (ip = '198.51.100.40') => testContext(database, ip, { rateLimitFactor: FACTOR }).context;

/** ann asks, ben answers and comments: the ids. */
async function thread() {
  const qid = await insertQuestion(database.db, {
    title: 'Limits on writes',
    text: 'How many?',
    tags: ['limits'],
    askedBy: actor.ann!.userId,
  });
  const { answerId } = (await insertAnswer(database.db, {
    questionId: qid,
    text: 'Enough.',
    ansBy: actor.ben!.userId,
  }))!;
  const { commentId } = (await insertComment(database.db, {
    parent: 'answer',
    parentId: answerId,
    text: 'Noted.',
    commentBy: actor.ben!.userId,
  }))!;
  return { qid, answerId, commentId };
}

/** `limit` calls succeed; the next is 429 with Retry-After and the tooManyRequests message. */
async function expectRefusedAfter<T>(limit: number, send: () => Promise<Result<T>>) {
  for (let i = 0; i < limit; i++) expect((await send()).ok).toBe(true);
  const refused = await send();
  expect(refused).toMatchObject({ ok: false, kind: 'tooMany', message: MSG.tooManyRequests });
  expect((refused as { retryAfterSeconds: number }).retryAfterSeconds).toBeGreaterThan(0);
}

describe('limits on the issue-17 writes', () => {
  it('answer votes: the N+1th is 429 and casts nothing; later ones are refused from memory, uncounted', async () => {
    const { qid, answerId } = await thread();
    const ctx = context('198.51.100.41');
    const votes = async () => (await getQuestion(database.db, qid))!.answers[0]!.upVotes;
    // Each upvote toggles: an even number of allowed votes leaves none, so a counted refusal would show.
    const limit = perUser('vote');
    await expectRefusedAfter(limit, () => voteAnswer(ctx.ports, callerOf(ctx, actor.ann!), { answerId, value: 1 }));
    expect(await votes()).toEqual(limit % 2 === 0 ? [] : ['ann']);
    const key = `vote:user:${actor.ann!.userId}`;
    const counted = await checkLimit(database.db, key, { max: limit, windowMs: RATE_LIMITS.vote.windowMs });
    expect((await voteAnswer(ctx.ports, callerOf(ctx, actor.ann!), { answerId, value: 1 })).ok).toBe(false);
    expect(await checkLimit(database.db, key, { max: limit, windowMs: RATE_LIMITS.vote.windowMs })).toEqual(counted);
  });

  it('accepting: the N+1th is 429 and moves no mark', async () => {
    const { qid, answerId } = await thread();
    const ctx = context('198.51.100.42');
    await expectRefusedAfter(perUser('accept'), () =>
      acceptAnswer(ctx.ports, callerOf(ctx, actor.ann!), { questionId: qid, answerId }),
    );
    expect((await getQuestion(database.db, qid))!.acceptedAnswer).toBe(
      perUser('accept') % 2 === 0 ? null : String(answerId),
    );
  });

  it('edits and deletions: the N+1th is 429 and stores no revision, deletes nothing', async () => {
    const { qid, answerId, commentId } = await thread();
    const ctx = context('198.51.100.43');
    let n = 0;
    await expectRefusedAfter(perUser('edit'), () =>
      editAnswer(ctx.ports, callerOf(ctx, actor.ben!), { answerId, text: `Edited ${n++}.` }),
    );
    const kept = await revisions(ctx.ports, callerOf(ctx, actor.ben!), { post: 'answer', id: answerId });
    expect(kept.ok && kept.value.total).toBe(perUser('edit'));
    expect((await getQuestion(database.db, qid))!.answers[0]!.text).toBe(`Edited ${perUser('edit') - 1}.`);
    const comments = [commentId];
    for (let i = 0; i < perUser('delete'); i++) {
      comments.push(
        (await insertComment(database.db, {
          parent: 'answer',
          parentId: answerId,
          text: `More ${i}.`,
          commentBy: actor.ben!.userId,
        }))!.commentId,
      );
    }
    await expectRefusedAfter(perUser('delete'), () =>
      deleteComment(ctx.ports, callerOf(ctx, actor.ben!), { commentId: comments.pop()! }),
    );
    expect((await getQuestion(database.db, qid))!.answers[0]!.comments.map((c) => c._id)).toEqual([String(commentId)]);
  });

  it('marking read: the N+1th is 429 and leaves the new notification unread', async () => {
    const { qid } = await thread();
    const ctx = context('198.51.100.44');
    await expectRefusedAfter(perUser('markRead'), async () => {
      const outcome = await markRead(ctx.ports, callerOf(ctx, actor.ann!), { all: true });
      await insertAnswer(database.db, { questionId: qid, text: 'Another.', ansBy: actor.ben!.userId }, notifyRule);
      return outcome;
    });
    expect(await unreadCount(database.db, actor.ann!.userId)).toBeGreaterThan(0);
  });

  it('Markdown preview and tag suggestions: the N+1th is 429 with Retry-After', async () => {
    const ctx = context('198.51.100.45');
    const call = async (handler: Handler, request: Request): Promise<Result<null>> => {
      const response = await answerOf(handler, request, ctx);
      if (response.status === 200) return { ok: true, value: null };
      expect(response.status).toBe(429);
      return {
        ok: false,
        kind: 'tooMany',
        message: await response.text(),
        retryAfterSeconds: Number(response.headers.get('Retry-After')),
      };
    };
    const headers = { Cookie: cookie.ben!, 'Content-Type': 'application/json' };
    const preview = () =>
      call(
        previewRoute.action,
        new Request('http://test/post/previewMarkdown', {
          method: 'POST',
          headers,
          body: JSON.stringify({ text: '**hi**' }),
        }),
      );
    await expectRefusedAfter(perUser('markdownPreview'), preview);
    const suggest = () => call(suggestRoute.loader, new Request('http://test/tag/suggestTags?prefix=li', { headers }));
    await expectRefusedAfter(perUser('tagSuggest'), suggest);
  });
});
