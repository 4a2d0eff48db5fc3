import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser, insertAnswer, insertQuestion, type Database } from '@fso/db';
import { createTestDatabase } from '@fso/db/testing';
import { testPorts, type Recorded } from '../../test/ports.ts';
import type { Ports } from '../ports.ts';
import { questionToAnswer } from './answer-context.ts';

let database: Database;
let ports: Ports;
let recorded: Recorded;
let qid: number;
beforeAll(async () => {
  database = await createTestDatabase();
  ({ ports, recorded } = testPorts(database));
  const ann = Number((await createUser(database.db, { username: 'ann', passwordHash: null }))!._id);
  // Stored before bodies had HTML: rendered from its Markdown.
  qid = await insertQuestion(database.db, {
    title: 'To answer',
    text: 'Is *this* shown?',
    tags: ['ctx'],
    askedBy: ann,
  });
  await insertAnswer(database.db, { questionId: qid, text: 'An answer', ansBy: ann });
});
afterAll(() => database.close());

describe('the question an answer form shows', () => {
  it('is its title, tags, asker and body as HTML, without answers, and counts no view', async () => {
    const outcome = await questionToAnswer(ports, { questionId: qid });
    if (!outcome.ok) throw new Error(outcome.message);
    expect(outcome.value.question).toEqual({
      _id: String(qid),
      title: 'To answer',
      tags: [expect.objectContaining({ name: 'ctx' })],
      askedBy: 'ann',
      askDateTime: expect.any(String),
    });
    expect(outcome.value.html).toContain('<em>this</em>');
    expect(recorded.events).toEqual([]);
  });

  it('answers notFound for a question that does not exist', async () => {
    expect(await questionToAnswer(ports, { questionId: 999_999 })).toMatchObject({ ok: false, kind: 'notFound' });
  });
});
