/**
 * Hybrid natural-language ranking: candidates are the nearest questions by embedding and the
 * best full-text matches for any of the query's words; each candidate is scored
 * `weights.embedding * cosine + weights.fullText * (full-text rank / best full-text rank)
 *  + weights.lsa * LSA cosine`.
 * The embedding finds rewordings; the full-text part rescues the site's own vocabulary, which
 * a general-purpose sentence model lacks (bench/RESULTS.md "Natural-language search").
 * The full-text query runs in the database while the model embeds the text and the vectors
 * are scanned; repeated texts reuse their vector (query-cache.ts).
 */
import { commonStems, describeCandidates, fullTextCandidates, questionTerms, type Db } from '@fso/db';
import { dot, type Embedder } from './embedder.ts';
import { lsaVectors, type LsaModel } from './lsa.ts';
import { cachedQueryEmbedding } from './query-cache.ts';
import type { VectorIndex } from './vector-index.ts';

export interface SearchWeights {
  embedding: number;
  fullText: number;
  /** Cosine in the LSA concept space, when a model was trained (`npm run reindex`). */
  lsa: number;
}

export const DEFAULT_WEIGHTS: SearchWeights = { embedding: 0.5, fullText: 0.3, lsa: 0.2 };

export interface SemanticHit {
  _id: string;
  title: string;
  score: number;
}

/** How many candidates each source proposes before the combined re-ranking. */
const CANDIDATES = 50;
/** How often the words too common to pick full-text candidates are looked up again. */
const COMMON_CHECK_MS = 60_000;

export interface SemanticSearch {
  search(text: string, topk: number, opts?: { exclude?: number; weights?: Partial<SearchWeights> }): Promise<SemanticHit[]>;
}

export function createSemanticSearch(deps: { db: Db; embedder: Embedder; index: () => Promise<VectorIndex>; lsa: () => Promise<LsaModel | null>; weights?: Partial<SearchWeights> }): SemanticSearch {
  const { db, embedder } = deps;
  const embedQuery = cachedQueryEmbedding(embedder);
  let common: { stems: Promise<string[]>; at: number } | null = null;
  const commonWords = () => {
    if (!common || Date.now() - common.at > COMMON_CHECK_MS) common = { stems: commonStems(db).catch(() => []), at: Date.now() };
    return common.stems;
  };

  /** LSA cosine of each candidate with the query; empty when no model is trained. */
  async function conceptScores(ids: number[], text: string): Promise<Map<number, number>> {
    const model = await deps.lsa();
    const scores = new Map<number, number>();
    if (!model) return scores;
    const vectors = lsaVectors(model, await questionTerms(db, ids, text));
    const query = vectors.get(0);
    if (!query) return scores;
    for (const [id, v] of vectors) if (id !== 0 && v) scores.set(id, dot(query, v));
    return scores;
  }

  return {
    async search(text, topk, opts = {}) {
      const weights = { ...DEFAULT_WEIGHTS, ...deps.weights, ...opts.weights };
      const nearest = async () => {
        const [query, index] = await Promise.all([embedQuery(text), deps.index()]);
        return { query, near: await index.nearest(query, CANDIDATES) };
      };
      const matches = async () => fullTextCandidates(db, text, CANDIDATES, await commonWords());
      const [{ query, near }, words] = await Promise.all([nearest(), matches()]);
      const ids = [...new Set([...near, ...words].map((s) => s.questionId))].filter((id) => id !== opts.exclude);
      const cosines = new Map(near.map((n) => [n.questionId, n.score]));
      const unscored = ids.filter((id) => !cosines.has(id));
      const [candidates, concepts] = await Promise.all([describeCandidates(db, embedder.name, text, ids, unscored), weights.lsa > 0 ? conceptScores(ids, text) : null]);
      const bestFullText = Math.max(1e-9, ...candidates.map((c) => c.fullText));
      return candidates
        .map((c) => ({
          _id: String(c.questionId),
          title: c.title,
          score:
            weights.embedding * (cosines.get(c.questionId) ?? (c.embedding ? dot(query, c.embedding) : 0)) +
            weights.fullText * (c.fullText / bestFullText) +
            weights.lsa * (concepts?.get(c.questionId) ?? 0),
        }))
        .sort((a, b) => b.score - a.score || Number(b._id) - Number(a._id))
        .slice(0, topk);
    },
  };
}
