import http from 'node:http';
import https from 'node:https';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createUser, findUser, insertAnswer, insertQuestion, searchStore, type Database } from '@fso/db';
import { createTestDatabase } from '@fso/db/testing';
import { silentLog } from '@fso/core/testing';
import { createEmbedderPool } from './embedder-pool.ts';
import { trainAndSaveLsa } from './lsa-store.ts';
import { createSemanticService, type SemanticService } from './service.ts';

const QUESTIONS = [
  {
    title: 'How do I reverse a list in Python?',
    text: 'I have a list of numbers and want them in the opposite order.',
    tags: ['python'],
  },
  {
    title: 'Why does my React component render twice?',
    text: 'In development every effect runs two times.',
    tags: ['react'],
  },
  {
    title: 'What is quantum entanglement?',
    text: 'Two particles seem to share a state even far apart.',
    tags: ['physics'],
  },
  {
    title: 'How can I speed up a slow PostgreSQL query?',
    text: 'A SELECT with a JOIN takes ten seconds on a big table.',
    tags: ['postgresql'],
  },
];

let database: Database;
const ids: number[] = [];

beforeAll(async () => {
  // The model must load from the installed package: any attempt to reach the network fails the test.
  const offline = () => {
    throw new Error('network access attempted');
  };
  vi.stubGlobal('fetch', offline);
  vi.spyOn(http, 'request').mockImplementation(offline);
  vi.spyOn(https, 'request').mockImplementation(offline);
  database = await createTestDatabase();
  await createUser(database.db, { username: 'asker', passwordHash: null });
  const userId = (await findUser(database.db, 'asker'))!.id;
  for (const q of QUESTIONS) ids.push(await insertQuestion(database.db, { ...q, askedBy: userId }));
});
afterAll(async () => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  await database.close();
});

async function service(useIndex: boolean): Promise<SemanticService> {
  const semantic = createSemanticService(searchStore(database.db), {
    workerIntervalMs: null,
    useIndex,
    log: silentLog,
  });
  await semantic.worker.drain();
  return semantic;
}

describe('natural-language search', () => {
  it('queues every new question and embeds the queue offline', async () => {
    expect(await searchStore(database.db).countEmbeddingJobs()).toBe(QUESTIONS.length);
    const semantic = await service(true);
    expect(await searchStore(database.db).countEmbeddingJobs()).toBe(0);
    expect((await semantic.embedder.embed(['hello']))[0]).toHaveLength(512);
  });

  for (const useIndex of [true, false]) {
    it(`finds a question by meaning with few shared words (${useIndex ? 'pgvector HNSW' : 'in-memory scan'})`, async (ctx) => {
      // The HNSW path runs where the test server has pgvector: neither the embedded PostgreSQL nor Debian's has (decision 0082).
      if (useIndex && !(await searchStore(database.db).hasVectorIndex()))
        return ctx.skip('no pgvector on this PostgreSQL server');
      const semantic = await service(useIndex);
      expect((await semantic.index()).kind).toBe(useIndex ? 'pgvector' : 'memory');
      const hits = await semantic.search('invert the order of an array in python', 3);
      expect(hits[0]).toMatchObject({ _id: String(ids[0]), title: QUESTIONS[0]!.title });
      expect((await semantic.search('spooky action at a distance between photons', 1))[0]?._id).toBe(String(ids[2]));
      expect(
        (await semantic.search('my database is too slow', 3, { weights: { embedding: 1, fullText: 0 } }))[0]?._id,
      ).toBe(String(ids[3]));
      expect(await semantic.search('reverse a list', 20, { exclude: ids[0] })).not.toContainEqual(
        expect.objectContaining({ _id: String(ids[0]) }),
      );
    });
  }

  it("answers after the model's idle threads have ended: the model loads again, the vectors stay (issue 44)", async () => {
    let unloads = 0;
    const model = createEmbedderPool({ threads: 1, maxQueued: 4, idleMs: 300, onUnload: () => unloads++ });
    const semantic = createSemanticService(searchStore(database.db), {
      embedder: model,
      workerIntervalMs: null,
      useIndex: false,
      log: silentLog,
    });
    try {
      await semantic.worker.drain();
      const byMeaning = { weights: { embedding: 1, fullText: 0 } };
      expect((await semantic.search('invert the order of an array in python', 1, byMeaning))[0]?._id).toBe(
        String(ids[0]),
      );
      const loaded = unloads; // the worker's embedding may have been unloaded once already
      await vi.waitFor(() => expect(unloads).toBe(loaded + 1), { timeout: 5000 });
      // A new text (a repeated one would come from the query cache) needs the model again.
      expect((await semantic.search('spooky action at a distance between photons', 1, byMeaning))[0]?._id).toBe(
        String(ids[2]),
      );
      expect((await semantic.index()).kind).toBe('memory');
    } finally {
      await semantic.close();
      await model.close();
    }
  });

  it("offers nothing below the relevance floor, except a question holding most of the query's words", async () => {
    const semantic = await service(true);
    // Issue 42: rank fusion alone offered three unrelated questions for this.
    expect(await semantic.search('my cat is sick', 3)).toEqual([]);
    expect(await semantic.search('how do I bake sourdough bread', 3)).toEqual([]);
    expect((await semantic.search('my cat is sick', 3, { floor: 0 })).length).toBeGreaterThan(0);
    const [word] = await semantic.search('entanglement', 3);
    expect(word).toMatchObject({ _id: String(ids[2]) });
  });

  it('trains LSA on the posts, stores it, and adds its score to the ranking', async () => {
    const askedBy = (await findUser(database.db, 'asker'))!.id;
    for (const [title, text] of [
      ['Sorting a Python list of tuples', 'How do I sort a list in Python by the second item?'],
      ['Python list slicing with a negative step', 'What does list[::-1] do in Python, does it reverse?'],
      [
        'Why is my PostgreSQL query not using the index?',
        'The query planner picks a slow sequential scan on a big table.',
      ],
      ['Counting rows quickly in a big PostgreSQL table', 'A count(*) query on a big table is slow.'],
    ]) {
      await insertQuestion(database.db, { title: title!, text: text!, tags: ['misc'], askedBy });
    }
    const model = await trainAndSaveLsa(searchStore(database.db));
    expect(model?.terms.size).toBeGreaterThan(0);
    const semantic = await service(true);
    const hits = await semantic.search('reverse a list in python', 3, {
      weights: { embedding: 0.4, fullText: 0.3, lsa: 0.3 },
    });
    expect(hits[0]?._id).toBe(String(ids[0]));
    // The LSA part alone ranks by the stored model: the Python questions first.
    const byConcepts = await semantic.search('list python', 3, { weights: { embedding: 0, fullText: 0, lsa: 1 } });
    expect(byConcepts.map((h) => h.title)).toEqual([
      expect.stringMatching(/Python/),
      expect.stringMatching(/Python/),
      expect.stringMatching(/Python/),
    ]);
  });

  it('re-embeds an edited question, and the in-memory index catches up', async () => {
    const semantic = await service(false);
    await semantic.search('warm up', 1);
    await database.exec(
      `UPDATE questions SET title = 'Which chess opening suits beginners?', text = 'Openings for new players.' WHERE id = ${ids[1]}`,
    );
    expect(await searchStore(database.db).countEmbeddingJobs()).toBe(1);
    await semantic.worker.drain();
    await new Promise((r) => setTimeout(r, 1100));
    expect(
      (
        await semantic.search('best first moves for a novice at chess', 1, { weights: { embedding: 1, fullText: 0 } })
      )[0]?._id,
    ).toBe(String(ids[1]));
  });
});

describe('embedding worker', () => {
  it('keeps a question edited while it was being embedded queued, and stops', async () => {
    const [question] = ids;
    const semantic = createSemanticService(searchStore(database.db), { workerIntervalMs: null, log: silentLog });
    const editing = createSemanticService(searchStore(database.db), {
      workerIntervalMs: null,
      log: silentLog,
      embedder: {
        name: semantic.embedder.name,
        dimensions: 512,
        async embed(texts) {
          await database.exec(`UPDATE questions SET title = 'Edited while embedding' WHERE id = ${question}`);
          return semantic.embedder.embed(texts);
        },
      },
    });
    await database.exec(`UPDATE questions SET title = 'Before the edit' WHERE id = ${question}`);
    expect(await editing.worker.drain()).toBe(1);
    expect(await searchStore(database.db).countEmbeddingJobs()).toBe(1);
    expect(await semantic.worker.drain()).toBe(1);
    expect(await searchStore(database.db).countEmbeddingJobs()).toBe(0);
  });

  it('does not run the model for a question whose answers changed but not its text', async () => {
    const [question] = ids;
    const embedded: string[] = [];
    const model = createSemanticService(searchStore(database.db), { workerIntervalMs: null, log: silentLog }).embedder;
    const counting = createSemanticService(searchStore(database.db), {
      workerIntervalMs: null,
      log: silentLog,
      embedder: { name: model.name, dimensions: 512, embed: (texts) => (embedded.push(...texts), model.embed(texts)) },
    });
    const answerer = (await findUser(database.db, 'asker'))!.id;
    await insertAnswer(database.db, { questionId: question!, text: 'Use the reversed() builtin.', ansBy: answerer });
    expect(await counting.worker.drain()).toBe(1);
    expect(embedded).toEqual([]);
    await database.exec(`UPDATE questions SET title = 'Reversing a Python list' WHERE id = ${question}`);
    expect(await counting.worker.drain()).toBe(1);
    expect(embedded).toHaveLength(1);
  });
});
