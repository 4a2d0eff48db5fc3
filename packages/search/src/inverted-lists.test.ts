import { describe, expect, it } from 'vitest';
import { normalize } from './embedder.ts';
import { InvertedLists } from './inverted-lists.ts';

const DIMS = 32;

function unitVector(seed: number): Float32Array {
  let s = seed;
  const random = () => (s = (s * 1103515245 + 12345) % 2147483648) / 2147483648 - 0.5;
  return normalize(Float32Array.from({ length: DIMS }, random));
}

/** `groups` directions, `each` rows near each: row g·each + i is group g. */
function groupedRows(groups: number, each: number): Float32Array[] {
  const centres = Array.from({ length: groups }, (_, g) => unitVector(g + 1));
  return Array.from({ length: groups * each }, (_, r) => {
    const noise = unitVector(10_000 + r);
    return normalize(centres[Math.floor(r / each)]!.map((x, i) => x + 0.1 * noise[i]!));
  });
}

const build = (vectors: Float32Array[]) =>
  InvertedLists.build({ dims: DIMS, length: vectors.length, vector: (slot) => vectors[slot]! }, () => {});

describe('inverted lists', () => {
  it('files every row once, under about √N lists, and a query probing its nearest list finds its own group', async () => {
    const vectors = groupedRows(20, 20);
    const lists = await build(vectors);
    expect(lists.count).toBe(20);
    const everyRow = lists.probe(vectors[0]!, lists.count, 0).slots;
    expect([...everyRow].sort((a, b) => a - b)).toEqual([...vectors.keys()]);
    const near = lists.probe(vectors[45]!, 1, 0).slots;
    expect([...near]).toContain(45);
    expect([...near].filter((slot) => Math.floor(slot / 20) === 2).length).toBeGreaterThan(10);
  });

  it('probes further lists until it has the rows asked for', async () => {
    const lists = await build(groupedRows(16, 10));
    expect(lists.probe(unitVector(5), 1, 100).slots.length).toBeGreaterThanOrEqual(100);
  });

  it('moves a changed row to its new list, and files rows added later', async () => {
    const vectors = groupedRows(9, 12);
    const lists = await build(vectors);
    vectors[0] = vectors[100]!;
    lists.file(0, vectors[0]);
    vectors.push(vectors[30]!);
    lists.file(108, vectors[108]!);
    const nearest = (query: Float32Array) => [...lists.probe(query, 1, 0).slots];
    expect(nearest(vectors[100]!)).toContain(0);
    expect(nearest(vectors[5]!)).not.toContain(0);
    expect(nearest(vectors[30]!)).toContain(108);
    // Every row once, each scored by its own (current) vector: the rows that moved to fill the left places too.
    expect([...lists.probe(vectors[0], lists.count, 0).slots].sort((a, b) => a - b)).toEqual([...vectors.keys()]);
    for (const [slot, v] of vectors.entries()) {
      const { slots, scores } = lists.probe(v, lists.count, 0);
      expect(scores[slots.indexOf(slot)]).toBeCloseTo(1, 2);
    }
  });
});
