/**
 * Hybrid natural-language ranking: candidates are the nearest questions by embedding and the
 * best full-text matches for any of the query's words; each candidate is scored
 * `weights.embedding * cosine + weights.fullText * (full-text rank / best full-text rank)`.
 * The embedding finds rewordings; the full-text part rescues the site's own vocabulary, which
 * a general-purpose sentence model lacks (bench/RESULTS.md "Natural-language search").
 */
import { describeCandidates, fullTextCandidates, type Db } from '@fso/db';
import { dot, type Embedder } from './embedder.ts';
import type { VectorIndex } from './vector-index.ts';

export interface SearchWeights {
  embedding: number;
  fullText: number;
}

export const DEFAULT_WEIGHTS: SearchWeights = { embedding: 0.6, fullText: 0.4 };

export interface SemanticHit {
  _id: string;
  title: string;
  score: number;
}

/** How many candidates each source proposes before the combined re-ranking. */
const CANDIDATES = 50;

export interface SemanticSearch {
  search(text: string, topk: number, opts?: { exclude?: number; weights?: SearchWeights }): Promise<SemanticHit[]>;
}

export function createSemanticSearch(deps: { db: Db; embedder: Embedder; index: () => Promise<VectorIndex>; weights?: SearchWeights }): SemanticSearch {
  const { db, embedder } = deps;
  return {
    async search(text, topk, opts = {}) {
      const weights = opts.weights ?? deps.weights ?? DEFAULT_WEIGHTS;
      const [query] = await embedder.embed([text]);
      const index = await deps.index();
      const [near, words] = await Promise.all([
        weights.embedding > 0 ? index.nearest(query!, CANDIDATES) : Promise.resolve([]),
        weights.fullText > 0 ? fullTextCandidates(db, text, CANDIDATES) : Promise.resolve([]),
      ]);
      const ids = [...new Set([...near, ...words].map((s) => s.questionId))].filter((id) => id !== opts.exclude);
      const candidates = await describeCandidates(db, embedder.name, text, ids);
      const bestFullText = Math.max(1e-9, ...candidates.map((c) => c.fullText));
      return candidates
        .map((c) => ({
          _id: String(c.questionId),
          title: c.title,
          score: weights.embedding * (c.embedding ? dot(query!, c.embedding) : 0) + weights.fullText * (c.fullText / bestFullText),
        }))
        .sort((a, b) => b.score - a.score || Number(b._id) - Number(a._id))
        .slice(0, topk);
    },
  };
}
