import { describe, expect, it } from 'vitest';
import { createRng } from './random.ts';

describe('createRng', () => {
  it('repeats for a seed, stays in range and spreads over it', () => {
    const draw = (seed: number) =>
      Array.from(
        { length: 1000 },
        (() => {
          const rng = createRng(seed);
          return () => rng.int(10);
        })(),
      );
    expect(draw(5)).toEqual(draw(5));
    expect(draw(5)).not.toEqual(draw(6));
    const values = draw(123);
    expect(Math.min(...values)).toBe(0);
    expect(Math.max(...values)).toBe(9);
    for (let v = 0; v < 10; v++) expect(values.filter((x) => x === v).length).toBeGreaterThan(50);
  });
});
