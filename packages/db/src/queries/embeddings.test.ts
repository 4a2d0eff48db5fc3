import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { createTestDatabase } from '../../test/testing.ts';
import type { Database } from '../client.ts';
import {
  commonStems,
  describeCandidates,
  embeddingsOf,
  embeddingStampsSince,
  fullTextCandidates,
  nextEmbeddingJobs,
  saveEmbeddings,
} from './embeddings.ts';
import { editQuestion } from '../../test/core-rules.ts';
import { insertAnswer, insertQuestion } from './question-write.ts';
import { createUser } from './users.ts';

let database: Database;
const ids: number[] = [];
const vector = Float32Array.from({ length: 512 }, (_, i) => Math.sin(i) / 16);

beforeAll(async () => {
  database = await createTestDatabase();
  const askedBy = Number((await createUser(database.db, { username: 'emb', passwordHash: null }))!._id);
  for (const [title, text] of [
    ['Apple banana smoothie', "O'Brien's blender: apples, bananas \\ and ice."],
    ['Apple cherry pie', 'Baking apples with cherries.'],
    ['Grape juice', 'Pressing grapes.'],
  ]) {
    ids.push(await insertQuestion(database.db, { title: title!, text: text!, tags: ['fruit'], askedBy }));
  }
  const jobs = (await nextEmbeddingJobs(database.db, 'test-model', 10)).filter((j) => ids.includes(j.questionId));
  await saveEmbeddings(
    database.db,
    'test-model',
    jobs.map((job) => ({ job, vector })),
  );
});
afterAll(() => database.close());

describe('stored embeddings', () => {
  it('reads vectors back in binary, exactly, for their model only', async () => {
    const [row] = await embeddingsOf(database.db, 'test-model', [ids[0]!]);
    expect(row!.embedding).toEqual(vector);
    expect(await embeddingsOf(database.db, 'other-model', [ids[0]!])).toEqual([]);
    const { titles } = await describeCandidates(database.db, [ids[0]!, ids[1]!, -1], 'x');
    expect([...titles]).toEqual(
      expect.arrayContaining([
        [ids[0], 'Apple banana smoothie'],
        [ids[1], 'Apple cherry pie'],
      ]),
    );
    expect(titles.size).toBe(2);
  });

  it('lists stamps newer than a time, with the database clock', async () => {
    const { now, stamps } = await embeddingStampsSince(database.db, 'test-model', 0);
    expect(stamps.map((s) => s.questionId).sort()).toEqual([...ids].sort());
    expect(stamps.every((s) => s.updatedAt <= now)).toBe(true);
    expect((await embeddingStampsSince(database.db, 'test-model', now)).stamps).toEqual([]);
  });
});

describe('what a question is about (migration 0018)', () => {
  const queued = async (id: number) =>
    (await nextEmbeddingJobs(database.db, 'test-model', 100)).some((j) => j.questionId === id);
  const embed = async (id: number) =>
    saveEmbeddings(
      database.db,
      'test-model',
      (await nextEmbeddingJobs(database.db, 'test-model', 100))
        .filter((j) => j.questionId === id)
        .map((job) => ({ job, vector })),
    );

  it('is saved with the embedding: title and tags as title, body, and the best answer; a new answer or tag queues the question again', async () => {
    const askedBy = Number((await createUser(database.db, { username: 'about', passwordHash: null }))!._id);
    const id = await insertQuestion(database.db, {
      title: 'Kettle descaling',
      text: 'White crust inside.',
      tags: ['home-appliances'],
      askedBy,
    });
    await embed(id);
    const [title] = await describeCandidates(database.db, [id], 'x').then(({ terms }) =>
      terms.filter((c) => c.doc === id && c.lexeme === 'applianc'),
    );
    expect(title).toMatchObject({ count: 1, title: 1 });
    expect(await queued(id)).toBe(false);
    await insertAnswer(database.db, { questionId: id, text: 'Boil vinegar in it.', ansBy: askedBy });
    expect(await queued(id)).toBe(true);
    await embed(id);
    const { terms } = await describeCandidates(database.db, [id], 'x');
    expect(terms.find((t) => t.lexeme === 'vinegar')).toMatchObject({ doc: id, count: 1, title: 0 });
    await database.db.execute(sql`DELETE FROM question_tags WHERE question_id = ${id}`);
    expect(await queued(id)).toBe(true);
    // Deleting the question takes its answers and tags with it, and queues nothing.
    await database.db.execute(sql`DELETE FROM questions WHERE id = ${id}`);
    expect(await queued(id)).toBe(false);
  });

  it('asks for the model only when the embedded text changed or no vector exists; an about-only save keeps the vector (migration 0020)', async () => {
    const askedBy = Number((await createUser(database.db, { username: 'about-only', passwordHash: null }))!._id);
    const id = await insertQuestion(database.db, {
      title: 'Descaling a coffee machine',
      text: 'Limescale everywhere.',
      tags: ['coffee'],
      askedBy,
    });
    const job = async () => (await nextEmbeddingJobs(database.db, 'test-model', 100)).find((j) => j.questionId === id);
    expect((await job())!.embed).toBe(true);
    await embed(id);
    const stored = async () => (await embeddingsOf(database.db, 'test-model', [id]))[0]?.embedding;
    expect(await stored()).toEqual(vector);
    // An answer changes what the question is about, not its text: no model run, `about` rewritten, the vector kept.
    await insertAnswer(database.db, { questionId: id, text: 'Run citric acid through it.', ansBy: askedBy });
    expect((await job())!.embed).toBe(false);
    await saveEmbeddings(database.db, 'test-model', [{ job: (await job())!, vector: null }]);
    expect(await job()).toBeUndefined();
    expect(await stored()).toEqual(vector);
    expect(
      (await describeCandidates(database.db, [id], 'x')).terms.some((t) => t.doc === id && t.lexeme === 'citric'),
    ).toBe(true);
    // A title edit after an answer: the model runs again; a vector of another model does not count.
    await insertAnswer(database.db, { questionId: id, text: 'Or vinegar.', ansBy: askedBy });
    await database.db.execute(sql`UPDATE questions SET title = 'Descaling an espresso machine' WHERE id = ${id}`);
    expect((await job())!.embed).toBe(true);
    await embed(id);
    await insertAnswer(database.db, { questionId: id, text: 'Descaler tablets.', ansBy: askedBy });
    expect((await nextEmbeddingJobs(database.db, 'other-model', 100)).find((j) => j.questionId === id)!.embed).toBe(
      true,
    );
    // An about-only save for a model with no stored vector keeps the job (it is embedded next round).
    await saveEmbeddings(database.db, 'other-model', [{ job: (await job())!, vector: null }]);
    expect(await job()).toBeDefined();
  });
});

describe('full-text parts of the ranking', () => {
  it('parses each tsvector into the same terms and counts (all, and in the title) as unnest gives', async () => {
    const text = "an apple's \\ O'Brien apples";
    const { terms: parsed } = await describeCandidates(database.db, ids, text);
    const expected = await database.db.execute<{ doc: unknown; lexeme: string; count: unknown; title: unknown }>(
      sql`SELECT q.id AS doc, u.lexeme, coalesce(array_length(u.positions, 1), 1) AS count, coalesce(cardinality(array_positions(u.weights, 'A')), 0) AS title
          FROM questions q LEFT JOIN question_embeddings e ON e.question_id = q.id, unnest(coalesce(e.about, q.search)) AS u WHERE q.id = ANY(${sql.param(ids)}::bigint[])
          UNION ALL SELECT 0, u.lexeme, coalesce(array_length(u.positions, 1), 1), 0 FROM unnest(to_tsvector('english', ${text})) AS u`,
    );
    const key = (t: { doc: unknown; lexeme: string; count: unknown; title: unknown }) =>
      `${Number(t.doc)} ${t.lexeme} ${Number(t.count)} ${Number(t.title)}`;
    expect(parsed.some((t) => t.title > 0)).toBe(true);
    expect(parsed.map(key).sort()).toEqual(expected.rows.map(key).sort());
  });

  it('does not let a common word pick candidates, but still scores it', async () => {
    const all = await fullTextCandidates(database.db, 'apple cherry', 10);
    expect(all.map((c) => c.questionId)).toEqual([ids[1], ids[0]]);
    const rare = await fullTextCandidates(database.db, 'apple cherry', 10, new Map([['appl', 2000]]));
    expect(rare).toEqual([all[0]]);
    // Stems travel as one array literal: one with a quote, a backslash or a comma parses, and the stems after it still match.
    const odd = new Map([
      ['say "hi"', 1500],
      ['back\\slash,comma', 1200],
      ['appl', 2000],
    ]);
    expect(await fullTextCandidates(database.db, 'apple cherry', 10, odd)).toEqual(rare);
    // Every word common: the questions with all of them, found by the two least common.
    expect(
      (
        await fullTextCandidates(
          database.db,
          'apple cherry pie',
          10,
          new Map([
            ['appl', 5000],
            ['cherri', 2000],
            ['pie', 3000],
          ]),
        )
      ).map((c) => c.questionId),
    ).toEqual([ids[1]]);
    // One common word alone picks none (the nearest by embedding still get scored).
    expect(await fullTextCandidates(database.db, 'apple', 10, new Map([['appl', 2000]]))).toEqual([]);
    // A site this small has no word that fills a pool.
    expect(await commonStems(database.db)).toEqual(new Map());
  });

  it('finds an edited question by its new words, no longer by its old ones', async () => {
    const askedBy = Number((await createUser(database.db, { username: 'emb-edit', passwordHash: null }))!._id);
    const id = await insertQuestion(database.db, {
      title: 'Walrus tusks',
      text: 'How long do walrus tusks grow?',
      tags: ['animals'],
      askedBy,
    });
    const found = async (text: string) => (await fullTextCandidates(database.db, text, 10)).map((c) => c.questionId);
    expect(await found('walrus tusks')).toEqual([id]);
    expect(
      await editQuestion(database.db, {
        questionId: id,
        userId: askedBy,
        title: 'Narwhal tusks',
        text: 'How long do narwhal tusks grow?',
        tags: ['animals'],
      }),
    ).toMatchObject({ ok: true });
    expect(await found('narwhal')).toEqual([id]);
    expect(await found('walrus')).toEqual([]);
  });

  it('still finds the questions with all the words when a rare word has more matches than its part takes', async () => {
    // 1,000 "yak" questions written first fill the rare word's part (1,000 rows, in table order);
    // the one with both words, written last, is found by "all the words" alone.
    await database.db.execute(
      sql`INSERT INTO questions (title, text, asked_by) SELECT 'Yak ' || i, 'plain', q.asked_by FROM generate_series(1, 1000) AS i, questions q WHERE q.id = ${ids[0]}`,
    );
    const [row] = (
      await database.db.execute<{ id: unknown }>(
        sql`INSERT INTO questions (title, text, asked_by) SELECT 'Yak zebra', 'A yak and a zebra.', asked_by FROM questions WHERE id = ${ids[0]} RETURNING id`,
      )
    ).rows;
    const both = Number(row!.id);
    const found = await fullTextCandidates(database.db, 'yak zebra', 10, new Map([['zebra', 5000]]));
    expect(found[0]!.questionId).toBe(both);
  });
});
