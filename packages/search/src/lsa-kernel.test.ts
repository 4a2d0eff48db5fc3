import { describe, expect, it } from 'vitest';
import { ConceptProjection } from './lsa-kernel.ts';

function randomFloats(length: number, seed: number): Float32Array {
  let s = seed;
  return Float32Array.from({ length }, () => (s = (s * 1103515245 + 12345) % 2147483648) / 2147483648 - 0.5);
}

/** What lsaVectors computed in JavaScript before the kernel: the specification, bit for bit. */
function reference(projection: Float32Array, k: number, cols: number[], weights: number[]): Float32Array {
  const v = new Float32Array(k);
  for (let e = 0; e < cols.length; e++)
    for (let j = 0; j < k; j++) v[j]! += weights[e]! * projection[cols[e]! * k + j]!;
  return v;
}

describe('the LSA projection in WebAssembly', () => {
  it.each([128, 37, 2])('gives the JavaScript sum bit for bit (k = %i), document after document', (k) => {
    const terms = 300;
    const projection = randomFloats(terms * k, k);
    const kernel = new ConceptProjection(projection, k);
    const weights = Array.from(randomFloats(500, 7), (w) => w / 3.7);
    for (const n of [1, 5, 120, 500]) {
      const cols = Array.from({ length: n }, (_, e) => (e * 7919 + n) % terms);
      const sum = kernel.sum(cols, weights.slice(0, n));
      expect(sum).toHaveLength(k);
      expect(
        Buffer.from(sum.buffer).equals(Buffer.from(reference(projection, k, cols, weights.slice(0, n)).buffer)),
      ).toBe(true);
    }
  });

  it('gives zeros for no terms', () => {
    expect(Array.from(new ConceptProjection(randomFloats(20, 1), 4).sum([], []))).toEqual([0, 0, 0, 0]);
  });
});
