/**
 * Issue 39 item 3, the page: a question with many answers of the largest size a post may have
 * is read 30 answers a page (the accepted first, then by score), with each post's first comments
 * and its bodies within PAGE_BODIES_MAX_BYTES, the others linked; an answer's link opens the page
 * it is on; REST's question and live events' are cut to QUESTION_REPLY_MAX_BYTES.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { createUser, insertQuestion, type Database } from '@fso/db';
import { createTestDatabase } from '@fso/db/testing';
import {
  ANSWERS_PER_PAGE,
  BODY_MAX,
  COMMENTS_SHOWN,
  PAGE_BODIES_MAX_BYTES,
  POST_HTML_MAX_BYTES,
  QUESTION_REPLY_MAX_BYTES,
  questionPageQuery,
} from '@fso/shared';
import { callerOf, testPorts, type Recorded } from '../../test/ports.ts';
import type { Ports } from '../ports.ts';
import { answerQuestion, viewQuestion, viewQuestionPage } from './questions.ts';

const ANSWERS = 70;
/** A body's HTML at the largest size a post may store, and a Markdown text at the longest a post may have (with quotes JSON escapes). */
const BIG_HTML = `<p>${'x'.repeat(POST_HTML_MAX_BYTES - 8)}</p>`;
const BIG_TEXT = '"'.repeat(BODY_MAX);

let database: Database;
let ports: Ports;
let recorded: Recorded;
let qid: number;
let ann: { userId: number; username: string };
const answerIds: number[] = [];
beforeAll(async () => {
  database = await createTestDatabase();
  ({ ports, recorded } = testPorts(database, { limits: false }));
  ann = {
    userId: Number((await createUser(database.db, { username: 'ann', passwordHash: null }))!._id),
    username: 'ann',
  };
  qid = await insertQuestion(database.db, {
    title: 'Many big answers',
    text: 'Body',
    tags: ['big'],
    askedBy: ann.userId,
  });
  // Answer n has score n % 7 and is n seconds old, each with 8 comments.
  const inserted = await database.db.execute<{ id: number }>(
    sql`INSERT INTO answers (question_id, text, html, ans_by, score, ans_date_time)
        SELECT ${qid}, ${BIG_TEXT}, ${BIG_HTML}, ${ann.userId}, n % 7, now() - n * interval '1 second'
        FROM generate_series(1, ${ANSWERS}) n ORDER BY n RETURNING id`,
  );
  answerIds.push(...inserted.rows.map((r) => Number(r.id)));
  await database.db.execute(
    sql`INSERT INTO comments (answer_id, text, html, comment_by) SELECT a.id, 'c', '<p>c</p>', ${ann.userId} FROM answers a, generate_series(1, 8) WHERE a.question_id = ${qid}`,
  );
  await database.db.execute(
    sql`UPDATE questions SET answer_count = ${ANSWERS}, accepted_answer_id = ${answerIds[69]!} WHERE id = ${qid}`,
  );
});
afterAll(() => database.close());

const open = (search: string) =>
  viewQuestionPage(ports, callerOf(null), {
    questionId: qid,
    countView: false,
    query: questionPageQuery(new URLSearchParams(search)),
  });

const bytes = (html: Record<string, string>) => Object.values(html).reduce((n, h) => n + Buffer.byteLength(h), 0);

describe(`a question with ${ANSWERS} answers of the largest size`, () => {
  it('reads 30 a page, the accepted first, then by score; bodies within the budget, the others withheld', async () => {
    const first = await open('');
    if (!first.ok) throw new Error(first.message);
    const { question, html, withheld, answerCount, pages, page } = first.value;
    expect({ answerCount, pages, page }).toEqual({ answerCount: ANSWERS, pages: 3, page: 1 });
    expect(question.answers).toHaveLength(ANSWERS_PER_PAGE);
    expect(question.answers[0]!._id).toBe(String(answerIds[69]));
    const scores = question.answers.slice(1).map((a) => a.score);
    expect(scores).toEqual([...scores].sort((a, b) => b - a));
    expect(question.answers.every((a) => a.comments.length === COMMENTS_SHOWN)).toBe(true);
    expect(first.value.commentCounts[`a${question.answers[0]!._id}`]).toBe(8);
    expect(bytes(html)).toBeLessThanOrEqual(PAGE_BODIES_MAX_BYTES);
    expect(withheld.length).toBeGreaterThan(0);
    const last = await open('page=3');
    if (!last.ok) throw new Error(last.message);
    expect(last.value.question.answers).toHaveLength(ANSWERS - 2 * ANSWERS_PER_PAGE);
  });

  it('shows a withheld body first when asked, and all of one post’s comments', async () => {
    const first = await open('');
    if (!first.ok) throw new Error(first.message);
    const key = first.value.withheld.find((k) => k.startsWith('a'))!;
    const shown = await open(`show=${key}&comments=${key}`);
    if (!shown.ok) throw new Error(shown.message);
    expect(shown.value.html[key]).toBe(BIG_HTML);
    expect(shown.value.question.answers.find((a) => `a${a._id}` === key)!.comments).toHaveLength(8);
  });

  it('opens the page an answer is on, in the chosen order', async () => {
    const oldest = answerIds[ANSWERS - 2]!; // the second oldest; the oldest is accepted
    const byScore = await open(`answer=${oldest}`);
    const byAge = await open(`sort=oldest&answer=${oldest}`);
    if (!byScore.ok || !byAge.ok) throw new Error('not found');
    expect(byAge.value.page).toBe(1);
    expect(byAge.value.question.answers[1]!._id).toBe(String(oldest));
    expect(byScore.value.question.answers.some((a) => a._id === String(oldest))).toBe(true);
  });

  it('a new answer lands on the last page in the score order, and over REST the question stays within its cap', async () => {
    recorded.events.length = 0;
    const added = await answerQuestion(ports, callerOf(ann), { qid, text: 'A new answer' });
    if (!added.ok) throw new Error(added.message);
    // Item 8: list pages get the row, not the question.
    const row = recorded.events.find((e) => e.event === 'rowUpdate')!.args[0];
    expect(row).toEqual({
      _id: String(qid),
      title: 'Many big answers',
      tags: [expect.objectContaining({ name: 'big' })],
      askDateTime: expect.any(String),
      answerCount: ANSWERS + 1,
      acceptedAnswer: String(answerIds[69]),
      score: 0,
      viewCount: 0,
    });
    expect(Buffer.byteLength(JSON.stringify(row))).toBeLessThan(500);
    const landed = await open(`answer=${added.value._id}`);
    if (!landed.ok) throw new Error(landed.message);
    expect(landed.value.page).toBe(3);
    expect(landed.value.question.answers.at(-1)!._id).toBe(added.value._id);

    const rest = await viewQuestion(ports, callerOf(ann), { questionId: qid, countView: true });
    if (!rest.ok) throw new Error(rest.message);
    expect(Buffer.byteLength(JSON.stringify(rest.value))).toBeLessThanOrEqual(QUESTION_REPLY_MAX_BYTES);
    expect(rest.value.answers.length).toBeGreaterThan(0);
    expect(rest.value).toMatchObject({ answerCount: ANSWERS + 1 });
    for (const { args } of recorded.events)
      expect(Buffer.byteLength(JSON.stringify(args))).toBeLessThanOrEqual(QUESTION_REPLY_MAX_BYTES + 100);
  });
});
