import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Db } from '../client.ts';
import { cachedEstimate } from './planner-estimates.ts';

/** The cache keys on the database object alone, so any object stands for one here. */
const newDb = () => ({}) as Db;

describe('cachedEstimate', () => {
  afterEach(() => vi.useRealTimers());

  it('asks once a minute per database, kind and key', async () => {
    vi.useFakeTimers();
    const [a, b] = [newDb(), newDb()];
    let asked = 0;
    const ask = () => Promise.resolve(++asked);
    expect(await cachedEstimate(a, 'answers', 'foo', ask)).toBe(1);
    expect(await cachedEstimate(a, 'answers', 'foo', ask)).toBe(1);
    expect(await cachedEstimate(a, 'questions', 'foo', ask)).toBe(2);
    expect(await cachedEstimate(b, 'answers', 'foo', ask)).toBe(3);
    vi.advanceTimersByTime(60_001);
    expect(await cachedEstimate(a, 'answers', 'foo', ask)).toBe(4);
  });

  it('keeps no failed estimate', async () => {
    const db = newDb();
    await expect(cachedEstimate(db, 'answers', 'x', () => Promise.reject(new Error('gone')))).rejects.toThrow('gone');
    await Promise.resolve();
    expect(await cachedEstimate(db, 'answers', 'x', () => Promise.resolve(7))).toBe(7);
  });
});
