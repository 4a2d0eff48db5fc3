import { describe, expect, it } from 'vitest';
import { fuseByRank } from './fusion.ts';

const scores = (...pairs: [number, number][]) => new Map(pairs);

describe('reciprocal rank fusion', () => {
  it('adds weight / (k + rank) over the legs, whatever the scale of their scores', () => {
    const fused = fuseByRank(
      [
        { weight: 1, scores: scores([1, 0.9], [2, 0.8], [3, 0.1]) },
        { weight: 2, scores: scores([3, 250], [1, 12]) },
      ],
      10,
    );
    expect(fused.get(1)).toBeCloseTo(1 / 11 + 2 / 12);
    expect(fused.get(2)).toBeCloseTo(1 / 12);
    expect(fused.get(3)).toBeCloseTo(1 / 13 + 2 / 11);
  });

  it('gives nothing for a score of 0 or a leg of weight 0, and equal ranks to ties', () => {
    const fused = fuseByRank(
      [
        { weight: 1, scores: scores([1, 0], [2, 5], [3, 5], [4, 1]) },
        { weight: 0, scores: scores([1, 9]) },
      ],
      10,
    );
    expect(fused.has(1)).toBe(false);
    expect(fused.get(2)).toBeCloseTo(1 / 11);
    expect(fused.get(3)).toBeCloseTo(1 / 11);
    expect(fused.get(4)).toBeCloseTo(1 / 13);
  });
});
