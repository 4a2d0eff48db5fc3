import { describe, expect, it } from 'vitest';
import { dot, normalize } from './embedder.ts';
import { Int8Rows } from './int8-rows.ts';

function unitVector(dims: number, seed: number): Float32Array {
  let s = seed;
  const random = () => (s = (s * 1103515245 + 12345) % 2147483648) / 2147483648 - 0.5;
  return normalize(Float32Array.from({ length: dims }, random));
}

describe('int8 rows scanned in WebAssembly', () => {
  it('scores every row close to its exact dot product, across growth and overwrites', () => {
    const rows = new Int8Rows(512);
    const vectors = Array.from({ length: 2500 }, (_, i) => unitVector(512, i + 1));
    vectors.forEach((v, slot) => rows.put(slot, v));
    vectors[7] = unitVector(512, 99_999);
    rows.put(7, vectors[7]);
    const query = unitVector(512, 424_242);
    const scores = rows.scores(query);
    expect(scores).toHaveLength(2500);
    for (const [slot, v] of vectors.entries()) expect(Math.abs(scores[slot]! - dot(query, v))).toBeLessThan(0.005);
    expect(rows.scores(vectors[7])[7]).toBeCloseTo(1, 2);
  });

  it('starts small when asked, and forgets truncated rows', () => {
    const rows = new Int8Rows(16, 4);
    const vectors = Array.from({ length: 9 }, (_, i) => unitVector(16, i + 1));
    vectors.forEach((v, slot) => rows.put(slot, v));
    rows.truncate(5);
    const scores = rows.scores(vectors[2]!);
    expect(scores).toHaveLength(5);
    expect(scores[2]).toBeCloseTo(1, 2);
  });

  it('handles a zero vector and needs a multiple of 16 dimensions', () => {
    const rows = new Int8Rows(16);
    rows.put(0, new Float32Array(16));
    expect(rows.scores(unitVector(16, 3))[0]).toBe(0);
    expect(() => new Int8Rows(20)).toThrow(/multiple of 16/);
  });
});
