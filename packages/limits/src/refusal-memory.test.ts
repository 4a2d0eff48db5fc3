import { describe, expect, it } from 'vitest';
import { createRefusalMemory } from './refusal-memory.ts';

function clock(start = 1_000_000) {
  let t = start;
  return { now: () => t, advance: (ms: number) => void (t += ms) };
}

describe('refusal memory', () => {
  it('refuses a remembered key until its window ends, then asks the table again', () => {
    const time = clock();
    const memory = createRefusalMemory(time.now);
    expect(memory.refusedUntil('search:ip:a')).toBeNull();
    memory.remember('search:ip:a', time.now() + 30_000);
    expect(memory.refusedUntil('search:ip:a')).toBe(time.now() + 30_000);
    expect(memory.refusedUntil('search:ip:b')).toBeNull();
    time.advance(29_999);
    expect(memory.refusedUntil('search:ip:a')).not.toBeNull();
    time.advance(1);
    expect(memory.refusedUntil('search:ip:a')).toBeNull();
  });

  it('keeps nothing for a window that has already ended', () => {
    const time = clock();
    const memory = createRefusalMemory(time.now);
    memory.remember('k', time.now());
    expect(memory.refusedUntil('k')).toBeNull();
  });

  it('holds at most maxKeys keys, dropping the oldest (which only costs asking the table)', () => {
    const time = clock();
    const memory = createRefusalMemory(time.now, 3);
    for (const key of ['a', 'b', 'c', 'd']) memory.remember(key, time.now() + 1000);
    expect(['a', 'b', 'c', 'd'].map((key) => memory.refusedUntil(key) !== null)).toEqual([false, true, true, true]);
    // Remembering a key again moves it to the back of the line.
    memory.remember('b', time.now() + 2000);
    memory.remember('e', time.now() + 1000);
    expect(memory.refusedUntil('b')).toBe(time.now() + 2000);
    expect(memory.refusedUntil('c')).toBeNull();
  });
});
