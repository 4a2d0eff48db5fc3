/**
 * The lists a list row shows (tags, answer and comment ids), kept in `question_lists` by
 * migration 0025's triggers (decision record 0073): after every kind of write, the REST summary
 * and the /home item show what the question page reads live from the posts themselves.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deleteAnswer, deleteComment, deleteQuestion, editQuestion } from '../../test/core-rules.ts';
import { createTestDatabase, newUserId } from '../../test/testing.ts';
import type { Database } from '../client.ts';
import { getQuestion, QUESTION_LIMITS } from './question-read.ts';
import { listQuestionItems, listQuestions } from './question-list.ts';
import { insertAnswer, insertComment, insertQuestion } from './question-write.ts';
import { rows } from './sql-rows.ts';

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

/** Ids in the summary's order (SPEC §3: by id; the page shows posts by date). */
const byId = (ids: string[]) => [...ids].sort((a, b) => Number(a) - Number(b));

/** The question's lists as its own page reads them, and as the REST summary and the /home item show them. */
async function listsOf(id: number) {
  const q = (await getQuestion(database.db, id))!;
  const summary = (
    await listQuestions(database.db, { search: `[${q.tags[0]?.name}]`, limit: 100, offset: 0 })
  ).questions.find((s) => s._id === String(id));
  const item = (
    await listQuestionItems(database.db, { search: `[${q.tags[0]?.name}]`, limit: 100, offset: 0 })
  ).questions.find((s) => s._id === String(id));
  return {
    page: { tags: q.tags, answers: byId(q.answers.map((a) => a._id)), comments: byId(q.comments.map((c) => c._id)) },
    summary: { tags: summary?.tags, answers: summary?.answers, comments: summary?.comments },
    item: item?.tags,
    itemFromPage: q.tags.map((t) => ({ _id: t._id, name: t.name })),
  };
}

async function expectKept(id: number) {
  const { page, summary, item, itemFromPage } = await listsOf(id);
  expect(summary).toEqual(page);
  expect(item).toEqual(itemFromPage);
  return page;
}

describe('a question’s kept lists', () => {
  it('follow its tags, answers and comments as they are written, edited and deleted', async () => {
    const id = await insertQuestion(database.db, {
      title: 'Kept lists',
      text: 'Body',
      tags: ['kept', 'Beta'],
      askedBy: ada,
    });
    expect((await expectKept(id)).tags.map((t) => t.name)).toEqual(['kept', 'Beta']);

    const first = (await insertAnswer(database.db, { questionId: id, text: 'One', ansBy: bob }))!.answerId;
    const second = (await insertAnswer(database.db, { questionId: id, text: 'Two', ansBy: ada }))!.answerId;
    const onQuestion = (await insertComment(database.db, {
      parent: 'question',
      parentId: id,
      text: 'On the question',
      commentBy: bob,
    }))!.commentId;
    await insertComment(database.db, { parent: 'answer', parentId: first, text: 'On an answer', commentBy: ada });
    expect(await expectKept(id)).toMatchObject({
      answers: [String(first), String(second)],
      comments: [String(onQuestion)],
    });

    await editQuestion(database.db, {
      questionId: id,
      userId: ada,
      title: 'Kept lists',
      text: 'Body',
      tags: ['beta', 'gamma', 'kept'],
    });
    expect((await expectKept(id)).tags.map((t) => t.name)).toEqual(['Beta', 'gamma', 'kept']);

    await database.db.execute(sql`UPDATE tags SET description = 'Described again' WHERE name = 'gamma'`);
    expect((await expectKept(id)).tags.find((t) => t.name === 'gamma')?.description).toBe('Described again');

    expect((await deleteAnswer(database.db, { answerId: second, userId: ada })).ok).toBe(true);
    expect((await deleteComment(database.db, { commentId: onQuestion, userId: bob })).ok).toBe(true);
    expect(await expectKept(id)).toMatchObject({ answers: [String(first)], comments: [] });
  });

  it('keep every answer and comment written or deleted at once by concurrent writers', async () => {
    const id = await insertQuestion(database.db, { title: 'Busy', text: 'Body', tags: ['busy'], askedBy: ada });
    const written = await Promise.all(
      Array.from({ length: 12 }, (_, i) =>
        i % 2
          ? insertAnswer(database.db, { questionId: id, text: `Answer ${i}`, ansBy: bob })
          : insertComment(database.db, { parent: 'question', parentId: id, text: `Comment ${i}`, commentBy: bob }),
      ),
    );
    const kept = await expectKept(id);
    expect(kept.answers.length + kept.comments.length).toBe(written.length);
    // Deleting a comment locks no question row in the app: the refresh's own lock orders them.
    await Promise.all(kept.comments.map((c) => deleteComment(database.db, { commentId: Number(c), userId: bob })));
    expect((await expectKept(id)).comments).toEqual([]);
  });

  it('are bounded as the question page bounds them', async () => {
    const id = await insertQuestion(database.db, { title: 'Many answers', text: 'Body', tags: ['many'], askedBy: ada });
    await database.db.execute(
      sql`INSERT INTO answers (question_id, text, ans_by) SELECT ${id}, 'Answer ' || n, ${bob} FROM generate_series(1, ${QUESTION_LIMITS.answers + 1}) n`,
    );
    const { page, summary } = await listsOf(id);
    expect(summary.answers).toHaveLength(QUESTION_LIMITS.answers);
    expect(summary.answers).toEqual(page.answers);
  });

  it('go with a deleted question', async () => {
    const id = await insertQuestion(database.db, { title: 'Gone soon', text: 'Body', tags: ['gone'], askedBy: ada });
    await insertAnswer(database.db, { questionId: id, text: 'Own answer', ansBy: ada });
    expect((await deleteQuestion(database.db, { questionId: id, userId: ada })).ok).toBe(true);
    expect(await rows(database.db, sql`SELECT 1 FROM question_lists WHERE question_id = ${id}`)).toEqual([]);
  });
});
