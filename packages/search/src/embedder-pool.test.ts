import { isMainThread } from 'node:worker_threads';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { searchStore } from '@fso/db';
import { createTestDatabase } from '@fso/db/testing';
import { MSG } from '@fso/shared';
import { semanticSearch } from '@fso/core';
import { callerOf, silentLog, testPorts } from '@fso/core/testing';
import { dot } from './embedder.ts';
import { createEmbedderPool, EmbedderBusyError, type EmbedderPool } from './embedder-pool.ts';
import { createSemanticService } from './service.ts';
import { createUseEmbedder } from './use-embedder.ts';

const pools: EmbedderPool[] = [];
const pool = (threads: number, maxQueued: number, idle?: { idleMs: number; onUnload: () => void }) => {
  const made = createEmbedderPool({ threads, maxQueued, ...idle });
  pools.push(made);
  return made;
};
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
afterAll(async () => {
  await Promise.all(pools.map((p) => p.close()));
});

describe('embedder pool (the sentence model in worker threads)', () => {
  it('embeds in a worker thread the vectors the model makes on this thread', async () => {
    expect(isMainThread).toBe(true);
    const texts = ['How do I reverse a list in Python?', 'Why does my React component render twice?'];
    const [pooled, local] = await Promise.all([pool(1, 4).embed(texts), createUseEmbedder().embed(texts)]);
    expect(pooled).toHaveLength(2);
    for (let i = 0; i < texts.length; i++) expect(dot(pooled[i]!, local[i]!)).toBeCloseTo(1, 4);
    expect(dot(pooled[0]!, pooled[1]!)).toBeLessThan(0.9);
  });

  it("gives each search that waited its own text's vector when the waiting searches share one model call", async () => {
    const one = pool(1, 16);
    const texts = [
      'How do I reverse a list in Python?',
      'Why does my React component render twice?',
      'What is a qubit?',
      'How to center a div',
      'Is Rust faster than C?',
      'Best way to learn SQL joins',
    ];
    // The first search holds the only thread; the other five wait and leave in one batch, the two-text one among them.
    const asked = [
      one.embed([texts[0]!]),
      one.embed([texts[1]!]),
      one.embed([texts[2]!, texts[3]!]),
      one.embed([texts[4]!]),
      one.embed([texts[5]!]),
    ];
    const [pooled, local] = await Promise.all([Promise.all(asked), createUseEmbedder().embed(texts)]);
    expect(pooled.map((v) => v.length)).toEqual([1, 1, 2, 1, 1]);
    pooled.flat().forEach((vector, i) => expect(dot(vector, local[i]!)).toBeCloseTo(1, 4));
  });

  it('refuses searches beyond its queue at once, and lets background work wait', async () => {
    const busy = pool(1, 1);
    const running = busy.embed(['first search, running']);
    const queued = busy.embed(['second search, queued']);
    await expect(busy.embed(['third search, refused'])).rejects.toBeInstanceOf(EmbedderBusyError);
    const background = busy.embed(
      Array.from({ length: 20 }, (_, i) => `queued question number ${i}`),
      { background: true },
    );
    expect((await Promise.all([running, queued])).map((v) => v.length)).toEqual([1, 1]);
    expect(await background).toHaveLength(20);
    // Once the queue has room again, searches are taken.
    expect(await busy.embed(['a later search'])).toHaveLength(1);
  });
});

describe("the model's threads when idle (issue 44)", () => {
  it('end after idleMs without a text, and the next text loads the model again: the same vectors', async () => {
    let unloads = 0;
    const idle = pool(1, 4, { idleMs: 300, onUnload: () => unloads++ });
    const texts = ['How do I reverse a list in Python?'];
    const [first] = await idle.embed(texts);
    // Texts closer together than idleMs keep the thread (however long each takes on a loaded machine).
    for (let i = 0; i < 4; i++) {
      await sleep(50);
      await idle.embed([`a search a moment later, number ${i}`]);
    }
    expect(unloads).toBe(0);
    await vi.waitFor(() => expect(unloads).toBe(1), { timeout: 5000 });
    const [again] = await idle.embed(texts);
    expect(dot(first!, again!)).toBeCloseTo(1, 5);
    // The thread that loaded it again ends in its turn.
    await vi.waitFor(() => expect(unloads).toBe(2), { timeout: 5000 });
  });
});

describe('natural-language search while the model is saturated', () => {
  it('is unavailable with the seconds to wait and a human message, and still answers the search it took', async () => {
    const database = await createTestDatabase();
    try {
      const semantic = createSemanticService(searchStore(database.db), {
        embedder: pool(1, 0),
        workerIntervalMs: null,
        log: silentLog,
      });
      const { ports } = testPorts(database, { semantic });
      const search = (text: string) => semanticSearch(ports, callerOf(null), { text, topk: 3 });
      // Which of the two reaches the model first is up to the database's replies: one is taken, the other refused.
      const both = await Promise.all([search('how do I sort a list'), search('my database is too slow')]);
      const taken = both.find((r) => r.ok);
      const refused = both.find((r) => !r.ok);
      expect(taken).toEqual({ ok: true, value: [] });
      expect(refused).toEqual({
        ok: false,
        kind: 'unavailable',
        message: MSG.semanticSearchBusy,
        retryAfterSeconds: 1,
      });
    } finally {
      await database.close();
    }
  });
});
