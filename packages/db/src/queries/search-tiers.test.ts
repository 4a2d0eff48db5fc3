/**
 * The search tiers (migration 0026, decision record 0074): cut newest first, doubling, covering
 * every question once; their indexes built and replaced; a ranked search reads the same newest
 * matches from them, in the same order, as from a walk or the full-text index; and the newest
 * tier's growth tells when to cut them again.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../test/testing.ts';
import type { Database } from '../client.ts';
import { listQuestions } from './question-list.ts';
import { cheaperRead, matchesCte, tierWalkBound, type MatchRead } from './question-search.ts';
import { insertQuestion } from './question-write.ts';
import {
  cutSearchTiers,
  rebuildSearchTiers,
  searchTiers,
  searchTiersStale,
  startSearchTierUpkeep,
  tierCondition,
  type SearchTier,
} from './search-tiers.ts';
import { rows } from './sql-rows.ts';
import { createUser } from './users.ts';

let database: Database;
/** Question ids, newest first. */
const ids: number[] = [];
const QUESTIONS = 30;
/** The first tier's size in these tests: 2, then 4, 8, 16 and the rest. */
const FIRST = 2;

beforeAll(async () => {
  database = await createTestDatabase();
  const asker = Number((await createUser(database.db, { username: 'asker', passwordHash: null }))!._id);
  // Every third question is about entanglement, every fifth about decoherence, every second tagged even too; asked one hour apart, the first inserted the oldest.
  for (let i = 0; i < QUESTIONS; i++) {
    const topic = [i % 3 === 0 ? 'entanglement' : 'sorting', i % 5 === 0 ? 'decoherence' : 'lists'].join(' and ');
    const id = await insertQuestion(database.db, {
      title: `Question ${i} on ${topic}`,
      text: `About ${topic}.`,
      tags: i % 2 ? ['quantum'] : ['quantum', 'even'],
      askedBy: asker,
    });
    await rows(
      database.db,
      sql`UPDATE questions SET ask_date_time = '2024-01-01T00:00:00Z'::timestamptz + ${i} * interval '1 hour' WHERE id = ${id}`,
    );
    ids.unshift(id);
  }
});
afterAll(() => database.close());

/** The ids of the questions in a tier, newest first. */
const inTier = async (tier: SearchTier) =>
  (
    await rows<{ id: number }>(
      database.db,
      sql`SELECT id FROM question_search WHERE ${tierCondition(tier)} ORDER BY ask_date_time DESC, id DESC`,
    )
  ).map((r) => Number(r.id));

describe('search tiers', () => {
  it('cut the questions newest first into tiers that double, each question in exactly one', async () => {
    const tiers = await cutSearchTiers(database.db, FIRST);
    expect(tiers[0]!.hi).toBeNull();
    expect(tiers.at(-1)!.lo).toBeNull();
    const members = await Promise.all(tiers.map(inTier));
    expect(members.map((m) => m.length)).toEqual([2, 4, 8, 16]);
    expect(members.flat()).toEqual(ids);
    // A site no larger than the first tier is not cut.
    expect(await cutSearchTiers(database.db, QUESTIONS)).toEqual([]);
  });

  it('are built as partial indexes, swapped in, and the old ones dropped', async () => {
    expect(await searchTiersStale(database.db, FIRST)).toBe(true);
    const first = await rebuildSearchTiers(database, { first: FIRST });
    const indexes = async () =>
      (
        await rows<{ indexname: string }>(
          database.db,
          `SELECT indexname FROM pg_indexes WHERE indexname LIKE 'question_search_tier_%' ORDER BY indexname`,
        )
      ).map((r) => r.indexname);
    const kept = async () =>
      (await rows<{ index_name: string }>(database.db, 'SELECT index_name FROM search_tiers ORDER BY index_name')).map(
        (r) => r.index_name,
      );
    expect(await indexes()).toEqual(await kept());
    expect(first).toHaveLength(4);
    expect(await searchTiers(database.db)).toEqual(first);
    expect(await searchTiersStale(database.db, FIRST)).toBe(false);
    const before = await indexes();
    await rebuildSearchTiers(database, { first: FIRST });
    const after = await indexes();
    expect(after).toHaveLength(4);
    expect(after.filter((name) => before.includes(name))).toEqual([]);
    expect(after).toEqual(await kept());
  });

  it('read the same newest matches, in the same order and ranks, as a walk and the full-text index', async () => {
    const tiers = await rebuildSearchTiers(database, { first: FIRST });
    const index =
      (
        await rows<{ n: number }>(
          database.db,
          `SELECT count(*)::int AS n FROM pg_indexes WHERE indexname = 'question_search_rum_idx'`,
        )
      )[0]!.n > 0
        ? 'rum'
        : 'gin';
    const tagId = async (name: string) =>
      Number((await rows<{ id: number }>(database.db, sql`SELECT id FROM tags WHERE name = ${name}`))[0]!.id);
    const [quantum, even] = [await tagId('quantum'), await tagId('even')];
    // Without a tag, with one, and with two (the second a probe of each row).
    for (const [driving, others] of [
      [null, []],
      [even, []],
      [quantum, [even]],
    ] as const)
      for (const words of ['entanglement', 'decoherence', 'entanglement decoherence', 'nothing']) {
        const query = sql`websearch_to_tsquery('english', ${words})`;
        const read = async (how: MatchRead, limit: number) =>
          rows<{ id: number; rank: number }>(
            database.db,
            sql`${matchesCte(how, query, driving, [...others], limit, tiers)} SELECT id::int, rank FROM m ORDER BY ask_date_time DESC, id DESC`,
          );
        for (const limit of [1, 3, 7, 50]) {
          const expected = await read({ how: driving === null ? index : 'intersect' }, limit);
          expect(await read({ how: 'tiers' }, limit)).toEqual(expected);
          for (const walked of [1, 4, 1024])
            expect(await read({ how: 'walk', rows: walked, then: 'tiers' }, limit)).toEqual(expected);
        }
      }
    // And through the list: what a searcher sees.
    const page = await listQuestions(database.db, { search: 'entanglement', limit: 5, offset: 0 });
    expect(page.total).toBe(10);
    expect(page.questions).toHaveLength(5);
  });

  it('are cut again once the newest tier has grown past its size', async () => {
    await rebuildSearchTiers(database, { first: FIRST });
    const asker = Number((await createUser(database.db, { username: 'later', passwordHash: null }))!._id);
    // The newest tier holds 2; it is stale past 4 × 2.
    for (let i = 0; i < 3 * FIRST; i++)
      await insertQuestion(database.db, {
        title: `Later question ${i}`,
        text: 'Asked now.',
        tags: ['quantum'],
        askedBy: asker,
      });
    expect(await searchTiersStale(database.db, FIRST)).toBe(false);
    await insertQuestion(database.db, { title: 'One more', text: 'Asked now.', tags: ['quantum'], askedBy: asker });
    expect(await searchTiersStale(database.db, FIRST)).toBe(true);
  });

  it('are cut again by a running server’s upkeep once stale, and left alone while fresh', async () => {
    const asker = Number((await createUser(database.db, { username: 'upkeep', passwordHash: null }))!._id);
    const kept = async () =>
      (await rows<{ index_name: string }>(database.db, 'SELECT index_name FROM search_tiers ORDER BY tier')).map(
        (r) => r.index_name,
      );
    await rebuildSearchTiers(database, { first: FIRST });
    for (let i = 0; i < 4 * FIRST + 1; i++)
      await insertQuestion(database.db, {
        title: `Upkeep question ${i}`,
        text: 'Asked now.',
        tags: ['quantum'],
        askedBy: asker,
      });
    const stale = await kept();
    const logged: string[] = [];
    const stop = startSearchTierUpkeep(database, {
      log: (message) => logged.push(message),
      firstLookMs: 0,
      intervalMs: 50,
      first: FIRST,
    });
    try {
      await expect.poll(() => logged.length, { timeout: 10_000 }).toBeGreaterThan(0);
      expect(logged[0]).toMatch(/^Cut the search tiers again: \d+ tiers/);
      const fresh = await kept();
      expect(fresh.filter((name) => stale.includes(name))).toEqual([]);
      expect(await searchTiersStale(database.db, FIRST)).toBe(false);
      // Fresh, the next looks change nothing.
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(await kept()).toEqual(fresh);
      expect(logged).toHaveLength(1);
    } finally {
      stop();
    }
  });

  it('are read instead of walking (the site, or a tag) when the words are rare enough that the walk would cost more', () => {
    const questions = 1_000_000;
    // About 1,200 rows for a limit of 201, whatever the site's size.
    expect(tierWalkBound(201)).toBeCloseTo(1_187, 0);
    // Common words (40%): 503 rows walked against ~710 matches read from the first tier.
    expect(cheaperRead({ questions, words: 400_000, rarest: 400_000, tag: null }, 201, true, 9)).toEqual({
      how: 'walk',
      rows: 2_048,
      then: 'tiers',
    });
    // 1%: 20,100 rows walked against ~300 matches from the first few tiers.
    expect(cheaperRead({ questions, words: 10_000, rarest: 10_000, tag: null }, 201, true, 9)).toEqual({
      how: 'tiers',
    });
    expect(cheaperRead({ questions, words: 50, rarest: 50, tag: null }, 201, false, 9)).toEqual({ how: 'tiers' });
    // Without tiers, the choice is as before.
    expect(cheaperRead({ questions, words: 10_000, rarest: 10_000, tag: null }, 201, true, 0)).toEqual({ how: 'rum' });
    // With a tag: a common tag (40%) and words common in it (60%) walk the tag (335 rows at 3 each,
    // against ~550 matches from the first tier at 2.5); rarer words or a rare tag read the tiers.
    expect(cheaperRead({ questions, words: 600_000, rarest: 600_000, tag: 400_000 }, 201, true, 9)).toEqual({
      how: 'walk',
      rows: 512,
      then: 'tiers',
    });
    expect(cheaperRead({ questions, words: 400_000, rarest: 400_000, tag: 400_000 }, 201, true, 9)).toEqual({
      how: 'tiers',
    });
    expect(cheaperRead({ questions, words: 10_000, rarest: 10_000, tag: 500 }, 201, true, 9)).toEqual({ how: 'tiers' });
    expect(cheaperRead({ questions, words: 10_000, rarest: 10_000, tag: 500 }, 201, true, 0)).toEqual({
      how: 'intersect',
    });
  });
});
