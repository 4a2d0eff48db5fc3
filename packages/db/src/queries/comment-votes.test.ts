/**
 * Comment upvotes (migration 0077) under core's rule: an upvote counts once however many arrive
 * at once, is taken back, is refused on one's own comment and without the privilege, and every
 * count stays equal to the upvotes there are when an upvoter's account, the comment or its post
 * goes (and when the post is undeleted).
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '@fso/shared';
import { deleteAccount, deleteAnswer, deleteComment, undeletePost, voteComment } from '../../test/core-rules.ts';
import { createTestDatabase } from '../../test/testing.ts';
import type { Database } from '../client.ts';
import { commentsUpvotedBy } from './comment-votes.ts';
import { getQuestion } from './question-read.ts';
import { insertAnswer, insertComment, insertQuestion } from './question-write.ts';
import { rows } from './sql-rows.ts';
import { createUser } from './users.ts';

let database: Database;
let ada: number;
let bob: number;
let cal: number;
let qid: number;
beforeAll(async () => {
  database = await createTestDatabase();
  const user = async (username: string) =>
    Number((await createUser(database.db, { username, passwordHash: null }))!._id);
  [ada, bob, cal] = [await user('ada'), await user('bob'), await user('cal')];
  qid = await insertQuestion(database.db, { title: 'Comments to upvote', text: 'Body', tags: ['cv'], askedBy: ada });
});
afterAll(() => database.close());

const comment = async (
  by: number,
  on: { parent: 'question' | 'answer'; parentId: number } = { parent: 'question', parentId: qid },
) => (await insertComment(database.db, { ...on, text: 'A comment', commentBy: by }))!.commentId;
/** The score every read shows, and the upvote rows there are. */
const scoreOf = async (cid: number) => {
  const question = (await getQuestion(database.db, qid))!;
  const all = [...question.comments, ...question.answers.flatMap((a) => a.comments)];
  const [stored] = await rows(database.db, sql`SELECT count(*)::int AS n FROM comment_votes WHERE comment_id = ${cid}`);
  return { shown: all.find((c) => c._id === String(cid))?.score, rows: stored!.n };
};

describe('comment upvotes', () => {
  it('counts an upvote sent five times at once once, and takes it back', async () => {
    const cid = await comment(ada);
    const sent = await Promise.all(
      Array.from({ length: 5 }, () => voteComment(database.db, { commentId: cid, userId: bob })),
    );
    expect(sent.every((r) => r.ok && r.value.upvoted && r.value.score === 1)).toBe(true);
    expect(sent.filter((r) => r.ok && r.value.changed)).toHaveLength(1);
    expect(await scoreOf(cid)).toEqual({ shown: 1, rows: 1 });
    expect((await voteComment(database.db, { commentId: cid, userId: cal })).ok).toBe(true);
    expect(await scoreOf(cid)).toEqual({ shown: 2, rows: 2 });
    expect(await commentsUpvotedBy(database.db, bob, [cid, cid + 1000])).toEqual([cid]);
    const back = await voteComment(database.db, { commentId: cid, userId: bob, upvote: false });
    expect(back).toMatchObject({ ok: true, value: { upvoted: false, score: 1, changed: true } });
    expect(await scoreOf(cid)).toEqual({ shown: 1, rows: 1 });
    expect(await commentsUpvotedBy(database.db, bob, [cid])).toEqual([]);
  });

  it('refuses one’s own comment, a missing one and a voter without the privilege, storing nothing', async () => {
    const cid = await comment(ada);
    expect(await voteComment(database.db, { commentId: cid, userId: ada })).toMatchObject({
      ok: false,
      kind: 'forbidden',
      message: MSG.ownCommentVote,
    });
    expect(await voteComment(database.db, { commentId: cid, userId: bob, reputation: 14 })).toMatchObject({
      ok: false,
      kind: 'forbidden',
      message: MSG.commentUpvotePrivilege,
    });
    expect(await voteComment(database.db, { commentId: cid + 1000, userId: bob })).toMatchObject({
      ok: false,
      kind: 'notFound',
    });
    expect(await scoreOf(cid)).toEqual({ shown: 0, rows: 0 });
  });

  it('keeps counts right when an upvoter’s account or the comment goes', async () => {
    const dan = Number((await createUser(database.db, { username: 'dan', passwordHash: null }))!._id);
    const cid = await comment(ada);
    await voteComment(database.db, { commentId: cid, userId: bob });
    await voteComment(database.db, { commentId: cid, userId: dan });
    expect(await scoreOf(cid)).toEqual({ shown: 2, rows: 2 });
    expect((await deleteAccount(database.db, dan)).ok).toBe(true);
    expect(await scoreOf(cid)).toEqual({ shown: 1, rows: 1 });
    expect((await deleteComment(database.db, { commentId: cid, userId: ada })).ok).toBe(true);
    expect(await scoreOf(cid)).toEqual({ shown: undefined, rows: 0 });
  });

  it('brings an answer’s comments back with their upvotes when the answer is undeleted', async () => {
    const aid = (await insertAnswer(database.db, { questionId: qid, text: 'An answer', ansBy: cal }))!.answerId;
    const cid = await comment(ada, { parent: 'answer', parentId: aid });
    await voteComment(database.db, { commentId: cid, userId: bob });
    await voteComment(database.db, { commentId: cid, userId: cal });
    expect((await deleteAnswer(database.db, { answerId: aid, userId: cal, keep: true })).ok).toBe(true);
    expect(await scoreOf(cid)).toEqual({ shown: undefined, rows: 0 });
    expect((await undeletePost(database.db, { kind: 'answer', postId: aid, userId: cal })).ok).toBe(true);
    expect(await scoreOf(cid)).toEqual({ shown: 2, rows: 2 });
  });
});
