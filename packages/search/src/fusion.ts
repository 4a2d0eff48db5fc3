/**
 * Reciprocal rank fusion (Cormack, Clarke & Büttcher 2009): each leg of the ranking (sentence
 * embedding, BM25F, LSA) ranks the candidates by its own score, and a candidate's fused score
 * is Σ weight / (K + rank). Ranks, not scores, are added, so legs whose scores live on different
 * scales (cosines, BM25 sums) need no normalisation, and no leg's outliers dominate.
 */

/** RRF's constant: smaller trusts each leg's top ranks more (chosen on the tuning half, bench/RESULTS.md). */
export const RRF_K = 5;

export interface Leg {
  weight: number;
  /** Score of each candidate the leg knows; a candidate missing or scoring ≤ 0 gets nothing from it. */
  scores: Map<number, number>;
}

/** Fused score of every candidate any leg scored above 0. Ties in a leg share its better rank. */
export function fuseByRank(legs: Leg[], k = RRF_K): Map<number, number> {
  const fused = new Map<number, number>();
  for (const { weight, scores } of legs) {
    if (weight <= 0) continue;
    const ranked = [...scores].filter(([, s]) => s > 0).sort((a, b) => b[1] - a[1]);
    let rank = 0;
    ranked.forEach(([id, score], i) => {
      if (i === 0 || score < ranked[i - 1]![1]) rank = i + 1;
      fused.set(id, (fused.get(id) ?? 0) + weight / (k + rank));
    });
  }
  return fused;
}
