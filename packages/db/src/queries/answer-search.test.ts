/**
 * `is:answer`'s reads (issue 42): answers found by their words, ranked, with their question's
 * title and accepted mark; the operators test the answer (author, score, accepted) or its
 * question (tag, closed); hidden answers and answers of hidden questions are never listed.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { acceptAnswer, castVote } from '../../test/core-rules.ts';
import { createTestDatabase, newUserId } from '../../test/testing.ts';
import type { Database } from '../client.ts';
import { listAnswerSearchItems } from './answer-search.ts';
import { insertAnswer, insertQuestion } from './question-write.ts';

let database: Database;
let ada: number;
let bob: number;
let qubits: number;
let gates: number;
const answer = async (questionId: number, ansBy: number, text: string) =>
  (await insertAnswer(database.db, { questionId, ansBy, text }))!.answerId;

beforeAll(async () => {
  database = await createTestDatabase();
  const user = (username: string) => newUserId(database, username);
  ada = await user('ada');
  bob = await user('bob');
  qubits = await insertQuestion(database.db, { title: 'About qubits', text: 'Q', tags: ['qubit'], askedBy: ada });
  gates = await insertQuestion(database.db, { title: 'About gates', text: 'G', tags: ['gate'], askedBy: ada });
});
afterAll(() => database.close());

const search = (text: string, filters = {}) =>
  listAnswerSearchItems(database.db, { search: text, filters, limit: 20, offset: 0 });
const ids = async (text: string, filters = {}) => (await search(text, filters)).answers.map((a) => Number(a._id));

describe('is:answer', () => {
  let entangled: number;
  let superposed: number;
  let gateAnswer: number;
  beforeAll(async () => {
    entangled = await answer(qubits, bob, 'Entangled qubits share one state; entangled pairs, entangled twice.');
    superposed = await answer(qubits, ada, 'A qubit in superposition is entangled with nothing.');
    gateAnswer = await answer(gates, bob, 'A Hadamard gate makes a superposition.');
  });

  it('finds answers by their words, the better match first, with their question', async () => {
    const page = await search('entangled');
    expect(page.answers.map((a) => Number(a._id))).toEqual([entangled, superposed]);
    expect(page.answers[0]).toMatchObject({ questionId: String(qubits), title: 'About qubits', ansBy: 'bob' });
    expect(page.answers[0]?.textStart).toContain('Entangled qubits');
    expect(page).toMatchObject({ total: 2, totalCapped: false });
    expect(await ids('superposition')).toEqual(expect.arrayContaining([superposed, gateAnswer]));
  });

  it('lists the newest answers without words, and tests each operator', async () => {
    expect(await ids('')).toEqual([gateAnswer, superposed, entangled]);
    expect(await ids('', { user: 'ADA' })).toEqual([superposed]);
    expect(await ids('', { user: 'nobody' })).toEqual([]);
    expect(await ids('[gate]')).toEqual([gateAnswer]);
    expect(await ids('[no-such-tag] superposition')).toEqual([]);
    await castVote(database.db, { post: 'answer', id: gateAnswer, userId: ada, value: 1 });
    expect(await ids('', { score: 1 })).toEqual([gateAnswer]);
    await acceptAnswer(database.db, { questionId: qubits, answerId: superposed, userId: ada });
    expect(await ids('', { accepted: true })).toEqual([superposed]);
    expect(await ids('entangled', { accepted: false })).toEqual([entangled]);
    expect((await search('entangled', { accepted: true })).answers[0]?.accepted).toBe(true);
    await database.db.execute(sql`UPDATE questions SET closed_at = now() WHERE id = ${gates}`);
    expect(await ids('', { closed: true })).toEqual([gateAnswer]);
    expect(await ids('superposition', { closed: false })).toEqual([superposed]);
  });

  it('never lists a hidden answer or an answer of a hidden question', async () => {
    await database.db.execute(sql`UPDATE answers SET hidden = 'flagged' WHERE id = ${entangled}`);
    await database.db.execute(sql`UPDATE questions SET hidden = 'flagged' WHERE id = ${gates}`);
    expect(await ids('')).toEqual([superposed]);
    await database.db.execute(sql`UPDATE answers SET hidden = NULL WHERE id = ${entangled}`);
    await database.db.execute(sql`UPDATE questions SET hidden = NULL WHERE id = ${gates}`);
  });

  it('counts past a page and pages on', async () => {
    const first = await listAnswerSearchItems(database.db, { search: '', filters: {}, limit: 2, offset: 0 });
    const second = await listAnswerSearchItems(database.db, { search: '', filters: {}, limit: 2, offset: 2 });
    const beyond = await listAnswerSearchItems(database.db, { search: '', filters: {}, limit: 2, offset: 10 });
    expect(first.answers).toHaveLength(2);
    expect(second.answers).toHaveLength(1);
    expect([first.total, second.total, beyond.total]).toEqual([3, 3, 3]);
    expect(beyond.answers).toEqual([]);
  });
});
