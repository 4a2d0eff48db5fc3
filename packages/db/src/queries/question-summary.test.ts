/** The REST list's summaries, whose JSON PostgreSQL writes (decision record 0056): the text `JSON.stringify` writes of the same question. */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../test/testing.ts';
import type { Database } from '../client.ts';
import { getQuestion, iso } from './question-read.ts';
import { listQuestionsJson } from './question-list.ts';
import { insertAnswer, insertComment, insertQuestion, recordView } from './question-write.ts';
import { rows, type Row } from './sql-rows.ts';
import { createUser } from './users.ts';
import { acceptAnswer, castVote, editQuestion } from '../../test/core-rules.ts';

let database: Database;
let asked: number;
beforeAll(async () => {
  database = await createTestDatabase();
  const [ada, bob, cy] = await Promise.all(
    ['ada', 'bob', 'cy'].map(async (username) =>
      Number((await createUser(database.db, { username, passwordHash: null }))!._id),
    ),
  );
  asked = await insertQuestion(database.db, { title: 'Plain', text: 'Plain text', tags: ['zeta'], askedBy: ada! });
  // Characters JSON escapes (quote, backslash, controls), ones it does not (U+2028, astral), and an excerpt cut among multi-byte ones.
  const title = 'A "quoted" \\ title\twith\ncontrols \u0001\u001f, \u2028 and 😀';
  await editQuestion(database.db, {
    questionId: asked,
    userId: ada!,
    title,
    text: `${'é'.repeat(299)}😀 and more`,
    tags: ['zeta', 'Alpha', 'mid'],
  });
  const { answerId } = (await insertAnswer(database.db, { questionId: asked, text: 'An answer', ansBy: bob! }))!;
  await insertAnswer(database.db, { questionId: asked, text: 'Another', ansBy: cy! });
  await acceptAnswer(database.db, { questionId: asked, answerId, userId: ada! });
  await insertComment(database.db, { parent: 'question', parentId: asked, text: 'A comment', commentBy: bob! });
  await insertComment(database.db, { parent: 'question', parentId: asked, text: 'Another', commentBy: cy! });
  await castVote(database.db, { post: 'question', id: asked, userId: bob!, value: 1 });
  await castVote(database.db, { post: 'question', id: asked, userId: cy!, value: -1 });
  await recordView(database.db, asked, bob!);
});
afterAll(() => database.close());

describe('the REST summary', () => {
  it('is the JSON text Node writes of the question as SPEC §3 summarises it, byte for byte', async () => {
    const q = (await getQuestion(database.db, asked))!;
    const [{ last_activity: lastActivity }] = (await rows(
      database.db,
      sql`SELECT last_activity FROM questions WHERE id = ${asked}`,
    )) as [Row];
    expect(q).toMatchObject({
      upVotes: ['bob'],
      downVotes: ['cy'],
      views: ['bob'],
      acceptedAnswer: expect.any(String),
      editedAt: expect.any(String),
    });
    const summary = {
      _id: q._id,
      title: q.title,
      text: [...q.text].slice(0, 300).join(''),
      tags: q.tags,
      askedBy: q.askedBy,
      askDateTime: q.askDateTime,
      lastActivity: iso(lastActivity),
      answers: q.answers.map((a) => a._id),
      comments: q.comments.map((c) => c._id),
      upVotes: q.upVotes,
      downVotes: q.downVotes,
      views: q.views,
      answerCount: 2,
      viewCount: q.viewCount,
      score: q.score,
      acceptedAnswer: q.acceptedAnswer,
      editedAt: q.editedAt,
    };
    const page = await listQuestionsJson(database.db, { order: 'newest', limit: 1, offset: 0 });
    expect(page.questions).toEqual([JSON.stringify(summary)]);
  });
});
