import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser, insertAnswer, insertQuestion, type Database } from '@fso/db';
import { createTestDatabase } from '@fso/db/testing';
import { MSG, SEARCH_MSG, type QuestionSummary } from '@fso/shared';
import { testPorts } from '../../test/ports.ts';
import type { Ports } from '../ports.ts';
import type { Result } from '../result.ts';
import { questionListPage, questionOfAnswer, questionPage, recentlyActiveQuestions } from './reads.ts';

/** A list's value; a failure fails the test. */
function listed<T>(result: Result<T>): T {
  if (!result.ok) throw new Error(result.message);
  return result.value;
}
const titles = (page: { questions: { title: string }[] }) => page.questions.map((q) => q.title).sort();

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
    const all = listed(await questionPage(ports, { order: 'newest', limit: 10, offset: 0 }));
    expect(all.total).toBe(2);
    expect(all.questions.map((q) => (JSON.parse(q) as QuestionSummary).title)).toEqual([
      'Second question about lists',
      'First question about reads',
    ]);
    const tagged = listed(await questionPage(ports, { tag: 'reads', limit: 10, offset: 0 }));
    expect(tagged.questions.map((q) => (JSON.parse(q) as QuestionSummary)._id)).toEqual([String(ids.first)]);
  });

  it("gives /home's page an excerpt per search result, as text, and none without search words", async () => {
    const found = listed(await questionListPage(ports, { search: 'body', limit: 10, offset: 0 }));
    expect(found.questions.map((q) => q._id).sort()).toEqual([String(ids.first), String(ids.second)].sort());
    expect(found.excerpts).toEqual({ [String(ids.first)]: 'Body one', [String(ids.second)]: 'Body two' });
    expect(found.questions[0]).not.toHaveProperty('textStart');
    expect(listed(await questionListPage(ports, { order: 'newest', limit: 10, offset: 0 })).excerpts).toBeNull();
    expect(listed(await questionListPage(ports, { search: '[reads]', limit: 10, offset: 0 })).excerpts).toBeNull();
    expect(listed(await questionListPage(ports, { search: 'nowhere', limit: 10, offset: 0 }))).toMatchObject({
      questions: [],
      excerpts: null,
    });
  });

  it('filters by the search operators, alone, with words or tags, in SQL', async () => {
    const search = async (text: string, order?: 'newest' | 'active') =>
      titles(listed(await questionListPage(ports, { search: text, order, limit: 10, offset: 0 })));
    const both = ['First question about reads', 'Second question about lists'];
    expect(await search('user:ASKER')).toEqual(both);
    expect(await search('user:nobody-here')).toEqual([]);
    expect(await search('answers:1')).toEqual(['First question about reads']);
    expect(await search('body answers:1')).toEqual(['First question about reads']);
    expect(await search('body answers:1', 'active')).toEqual(['First question about reads']);
    expect(await search('[lists] answers:1')).toEqual([]);
    expect(await search('score:0 isaccepted:no closed:no is:question')).toEqual(both);
    expect(await search('score:1')).toEqual([]);
    expect(await search('closed:yes')).toEqual([]);
    expect(await search('isaccepted:yes body')).toEqual([]);
    // Operators are not words: no excerpt marks "answers".
    expect(listed(await questionListPage(ports, { search: 'answers:1', limit: 10, offset: 0 })).excerpts).toBeNull();
  });

  it('lists answers with is:answer on the screen, each with its excerpt; the REST list refuses it', async () => {
    const found = listed(await questionListPage(ports, { search: 'answer is:answer', limit: 10, offset: 0 }));
    expect(found).toMatchObject({ questions: [], total: 1, excerpts: null });
    expect(found.answers).toEqual([
      expect.objectContaining({ _id: String(ids.answer), title: 'First question about reads', excerpt: 'An answer' }),
    ]);
    expect(
      listed(await questionListPage(ports, { search: 'is:answer [lists]', limit: 10, offset: 0 })).answers,
    ).toEqual([]);
    expect(listed(await questionListPage(ports, { search: 'body', limit: 10, offset: 0 })).answers).toBeNull();
    expect(await questionPage(ports, { search: 'is:answer', limit: 10, offset: 0 })).toEqual({
      ok: false,
      kind: 'invalid',
      message: SEARCH_MSG.answersOnTheSite,
    });
  });

  it('refuses an operator value it cannot use, in both list shapes', async () => {
    const refusal = { ok: false, kind: 'invalid', message: SEARCH_MSG.badNumber('score') };
    expect(await questionListPage(ports, { search: 'score:high', limit: 10, offset: 0 })).toEqual(refusal);
    expect(await questionPage(ports, { search: 'body score:high', limit: 10, offset: 0 })).toEqual(refusal);
  });

  it('lists the recently active questions for the sitemap, at most `limit`', async () => {
    const recent = await recentlyActiveQuestions(ports, 1);
    expect(recent).toHaveLength(1);
    expect(typeof recent[0]?.lastActivity).toBe('string');
  });

  it("finds an answer's question, or answers notFound", async () => {
    expect(await questionOfAnswer(ports, { answerId: ids.answer! })).toEqual({ ok: true, value: ids.first });
    expect(await questionOfAnswer(ports, { answerId: 999_999 })).toEqual({
      ok: false,
      kind: 'notFound',
      message: MSG.answerNotFound,
    });
  });
});
