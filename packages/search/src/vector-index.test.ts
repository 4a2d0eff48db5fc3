import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser, findUser, insertQuestion, rows, searchStore, type Database } from '@fso/db';
import { createTestDatabase } from '@fso/db/testing';
import { dot, normalize } from './embedder.ts';
import { openVectorIndex } from './vector-index.ts';

const MODEL = 'test-32';
const DIMS = 32;
const QUESTIONS = 80;

function unitVector(seed: number): Float32Array {
  let s = seed;
  const random = () => (s = (s * 1103515245 + 12345) % 2147483648) / 2147483648 - 0.5;
  return normalize(Float32Array.from({ length: DIMS }, random));
}

let database: Database;
const ids: number[] = [];
const save = (id: number, vector: Float32Array) =>
  rows(
    database.db,
    `INSERT INTO question_embeddings (question_id, model, embedding, updated_at) VALUES (${id}, '${MODEL}', '{${[...vector].join(',')}}', clock_timestamp())
     ON CONFLICT (question_id) DO UPDATE SET embedding = excluded.embedding, updated_at = excluded.updated_at`,
  );

beforeAll(async () => {
  database = await createTestDatabase();
  await createUser(database.db, { username: 'asker', passwordHash: null });
  const askedBy = (await findUser(database.db, 'asker'))!.id;
  for (let i = 0; i < QUESTIONS; i++) {
    ids.push(await insertQuestion(database.db, { title: `Question ${i}`, text: 'Text', tags: ['t'], askedBy }));
    await save(ids[i]!, unitVector(i + 1));
  }
});
afterAll(() => database.close());

describe('the in-memory vector index with inverted lists', () => {
  it('answers from its lists once built, and files a changed vector under its new list', async () => {
    const index = await openVectorIndex(searchStore(database.db), MODEL, DIMS, {
      useIndex: false,
      refreshMs: 0,
      listedFrom: 50,
    });
    await index.warm();
    const exact = (query: Float32Array, n: number) =>
      ids
        .map((id, i) => ({ id, score: dot(query, unitVector(i + 1)) }))
        .sort((a, b) => b.score - a.score)
        .slice(0, n)
        .map((r) => r.id);
    // With 80 rows every list is probed for the rows the exact re-scoring needs: the exact answer.
    const query = unitVector(424_242);
    expect((await index.nearest(query, 5)).map((r) => r.questionId)).toEqual(exact(query, 5));

    await save(ids[3]!, query);
    const [first] = await index.nearest(query, 1);
    expect(first).toMatchObject({ questionId: ids[3] });
    expect(first!.score).toBeCloseTo(1, 5);
    expect((await index.vectors([ids[3]!])).get(ids[3]!)).toEqual(query);
  });
});

describe('the in-memory vector index while it first loads', () => {
  it('answers every search begun during the first load from all the vectors', async () => {
    const index = await openVectorIndex(searchStore(database.db), MODEL, DIMS, {
      useIndex: false,
      refreshMs: 60_000,
      listedFrom: 1_000,
    });
    const query = unitVector(777);
    const loading = index.warm();
    let done = false;
    void loading.then(() => (done = true));
    const answers: Promise<number[]>[] = [];
    // A search begun at each turn of the event loop until the load ends: one lands between the
    // load's look at the stamps and its read of the vectors.
    while (!done) {
      answers.push(index.nearest(query, 3).then((found) => found.map((r) => r.questionId)));
      await new Promise((resolve) => setImmediate(resolve));
    }
    const full = (await index.nearest(query, 3)).map((r) => r.questionId);
    expect(full).toHaveLength(3);
    for (const answer of await Promise.all(answers)) expect(answer).toEqual(full);
  });
});
