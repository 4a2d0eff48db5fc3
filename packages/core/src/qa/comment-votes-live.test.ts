/**
 * Comment upvotes reach live pages (issue 42): the post's commentUpdate carries the new score;
 * an upvote that changes nothing publishes nothing, and a hidden question's comments reach no
 * live page (issue 41). Upvotes count against the vote limit like every other vote.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser, insertComment, insertQuestion, type Database } from '@fso/db';
import { createTestDatabase } from '@fso/db/testing';
import { PRIVILEGES, RATE_LIMITS, type CommentUpdatePayload } from '@fso/shared';
import { callerOf, testPorts, type Recorded } from '../../test/ports.ts';
import type { Ports } from '../ports.ts';
import { voteComment } from './comment-votes.ts';

let database: Database;
let ports: Ports;
let recorded: Recorded;
let voter: ReturnType<typeof callerOf>;
let asker: number;
beforeAll(async () => {
  database = await createTestDatabase();
  ({ ports, recorded } = testPorts(database));
  asker = Number((await createUser(database.db, { username: 'ann', passwordHash: null }))!._id);
  const ben = Number((await createUser(database.db, { username: 'ben', passwordHash: null }))!._id);
  voter = callerOf({ userId: ben, username: 'ben', reputation: PRIVILEGES.commentUpvote });
});
afterAll(() => database.close());

async function commentedQuestion(title: string) {
  const questionId = await insertQuestion(database.db, { title, text: 'Body', tags: ['live'], askedBy: asker });
  const added = await insertComment(database.db, {
    parent: 'question',
    parentId: questionId,
    text: 'A comment',
    commentBy: asker,
  });
  return { questionId, commentId: added!.commentId };
}

describe('a comment upvote, live', () => {
  it('sends the question with the comment’s new score, and nothing for a repeat', async () => {
    const { questionId, commentId } = await commentedQuestion('Live comment scores');
    recorded.events.length = 0;
    expect(await voteComment(ports, voter, { commentId, upvote: true })).toEqual({
      ok: true,
      value: { cid: String(commentId), score: 1, upvoted: true },
    });
    expect(recorded.events.map((e) => e.event)).toEqual(['commentUpdate']);
    const payload = recorded.events[0]!.args[0] as CommentUpdatePayload;
    expect(payload.type).toBe('question');
    expect(payload.result._id).toBe(String(questionId));
    expect(payload.result.comments.map((c) => [c._id, c.score])).toEqual([[String(commentId), 1]]);
    recorded.events.length = 0;
    expect((await voteComment(ports, voter, { commentId, upvote: true })).ok).toBe(true);
    expect(recorded.events).toEqual([]);
  });

  it('publishes nothing for a hidden question’s comment', async () => {
    const { questionId, commentId } = await commentedQuestion('Hidden comment scores');
    await database.db.execute(sql`UPDATE questions SET hidden = 'flagged' WHERE id = ${questionId}`);
    recorded.events.length = 0;
    expect(await voteComment(ports, voter, { commentId, upvote: true })).toMatchObject({
      ok: true,
      value: { score: 1 },
    });
    expect(recorded.events).toEqual([]);
  });

  it('counts against the vote limit: past it, 429 and the upvote stays', async () => {
    const { commentId } = await commentedQuestion('Limited comment scores');
    const cy = Number((await createUser(database.db, { username: 'cy', passwordHash: null }))!._id);
    const hasty = callerOf({ userId: cy, username: 'cy', reputation: PRIVILEGES.commentUpvote });
    // One vote an hour for this test's limiter.
    const limited = testPorts(database, { limits: { factor: 1 / RATE_LIMITS.vote.perUser } }).ports;
    expect((await voteComment(limited, hasty, { commentId, upvote: true })).ok).toBe(true);
    expect(await voteComment(limited, hasty, { commentId, upvote: false })).toMatchObject({
      ok: false,
      kind: 'tooMany',
    });
    expect(await voteComment(ports, hasty, { commentId, upvote: true })).toMatchObject({
      ok: true,
      value: { score: 1 },
    });
  });
});
