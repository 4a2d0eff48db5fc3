/**
 * Where game rules get randomness: always passed in, so the rules stay pure. The server passes
 * node:crypto (packages/platform/src/crypto-rng.ts); `createRng` is a seeded generator (mulberry32) for
 * tests that replay a game. Never use it for a real game: its seed can be searched.
 */
export interface Rng {
  /** An integer in [0, maxExclusive). */
  int(maxExclusive: number): number;
}

export function createRng(seed: number): Rng {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return { int: (maxExclusive) => Math.floor(next() * maxExclusive) };
}
