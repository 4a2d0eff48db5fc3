import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fail, MSG } from '@fso/shared';
import { createTestDatabase } from '../../test/testing.ts';
import type { Database } from '../client.ts';
import { listRevisions } from './post-edit.ts';
import { getQuestion, getQuestionWithHtml } from './question-read.ts';
import { listQuestions } from './question-list.ts';
import { insertAnswer, insertComment, insertQuestion } from './question-write.ts';
import { rows } from './sql-rows.ts';
import { listTagsWithCount } from './tags.ts';
import { getUserActivity } from './user-activity.ts';
import { createUser, listUsers } from './users.ts';
import { answerVotes } from './votes.ts';
import {
  acceptAnswer,
  castVote,
  deleteAnswer,
  deleteComment,
  deleteQuestion,
  editAnswer,
  editQuestion,
} from '../../test/core-rules.ts';
import { recountReputations, storedReputations } from '../../test/recount.ts';

let database: Database;
const id: Record<string, number> = {};

beforeAll(async () => {
  database = await createTestDatabase();
  for (const name of ['alice', 'bob', 'carol', 'dan', 'erin', 'fay', 'gus', 'hal'])
    id[name] = Number((await createUser(database.db, { username: name, passwordHash: null }))!._id);
});
afterAll(() => database.close());

const all = (query: ReturnType<typeof sql>) => rows(database.db, query);
const recount = () => recountReputations(database.db);
const stored = () => storedReputations(database.db);

describe('answer votes, accepts and reputation', () => {
  it('votes on answers toggle and switch like question votes, and nobody votes on their own post', async () => {
    const q = await insertQuestion(database.db, {
      title: 'Vote on answers',
      text: 'Which one?',
      tags: ['votes'],
      askedBy: id.alice!,
    });
    const a = (await insertAnswer(database.db, { questionId: q, text: 'This one.', ansBy: id.bob! }))!.answerId;
    expect(await castVote(database.db, { post: 'answer', id: a, userId: id.carol!, value: 1 })).toMatchObject({
      ok: true,
    });
    expect(await answerVotes(database.db, a)).toEqual({ qid: String(q), upVotes: ['carol'], downVotes: [], score: 1 });
    await castVote(database.db, { post: 'answer', id: a, userId: id.carol!, value: -1 });
    expect(await answerVotes(database.db, a)).toMatchObject({ upVotes: [], downVotes: ['carol'], score: -1 });
    await castVote(database.db, { post: 'answer', id: a, userId: id.carol!, value: -1 });
    expect(await answerVotes(database.db, a)).toMatchObject({ upVotes: [], downVotes: [], score: 0 });
    expect(await castVote(database.db, { post: 'answer', id: a, userId: id.bob!, value: 1 })).toMatchObject({
      kind: 'forbidden',
    });
    expect(await castVote(database.db, { post: 'question', id: q, userId: id.alice!, value: 1 })).toMatchObject({
      kind: 'forbidden',
    });
    expect(await castVote(database.db, { post: 'answer', id: 999_999, userId: id.bob!, value: 1 })).toMatchObject({
      kind: 'notFound',
    });
    expect(await answerVotes(database.db, a)).toMatchObject({ upVotes: [], score: 0 });
    expect((await getQuestion(database.db, q))!.score).toBe(0);
  });

  it('gives +10 per upvote, −2 per downvote, +15 and +2 for an accept, never below 1', async () => {
    const q = await insertQuestion(database.db, {
      title: 'Reputation rules',
      text: 'Count them.',
      tags: ['rep'],
      askedBy: id.dan!,
    });
    const a = (await insertAnswer(database.db, { questionId: q, text: 'Like this.', ansBy: id.erin! }))!.answerId;
    await castVote(database.db, { post: 'answer', id: a, userId: id.dan!, value: 1 });
    expect(await acceptAnswer(database.db, { questionId: q, answerId: a, userId: id.dan! })).toEqual({
      ok: true,
      value: {
        accepted: a,
        recount: [id.dan, id.erin, null],
        notify: [{ userId: id.erin, kind: 'accepted' }],
        notified: [id.erin!],
      },
    });
    expect(await stored()).toMatchObject({ erin: 26, dan: 3 });
    expect((await getQuestionWithHtml(database.db, q))!.reputations).toEqual({ dan: 3, erin: 26 });
    await castVote(database.db, { post: 'question', id: q, userId: id.erin!, value: -1 });
    await castVote(database.db, { post: 'question', id: q, userId: id.fay!, value: -1 });
    expect((await stored()).dan).toBe(1);
    await castVote(database.db, { post: 'question', id: q, userId: id.gus!, value: 1 });
    expect((await stored()).dan).toBe(1 + 2 - 2 - 2 + 10);
    expect(await acceptAnswer(database.db, { questionId: q, answerId: a, userId: id.dan! })).toMatchObject({
      value: { accepted: null },
    });
    expect(await stored()).toMatchObject({ erin: 11, dan: 7 });
    expect(await stored()).toEqual(await recount());
  });

  it("earns nothing for one's own accept or a vote on one's own post (an imported one)", async () => {
    const ivy = Number((await createUser(database.db, { username: 'ivy', passwordHash: null }))!._id);
    const q = await insertQuestion(database.db, { title: 'Self help', text: 'Mine.', tags: ['rep'], askedBy: ivy });
    const a = (await insertAnswer(database.db, { questionId: q, text: 'Also mine.', ansBy: ivy }))!.answerId;
    expect(await acceptAnswer(database.db, { questionId: q, answerId: a, userId: ivy })).toMatchObject({
      value: { accepted: a, notified: [] },
    });
    expect((await stored()).ivy).toBe(1);
    // core refuses such a vote; rows from elsewhere (an import) still count for nothing.
    await database.db.execute(sql`INSERT INTO answer_votes (answer_id, user_id, value) VALUES (${a}, ${ivy}, 1)`);
    await castVote(database.db, { post: 'answer', id: a, userId: id.hal!, value: 1 });
    expect((await stored()).ivy).toBe(11);
    expect(await stored()).toEqual(await recount());
  });

  it('lets only the asker accept, an answer of that question; another answer moves the mark', async () => {
    const q = await insertQuestion(database.db, {
      title: 'Accept rules',
      text: 'Pick one.',
      tags: ['accept'],
      askedBy: id.alice!,
    });
    const first = (await insertAnswer(database.db, { questionId: q, text: 'First.', ansBy: id.bob! }))!.answerId;
    const second = (await insertAnswer(database.db, { questionId: q, text: 'Second.', ansBy: id.carol! }))!.answerId;
    const elsewhere = (await insertAnswer(database.db, {
      questionId: await insertQuestion(database.db, {
        title: 'Other',
        text: 'x',
        tags: ['accept'],
        askedBy: id.alice!,
      }),
      text: 'Elsewhere.',
      ansBy: id.bob!,
    }))!.answerId;
    expect(await acceptAnswer(database.db, { questionId: q, answerId: first, userId: id.bob! })).toEqual(
      fail('forbidden', MSG.onlyAskerAccepts),
    );
    expect(await acceptAnswer(database.db, { questionId: q, answerId: elsewhere, userId: id.alice! })).toEqual(
      fail('notFound', MSG.answerNotOfQuestion),
    );
    expect(await acceptAnswer(database.db, { questionId: 999_999, answerId: first, userId: id.alice! })).toEqual(
      fail('notFound', MSG.questionNotFound),
    );
    expect((await getQuestion(database.db, q))!.acceptedAnswer).toBeNull();
    await acceptAnswer(database.db, { questionId: q, answerId: first, userId: id.alice! });
    await acceptAnswer(database.db, { questionId: q, answerId: second, userId: id.alice! });
    expect((await getQuestion(database.db, q))!.acceptedAnswer).toBe(String(second));
    const list = await listQuestions(database.db, { tag: 'accept', limit: 10, offset: 0 });
    expect(list.questions.find((s) => s._id === String(q))).toMatchObject({
      acceptedAnswer: String(second),
      answerCount: 2,
    });
    expect(await stored()).toEqual(await recount());
  });

  it('stays equal to a recount under parallel votes and accepts', async () => {
    const q = await insertQuestion(database.db, {
      title: 'Busy question',
      text: 'Everyone votes.',
      tags: ['busy'],
      askedBy: id.hal!,
    });
    const answers = await Promise.all(
      ['alice', 'bob', 'carol'].map((u, i) =>
        insertAnswer(database.db, { questionId: q, text: `Answer ${i}`, ansBy: id[u]! }).then((a) => a!.answerId),
      ),
    );
    const voters = ['alice', 'bob', 'carol', 'dan', 'erin', 'fay', 'gus'];
    // Several posts by one author voted on at once: their votes meet only on the author's row.
    const byHal = await Promise.all(
      [1, 2, 3, 4].map((n) =>
        insertAnswer(database.db, { questionId: q, text: `Hal's answer ${n}`, ansBy: id.hal! }).then(
          (a) => a!.answerId,
        ),
      ),
    );
    await Promise.all([
      ...voters.flatMap((v, i) =>
        answers.map((a, j) =>
          castVote(database.db, { post: 'answer', id: a, userId: id[v]!, value: (i + j) % 3 === 0 ? -1 : 1 }),
        ),
      ),
      ...voters.map((v, i) =>
        castVote(database.db, { post: 'question', id: q, userId: id[v]!, value: i % 2 ? 1 : -1 }),
      ),
      ...answers.map((a) => acceptAnswer(database.db, { questionId: q, answerId: a, userId: id.hal! })),
      ...voters.map((v) => castVote(database.db, { post: 'answer', id: answers[0]!, userId: id[v]!, value: 1 })),
      ...voters.flatMap((v, i) =>
        byHal.map((a) => castVote(database.db, { post: 'answer', id: a, userId: id[v]!, value: i === 3 ? -1 : 1 })),
      ),
    ]);
    expect(await stored()).toEqual(await recount());
    const question = (await getQuestion(database.db, q))!;
    for (const a of question.answers) expect(a.score).toBe(a.upVotes.length - a.downVotes.length);
    expect(question.score).toBe(question.upVotes.length - question.downVotes.length);
  });
});

describe('edits and revisions', () => {
  it('keeps the old title, text and tags of every edit; another user’s edit is only suggested', async () => {
    const q = await insertQuestion(database.db, {
      title: 'Old title',
      text: 'Old text',
      tags: ['first', 'second'],
      askedBy: id.alice!,
    });
    expect(
      await editQuestion(database.db, { questionId: q, userId: id.bob!, title: 'Hijacked', text: 'x', tags: ['x'] }),
    ).toEqual({ ok: true, value: { changed: true, suggest: true, suggestion: expect.any(Number) } });
    expect(
      await editQuestion(database.db, { questionId: 999_999, userId: id.alice!, title: 'x', text: 'x', tags: ['x'] }),
    ).toEqual(fail('notFound', MSG.questionNotFound));
    expect(await listRevisions(database.db, 'question', q)).toEqual({ revisions: [], total: 0 });
    expect(
      await editQuestion(database.db, {
        questionId: q,
        userId: id.alice!,
        title: 'New title',
        text: 'New text',
        html: '<p>New text</p>',
        tags: ['second', 'third'],
      }),
    ).toEqual({ ok: true, value: { changed: true, suggest: false, suggestion: null } });
    const edited = (await getQuestion(database.db, q))!;
    expect(edited).toMatchObject({
      title: 'New title',
      text: 'New text',
      tags: [{ name: 'second' }, { name: 'third' }],
    });
    expect(edited.editedAt).not.toBeNull();
    expect((await listRevisions(database.db, 'question', q))!.revisions).toMatchObject([
      { editedBy: 'alice', title: 'Old title', text: 'Old text', tags: ['first', 'second'] },
    ]);
    const search = await listQuestions(database.db, { search: 'new title', limit: 10, offset: 0 });
    expect(search.questions.map((s) => s._id)).toContain(String(q));
    expect(
      (await listQuestions(database.db, { tag: 'first', limit: 10, offset: 0 })).questions.map((s) => s._id),
    ).not.toContain(String(q));
    expect(await listRevisions(database.db, 'question', 999_999)).toBeNull();
  });

  it('serialises concurrent edits: one revision each, the last one stands', async () => {
    const q = await insertQuestion(database.db, { title: 'Edit race', text: 'v0', tags: ['race'], askedBy: id.alice! });
    const a = (await insertAnswer(database.db, { questionId: q, text: 'a0', ansBy: id.bob! }))!.answerId;
    await Promise.all(
      [1, 2, 3, 4, 5].flatMap((n) => [
        editQuestion(database.db, {
          questionId: q,
          userId: id.alice!,
          title: 'Edit race',
          text: `v${n}`,
          tags: ['race'],
        }),
        editAnswer(database.db, { answerId: a, userId: id.bob!, text: `a${n}` }),
      ]),
    );
    const { revisions } = (await listRevisions(database.db, 'question', q))!;
    expect(revisions).toHaveLength(5);
    const now = (await getQuestion(database.db, q))!;
    // Each revision holds the text the next edit replaced, so the texts chain without gaps.
    expect(new Set([...revisions.map((r) => r.text), now.text])).toEqual(new Set(['v0', 'v1', 'v2', 'v3', 'v4', 'v5']));
    expect(revisions.at(-1)!.text).toBe('v0');
    const answerRevisions = (await listRevisions(database.db, 'answer', a))!.revisions;
    expect(answerRevisions).toHaveLength(5);
    expect(new Set([...answerRevisions.map((r) => r.text), now.answers[0]!.text])).toEqual(
      new Set(['a0', 'a1', 'a2', 'a3', 'a4', 'a5']),
    );
    expect(await editAnswer(database.db, { answerId: a, userId: id.alice!, text: 'not mine' })).toMatchObject({
      ok: true,
      value: { suggest: true, suggestion: expect.any(Number) },
    });
    expect((await listRevisions(database.db, 'answer', a))!.total).toBe(5);
  });
});

describe('deletions', () => {
  it('refuses a question with others’ answers (conflict) and drops a deleted one from lists, tags and reputation', async () => {
    const q = await insertQuestion(database.db, {
      title: 'Doomed question',
      text: 'Delete me.',
      tags: ['doomed'],
      askedBy: id.carol!,
    });
    const own = (await insertAnswer(database.db, { questionId: q, text: 'My own answer.', ansBy: id.carol! }))!
      .answerId;
    await castVote(database.db, { post: 'question', id: q, userId: id.dan!, value: 1 });
    const before = (await stored()).carol!;
    expect(await deleteQuestion(database.db, { questionId: q, userId: id.dan! })).toEqual(
      fail('forbidden', MSG.notYourPost),
    );
    const other = (await insertAnswer(database.db, { questionId: q, text: 'Someone else.', ansBy: id.dan! }))!.answerId;
    expect(await deleteQuestion(database.db, { questionId: q, userId: id.carol! })).toEqual(
      fail('conflict', MSG.questionHasAnswers),
    );
    expect(await deleteAnswer(database.db, { answerId: other, userId: id.carol! })).toEqual(
      fail('forbidden', MSG.notYourPost),
    );
    expect(await deleteAnswer(database.db, { answerId: other, userId: id.dan! })).toEqual({
      ok: true,
      value: { questionId: q },
    });
    expect((await getQuestion(database.db, q))!.answers.map((a) => a._id)).toEqual([String(own)]);
    expect((await listQuestions(database.db, { tag: 'doomed', limit: 5, offset: 0 })).questions[0]).toMatchObject({
      answerCount: 1,
    });
    expect(await deleteQuestion(database.db, { questionId: q, userId: id.carol! })).toEqual({
      ok: true,
      value: { recount: [id.carol] },
    });
    expect(await getQuestion(database.db, q)).toBeNull();
    expect((await listQuestions(database.db, { tag: 'doomed', limit: 5, offset: 0 })).total).toBe(0);
    expect(
      (await listTagsWithCount(database.db, { limit: 100, offset: 0 })).tags.find((t) => t.name === 'doomed'),
    ).toMatchObject({ qcnt: 0 });
    expect((await stored()).carol).toBe(before - 10);
    expect(await stored()).toEqual(await recount());
    expect(await deleteQuestion(database.db, { questionId: q, userId: id.carol! })).toEqual(
      fail('notFound', MSG.questionNotFound),
    );
  });

  it('takes an accepted answer’s reputation with it, and deletes comments by their author only', async () => {
    const q = await insertQuestion(database.db, {
      title: 'Accepted then deleted',
      text: 'x',
      tags: ['gone'],
      askedBy: id.fay!,
    });
    const a = (await insertAnswer(database.db, { questionId: q, text: 'Accepted.', ansBy: id.gus! }))!.answerId;
    await acceptAnswer(database.db, { questionId: q, answerId: a, userId: id.fay! });
    const comment = (await insertComment(database.db, {
      parent: 'answer',
      parentId: a,
      text: 'Nice',
      commentBy: id.hal!,
    }))!;
    expect(await deleteComment(database.db, { commentId: comment.commentId, userId: id.gus! })).toEqual(
      fail('forbidden', MSG.notYourPost),
    );
    expect(await deleteComment(database.db, { commentId: comment.commentId, userId: id.hal! })).toEqual({
      ok: true,
      value: { questionId: q, parent: 'answer', parentId: a },
    });
    expect((await getQuestion(database.db, q))!.answers[0]!.comments).toEqual([]);
    expect(await deleteComment(database.db, { commentId: comment.commentId, userId: id.hal! })).toEqual(
      fail('notFound', MSG.commentNotFound),
    );
    const withAccept = await stored();
    await deleteAnswer(database.db, { answerId: a, userId: id.gus! });
    expect(await stored()).toMatchObject({ gus: withAccept.gus! - 15, fay: withAccept.fay! - 2 });
    expect((await getQuestion(database.db, q))!.acceptedAnswer).toBeNull();
    expect(await stored()).toEqual(await recount());
  });
});

describe('profiles and the users list', () => {
  it('lists a user’s questions and answers, paged, with scores, and sorts users by reputation', async () => {
    const activity = (await getUserActivity(database.db, 'BOB', { limit: 2, questionOffset: 0, answerOffset: 0 }))!;
    expect(activity).toMatchObject({ username: 'bob', reputation: (await stored()).bob });
    const answersByBob = Number((await all(sql`SELECT count(*) AS n FROM answers WHERE ans_by = ${id.bob}`))[0]!.n);
    expect(activity.answers.total).toBe(answersByBob);
    expect(activity.answers.items).toHaveLength(2);
    const next = (await getUserActivity(database.db, 'bob', { limit: 2, questionOffset: 0, answerOffset: 2 }))!;
    expect(next.answers.items[0]!._id).not.toBe(activity.answers.items[0]!._id);
    expect(activity.answers.items[0]).toMatchObject({
      qid: expect.any(String),
      title: expect.any(String),
      score: expect.any(Number),
      accepted: expect.any(Boolean),
    });
    expect(await getUserActivity(database.db, 'nobody', { limit: 2, questionOffset: 0, answerOffset: 0 })).toBeNull();

    const byRep = await listUsers(database.db, { limit: 3, sort: 'reputation' });
    const reps = await stored();
    const expected = Object.entries(reps)
      .sort(([a, x], [b, y]) => y - x || a.localeCompare(b))
      .map(([name]) => name);
    expect(byRep.users.map((u) => u.username)).toEqual(expected.slice(0, 3));
    expect(byRep.users[0]!.reputation).toBe(reps[expected[0]!]);
    expect(
      (await listUsers(database.db, { limit: 3, sort: 'reputation', offset: 3 })).users.map((u) => u.username),
    ).toEqual(expected.slice(3, 6));
  });
});
