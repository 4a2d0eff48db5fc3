/**
 * Undeleting (migration 0074): an author's deleted question or answer comes back whole, with its
 * own id, comments, votes, revisions, accept and the reputation they carry, and shows again on
 * every list that the triggers keep; nobody else can bring it back.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  acceptAnswer,
  castVote,
  deleteAnswer,
  deleteQuestion,
  editAnswer,
  undeletePost,
} from '../../test/core-rules.ts';
import { createTestDatabase, newUserId } from '../../test/testing.ts';
import type { Database } from '../client.ts';
import { deletedPostsOf } from './post-undelete.ts';
import { getQuestion } from './question-read.ts';
import { listQuestions } from './question-list.ts';
import { insertAnswer, insertComment, insertQuestion } from './question-write.ts';
import { rows } from './sql-rows.ts';
import { findUserById } from './users.ts';

let database: Database;
let ada: number;
let bob: number;
beforeAll(async () => {
  database = await createTestDatabase();
  const user = (username: string) => newUserId(database, username);
  ada = await user('ada');
  bob = await user('bob');
});
afterAll(() => database.close());

const reputation = async (id: number) => (await findUserById(database.db, id))!.reputation;
const listed = async (tag: string) =>
  (await listQuestions(database.db, { search: `[${tag}]`, limit: 10, offset: 0 })).questions.map((q) => q._id);

describe('undeleting', () => {
  it('brings an answer back with its comments, votes, revisions, accept and reputation', async () => {
    const qid = await insertQuestion(database.db, { title: 'Undo me', text: 'Body', tags: ['undo'], askedBy: ada });
    const aid = (await insertAnswer(database.db, { questionId: qid, text: 'First words', ansBy: bob }))!.answerId;
    await editAnswer(database.db, { answerId: aid, userId: bob, text: 'Second words' });
    await insertComment(database.db, { parent: 'answer', parentId: aid, text: 'Nice', commentBy: ada });
    await castVote(database.db, { post: 'answer', id: aid, userId: ada, value: 1 });
    await acceptAnswer(database.db, { questionId: qid, answerId: aid, userId: ada });
    const before = { bob: await reputation(bob), question: await getQuestion(database.db, qid) };

    expect((await deleteAnswer(database.db, { answerId: aid, userId: bob, keep: true })).ok).toBe(true);
    expect((await getQuestion(database.db, qid))!.answers).toEqual([]);
    expect(await reputation(bob)).toBeLessThan(before.bob!);
    const kept = await deletedPostsOf(database.db, bob, qid, new Date(0));
    expect(kept.map((p) => [p.kind, p.postId, p.text])).toEqual([['answer', aid, 'Second words']]);
    expect(await deletedPostsOf(database.db, ada, qid, new Date(0))).toEqual([]);

    expect(await undeletePost(database.db, { kind: 'answer', postId: aid, userId: ada })).toMatchObject({
      ok: false,
      kind: 'notFound',
    });
    expect(await undeletePost(database.db, { kind: 'answer', postId: aid, userId: bob })).toEqual({
      ok: true,
      value: { questionId: qid },
    });
    const after = (await getQuestion(database.db, qid))!;
    expect(after.answers).toEqual(before.question!.answers);
    expect(after.acceptedAnswer).toBe(String(aid));
    expect(after.answerCount).toBe(1);
    expect(await reputation(bob)).toBe(before.bob);
    const [revisions] = await rows(
      database.db,
      sql`SELECT count(*)::int AS n FROM answer_revisions WHERE answer_id = ${aid}`,
    );
    expect(revisions!.n).toBe(1);
    expect(await deletedPostsOf(database.db, bob, qid, new Date(0))).toEqual([]);
  });

  it('brings a question back to the lists with its own answers, tags and votes', async () => {
    const qid = await insertQuestion(database.db, {
      title: 'Gone and back',
      text: 'Body',
      tags: ['boomerang'],
      askedBy: ada,
    });
    await insertAnswer(database.db, { questionId: qid, text: 'My own answer', ansBy: ada });
    await insertComment(database.db, { parent: 'question', parentId: qid, text: 'Hm', commentBy: bob });
    await castVote(database.db, { post: 'question', id: qid, userId: bob, value: 1 });
    const before = await getQuestion(database.db, qid);
    const adaBefore = await reputation(ada);

    expect((await deleteQuestion(database.db, { questionId: qid, userId: ada, keep: true })).ok).toBe(true);
    expect(await listed('boomerang')).toEqual([]);
    expect(await undeletePost(database.db, { kind: 'question', postId: qid, userId: bob })).toMatchObject({
      ok: false,
    });

    expect((await undeletePost(database.db, { kind: 'question', postId: qid, userId: ada })).ok).toBe(true);
    expect(await getQuestion(database.db, qid)).toEqual(before);
    expect(await listed('boomerang')).toEqual([String(qid)]);
    expect(await reputation(ada)).toBe(adaBefore);
  });

  it('keeps an answer whose question was deleted since from coming back', async () => {
    const qid = await insertQuestion(database.db, {
      title: 'Short-lived',
      text: 'Body',
      tags: ['brief'],
      askedBy: ada,
    });
    const aid = (await insertAnswer(database.db, { questionId: qid, text: 'Soon gone', ansBy: bob }))!.answerId;
    await deleteAnswer(database.db, { answerId: aid, userId: bob, keep: true });
    await deleteQuestion(database.db, { questionId: qid, userId: ada, keep: true });
    expect(await undeletePost(database.db, { kind: 'answer', postId: aid, userId: bob })).toMatchObject({
      ok: false,
      kind: 'conflict',
    });
  });
});
