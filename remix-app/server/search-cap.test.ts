/** Natural-language searches per process are capped: a few run, a few wait, the rest get 503 + Retry-After. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { schema, type Database } from '@fso/db';
import { createTestDatabase } from '@fso/db/testing';
import { MSG } from '@fso/shared';
import { testContext } from '../test/context.ts';
import { answerOf } from '../test/route-call.ts';
import * as semanticRoute from '../app/routes/question.semanticSearch.ts';
import { capSearches, SearchesFullError } from './search-cap.ts';
import type { Semantic, SemanticHit } from '@fso/core';

/** A search engine whose searches finish only when the test says so. */
function heldSearches() {
  const started: string[] = [];
  const finishers: (() => void)[] = [];
  const service: Semantic & { other: string } = {
    other: 'passed through',
    index: () => Promise.reject(new Error('not used')),
    worker: { poke: () => undefined },
    search: (text) =>
      new Promise<SemanticHit[]>((resolve) => {
        started.push(text);
        finishers.push(() => resolve([]));
      }),
  };
  return { service, started, finishNext: () => finishers.shift()!() };
}

const settle = () => new Promise((resolve) => setImmediate(resolve));

describe('search cap', () => {
  it('runs `running` searches, queues `waiting` without starting them, refuses the rest at once', async () => {
    const held = heldSearches();
    const capped = capSearches(held.service, { running: 2, waiting: 1 });
    expect(capped.other).toBe('passed through');
    expect(capped.full()).toBe(false);
    const first = capped.search('one', 3);
    const second = capped.search('two', 3);
    const third = capped.search('three', 3);
    await settle();
    expect(held.started).toEqual(['one', 'two']);
    expect(capped.full()).toBe(true);
    const refused = await capped.search('four', 3).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(SearchesFullError);
    expect((refused as SearchesFullError).retryAfterSeconds).toBe(1);
    held.finishNext();
    await first;
    await settle();
    expect(held.started).toEqual(['one', 'two', 'three']);
    held.finishNext();
    held.finishNext();
    await Promise.all([second, third]);
    // Everything finished: the full capacity is free again.
    const again = [capped.search('five', 3), capped.search('six', 3), capped.search('seven', 3)];
    await settle();
    expect(held.started.slice(3)).toEqual(['five', 'six']);
    for (let i = 0; i < 3; i++) {
      held.finishNext();
      await settle();
    }
    await Promise.all(again);
  });

  describe('through the REST path', () => {
    let database: Database;
    beforeAll(async () => {
      database = await createTestDatabase();
    });
    afterAll(() => database.close());

    it('answers a search past the cap 503 with Retry-After and the busy message, before counting it', async () => {
      const { context } = testContext(database, '198.51.100.60');
      context.ports = { ...context.ports, semantic: capSearches(context.ports.semantic, { running: 0, waiting: 0 }) };
      const response = await answerOf(
        semanticRoute.loader,
        new Request('http://test/question/semanticSearch?text=limits&topk=3'),
        context,
      );
      expect(response.status).toBe(503);
      expect(response.headers.get('Retry-After')).toBe('1');
      expect(await response.json()).toEqual({ error: MSG.semanticSearchBusy });
      // Refused before the rate limiter's SQL: nothing counted for this address.
      expect(await database.db.select().from(schema.rateLimits)).toEqual([]);
    });
  });
});
