import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { createUser, insertQuestion, searchStore, type Database } from '@fso/db';
import { createTestDatabase } from '@fso/db/testing';
import { silentLog, testPorts } from '../../test/ports.ts';
import type { Ports } from '../ports.ts';
import { createSemanticService, type SemanticService } from '@fso/search';
import { relatedQuestions } from './related.ts';

let database: Database;
let semantic: SemanticService;
let ports: Ports;
let ids: Record<string, number>;
beforeAll(async () => {
  database = await createTestDatabase();
  const askedBy = Number((await createUser(database.db, { username: 'asker', passwordHash: null }))!._id);
  const ask = (title: string, text: string) => insertQuestion(database.db, { title, text, tags: ['related'], askedBy });
  ids = {
    qubit: await ask(
      'How does measuring one qubit affect an entangled pair?',
      'When I measure a qubit that is entangled with another, what happens to the second one?',
    ),
    entangled: await ask(
      'What happens to entangled qubits after measurement?',
      'Does measuring one particle of an entangled quantum pair collapse the other?',
    ),
    bread: await ask(
      'Why does my sourdough bread not rise?',
      'My loaf stays flat after baking even though the starter bubbles.',
    ),
    pending: await ask('A question not embedded yet', 'Asked after the worker ran.'),
  };
  await database.db.execute(sql`DELETE FROM embedding_jobs WHERE question_id = ${ids.pending}`);
  semantic = createSemanticService(searchStore(database.db), { workerIntervalMs: null, log: silentLog });
  ports = testPorts(database, { semantic }).ports;
  await semantic.worker.drain();
}, 120_000);
afterAll(async () => {
  await semantic.close();
  await database.close();
});

describe('related questions', () => {
  it('lists the questions nearest in meaning from the stored embeddings, never the question itself', async () => {
    const related = await relatedQuestions(ports, { questionId: ids.qubit! });
    expect(related[0]).toMatchObject({
      _id: String(ids.entangled),
      title: 'What happens to entangled qubits after measurement?',
      score: 0,
      answerCount: 0,
    });
    expect(related.map((r) => r._id)).not.toContain(String(ids.qubit));
    expect(related.map((r) => r._id).indexOf(String(ids.entangled))).toBeLessThan(
      related.map((r) => r._id).indexOf(String(ids.bread)),
    );
  });

  it('shows none for a question without an embedding, and reads titles fresh while the neighbours are cached', async () => {
    expect(await relatedQuestions(ports, { questionId: ids.pending! })).toEqual([]);
    await relatedQuestions(ports, { questionId: ids.entangled! });
    await database.db.execute(sql`UPDATE questions SET title = 'Renamed qubit question' WHERE id = ${ids.qubit}`);
    await database.db.execute(sql`DELETE FROM questions WHERE id = ${ids.bread}`);
    const again = await relatedQuestions(ports, { questionId: ids.entangled! });
    expect(again[0]).toMatchObject({ _id: String(ids.qubit), title: 'Renamed qubit question' });
    expect(again.map((r) => r._id)).not.toContain(String(ids.bread));
  });
});
