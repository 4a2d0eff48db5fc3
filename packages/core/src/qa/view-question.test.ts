import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser, insertAnswer, insertComment, insertQuestion, type Database } from '@fso/db';
import { createTestDatabase } from '@fso/db/testing';
import { questionPageQuery, type Question } from '@fso/shared';
import { callerOf, testPorts, type Recorded } from '../../test/ports.ts';
import type { Ports } from '../ports.ts';
import { viewQuestion, viewQuestionPage } from './questions.ts';

let database: Database;
let ports: Ports;
let recorded: Recorded;
const ids: Record<string, number> = {};
beforeAll(async () => {
  database = await createTestDatabase();
  ({ ports, recorded } = testPorts(database));
  ids.ann = Number((await createUser(database.db, { username: 'ann', passwordHash: null }))!._id);
  ids.ben = Number((await createUser(database.db, { username: 'ben', passwordHash: null }))!._id);
  const text = `A   *long*\n\nquestion ${'word '.repeat(60)}`;
  ids.q = await insertQuestion(database.db, {
    title: 'Viewing a question',
    text,
    html: '<p>stored</p>',
    tags: ['views'],
    askedBy: ids.ann,
  });
  // An answer stored before bodies had HTML: its page renders it from its Markdown.
  ids.a = (await insertAnswer(database.db, {
    questionId: ids.q,
    text: 'An *unrendered* answer',
    ansBy: ids.ben,
  }))!.answerId;
  ids.c = (await insertComment(database.db, {
    parent: 'answer',
    parentId: ids.a,
    text: 'A comment',
    html: '<p>A comment</p>',
    commentBy: ids.ann,
  }))!.commentId;
});
afterAll(() => database.close());

/** A signed-in reader opening the page's first page. */
const PAGE = { countView: true, query: questionPageQuery(new URLSearchParams()) };

const user = (name: 'ann' | 'ben') => callerOf({ userId: ids[name]!, username: name });

describe('a question page', () => {
  it('has every body as HTML, the description from the Markdown, and no Markdown in its posts', async () => {
    const outcome = await viewQuestionPage(ports, callerOf(null), { questionId: ids.q!, ...PAGE });
    if (!outcome.ok) throw new Error(outcome.message);
    const { question, html, description, reputations } = outcome.value;
    expect(html).toEqual({
      q: '<p>stored</p>',
      [`a${ids.a}`]: '<p>An <em>unrendered</em> answer</p>\n',
      [`c${ids.c}`]: '<p>A comment</p>',
    });
    expect(description).toBe(`A *long* question ${'word '.repeat(60)}`.slice(0, 160));
    expect(question).not.toHaveProperty('text');
    expect(question.answers[0]).not.toHaveProperty('text');
    expect(question.answers[0]!.comments[0]).toEqual({
      _id: String(ids.c),
      commentBy: 'ann',
      commentDateTime: expect.any(String),
      score: 0,
    });
    expect(reputations).toEqual({ ann: expect.any(Number), ben: expect.any(Number) });
    expect(recorded.events).toEqual([]);
  });

  it("counts a signed-in viewer's first visit and publishes the whole question, Markdown and all", async () => {
    const outcome = await viewQuestionPage(ports, user('ben'), { questionId: ids.q!, ...PAGE });
    if (!outcome.ok) throw new Error(outcome.message);
    expect(outcome.value.question).toMatchObject({ viewCount: 1, views: ['ben'] });
    expect(recorded.events.map((e) => e.event)).toEqual(['viewsUpdate', 'rowUpdate']);
    const [{ args }] = recorded.events as [{ event: string; args: [Question] }];
    expect(args[0]).toMatchObject({
      _id: String(ids.q),
      viewCount: 1,
      views: ['ben'],
      text: expect.stringContaining('*long*'),
    });
    expect(args[0].answers[0]).toMatchObject({ text: 'An *unrendered* answer', comments: [{ text: 'A comment' }] });
    expect(await viewQuestionPage(ports, user('ben'), { questionId: ids.q!, ...PAGE })).toMatchObject({
      ok: true,
      value: { question: { viewCount: 1 } },
    });
    expect(recorded.events).toHaveLength(2);
    // List pages get the row, not the question (issue 39 item 8).
    expect(recorded.events[1]!.args[0]).toMatchObject({ _id: String(ids.q), viewCount: 1, answerCount: 1 });
    expect(recorded.events[1]!.args[0]).not.toHaveProperty('text');
  });

  it('answers notFound for a question that does not exist', async () => {
    expect(await viewQuestionPage(ports, callerOf(null), { questionId: 999_999, ...PAGE })).toMatchObject({
      ok: false,
      kind: 'notFound',
    });
  });
});

describe('a question over REST', () => {
  it('is the whole question with its Markdown, keys in SPEC order, and counts a first view', async () => {
    recorded.events.length = 0;
    const outcome = await viewQuestion(ports, user('ann'), { questionId: ids.q!, countView: true });
    if (!outcome.ok) throw new Error(outcome.message);
    expect(Object.keys(outcome.value).slice(0, 4)).toEqual(['_id', 'title', 'text', 'tags']);
    expect(Object.keys(outcome.value.answers[0]!).slice(0, 3)).toEqual(['_id', 'text', 'ansBy']);
    expect(Object.keys(outcome.value.answers[0]!.comments[0]!)).toEqual([
      '_id',
      'text',
      'commentBy',
      'commentDateTime',
      'score',
    ]);
    expect(outcome.value).toMatchObject({
      viewCount: 2,
      views: ['ben', 'ann'],
      answers: [{ text: 'An *unrendered* answer', comments: [{ text: 'A comment' }] }],
    });
    expect(recorded.events.map((e) => e.event)).toEqual(['viewsUpdate', 'rowUpdate']);
  });
});
