/**
 * Issue 39 item 5: past QUESTION_LIMITS.answers answers, writing an answer, editing it and
 * commenting on it answer with the written row and publish it, as for any other question.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { createUser, insertQuestion, QUESTION_LIMITS, type Database } from '@fso/db';
import { createTestDatabase } from '@fso/db/testing';
import { callerOf, testPorts, type Recorded } from '../../test/ports.ts';
import type { Ports } from '../ports.ts';
import { editAnswer } from './edits.ts';
import { addComment, answerQuestion } from './questions.ts';

let database: Database;
let ports: Ports;
let recorded: Recorded;
let qid: number;
let ann: { userId: number; username: string };
beforeAll(async () => {
  database = await createTestDatabase();
  ({ ports, recorded } = testPorts(database, { limits: false }));
  ann = {
    userId: Number((await createUser(database.db, { username: 'ann', passwordHash: null }))!._id),
    username: 'ann',
  };
  qid = await insertQuestion(database.db, { title: 'Many answers', text: 'Body', tags: ['many'], askedBy: ann.userId });
  await database.db.execute(
    sql`INSERT INTO answers (question_id, text, ans_by) SELECT ${qid}, 'Answer ' || n, ${ann.userId} FROM generate_series(1, ${QUESTION_LIMITS.answers}) n`,
  );
  await database.db.execute(sql`UPDATE questions SET answer_count = ${QUESTION_LIMITS.answers} WHERE id = ${qid}`);
});
afterAll(() => database.close());

describe(`a question with ${QUESTION_LIMITS.answers} answers already`, () => {
  it('answers a new answer, its edit and a comment on it with the written row, and publishes them', async () => {
    const added = await answerQuestion(ports, callerOf(ann), { qid: qid, text: 'One more answer' });
    if (!added.ok) throw new Error(added.message);
    expect(added.value).toMatchObject({ text: 'One more answer', ansBy: 'ann', comments: [], score: 0 });
    const aid = added.value._id;
    expect(recorded.events.find((e) => e.event === 'answerUpdate')?.args[0]).toMatchObject({
      qid: String(qid),
      answer: { _id: aid },
    });

    const edited = await editAnswer(ports, callerOf(ann), { answerId: Number(aid), text: 'One more answer, edited' });
    if (!edited.ok) throw new Error(edited.message);
    expect(edited.value).toMatchObject({ _id: aid, text: 'One more answer, edited', editedAt: expect.any(String) });

    recorded.events.length = 0;
    const commented = await addComment(ports, callerOf(ann), { type: 'answer', id: Number(aid), text: 'A comment' });
    if (!commented.ok) throw new Error(commented.message);
    expect(commented.value).toMatchObject({ _id: aid, comments: [{ text: 'A comment', commentBy: 'ann' }] });
    expect(recorded.events.find((e) => e.event === 'commentUpdate')?.args[0]).toMatchObject({
      type: 'answer',
      result: { _id: aid, qid: String(qid), comments: [{ text: 'A comment' }] },
    });
  });
});
