import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser, insertAnswer, insertQuestion, type Database } from '@fso/db';
import { createTestDatabase } from '@fso/db/testing';
import { MSG, type QuestionSummary } from '@fso/shared';
import { testPorts } from '../../test/ports.ts';
import type { Ports } from '../ports.ts';
import { questionListPage, questionOfAnswer, questionPage, recentlyActiveQuestions } from './reads.ts';

let database: Database;
let ports: Ports;
const ids: Record<string, number> = {};
beforeAll(async () => {
  database = await createTestDatabase();
  ports = testPorts(database).ports;
  const askedBy = Number((await createUser(database.db, { username: 'asker', passwordHash: null }))!._id);
  ids.first = await insertQuestion(database.db, {
    title: 'First question about reads',
    text: 'Body one',
    tags: ['reads'],
    askedBy,
  });
  ids.second = await insertQuestion(database.db, {
    title: 'Second question about lists',
    text: 'Body two',
    tags: ['lists'],
    askedBy,
  });
  ids.answer = (await insertAnswer(database.db, {
    questionId: ids.first,
    text: 'An answer',
    ansBy: askedBy,
  }))!.answerId;
});
afterAll(() => database.close());

describe('question reads', () => {
  it('lists a page of questions, filtered by tag, with the total', async () => {
    const all = await questionPage(ports, { order: 'newest', limit: 10, offset: 0 });
    expect(all.total).toBe(2);
    expect(all.questions.map((q) => (JSON.parse(q) as QuestionSummary).title)).toEqual([
      'Second question about lists',
      'First question about reads',
    ]);
    const tagged = await questionPage(ports, { tag: 'reads', limit: 10, offset: 0 });
    expect(tagged.questions.map((q) => (JSON.parse(q) as QuestionSummary)._id)).toEqual([String(ids.first)]);
  });

  it("gives /home's page an excerpt per search result, as text, and none without search words", async () => {
    const found = await questionListPage(ports, { search: 'body', limit: 10, offset: 0 });
    expect(found.questions.map((q) => q._id).sort()).toEqual([String(ids.first), String(ids.second)].sort());
    expect(found.excerpts).toEqual({ [String(ids.first)]: 'Body one', [String(ids.second)]: 'Body two' });
    expect(found.questions[0]).not.toHaveProperty('textStart');
    expect((await questionListPage(ports, { order: 'newest', limit: 10, offset: 0 })).excerpts).toBeNull();
    expect((await questionListPage(ports, { search: '[reads]', limit: 10, offset: 0 })).excerpts).toBeNull();
    expect(await questionListPage(ports, { search: 'nowhere', limit: 10, offset: 0 })).toMatchObject({
      questions: [],
      excerpts: null,
    });
  });

  it('lists the recently active questions for the sitemap, at most `limit`', async () => {
    const recent = await recentlyActiveQuestions(ports, 1);
    expect(recent).toHaveLength(1);
    expect(typeof recent[0]?.lastActivity).toBe('string');
  });

  it("finds an answer's question, or answers notFound", async () => {
    expect(await questionOfAnswer(ports, ids.answer!)).toEqual({ ok: true, value: ids.first });
    expect(await questionOfAnswer(ports, 999_999)).toEqual({
      ok: false,
      kind: 'notFound',
      message: MSG.answerNotFound,
    });
  });
});
