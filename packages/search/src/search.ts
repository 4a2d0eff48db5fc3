/**
 * Hybrid natural-language ranking: candidates are the nearest questions by embedding and the
 * best full-text matches for any of the query's words; three legs rank them — the sentence
 * embedding's cosine, BM25F over what the question is about (its title and tags weighted over
 * its body and best answer; bm25.ts), the query expanded with the words its words co-occur with
 * on the site (expansion.ts), and the cosine in the site's
 * LSA concept space (lsa.ts; the query's words stand for the words they co-occur with) — and
 * their ranks are fused (fusion.ts) with `weights`. Rank fusion always has a best candidate, even
 * for a query about nothing on the site, so a question is offered only when it is close enough
 * in meaning (its embedding's cosine with the query's at least MIN_SIMILARITY) or holds more
 * than half of the query's words (issue 42, decision record 0086).
 * The embedding finds rewordings; the word legs rescue the site's own vocabulary, which a
 * general-purpose sentence model lacks (bench/RESULTS.md "Natural-language search").
 * The full-text query runs in the database while the model embeds the text and the vectors
 * are scanned; repeated texts reuse their vector (query-cache.ts). The scan and the fusion take
 * turns on the server's thread (cpu-turns.ts), so other requests are served between them.
 */
import type { SearchStore, TermCount } from '@fso/db';
import { bm25Scores } from './bm25.ts';
import { cpuTurns } from './cpu-turns.ts';
import { dot, type Embedder } from './embedder.ts';
import { expandQuery } from './expansion.ts';
import { fuseByRank } from './fusion.ts';
import { lsaVectors, type LsaModel } from './lsa.ts';
import { cachedQueryEmbedding } from './query-cache.ts';
import type { VectorIndex } from './vector-index.ts';

/** Each leg's weight in the rank fusion. */
export interface SearchWeights {
  embedding: number;
  /** BM25F over title and body. */
  fullText: number;
  /** Cosine in the LSA concept space, when a model was trained (`npm run reindex`). */
  lsa: number;
}

/** Plain reciprocal rank fusion: on the tuning half of the dump's pairs no other weights did better (bench/RESULTS.md, decision record 0039). */
export const DEFAULT_WEIGHTS: SearchWeights = { embedding: 1, fullText: 1, lsa: 1 };

export interface SemanticHit {
  _id: string;
  title: string;
  score: number;
  /** The cosine of the question's embedding with the query's; null while the question has no embedding yet (full text found it). */
  similarity: number | null;
}

/**
 * The least cosine a hit needs unless it holds more than half of the query's words: chosen on the imported
 * dump's real queries (bench/nl-floor.ts, bench/RESULTS.md "Relevance floor", decision record 0086).
 */
export const MIN_SIMILARITY = 0.45;

/** How many candidates each source proposes before the combined re-ranking. */
const CANDIDATES = 50;
/** How often the words too common to pick full-text candidates are looked up again. */
const COMMON_CHECK_MS = 60_000;

export interface SemanticSearch {
  search(
    text: string,
    topk: number,
    opts?: { exclude?: number; weights?: Partial<SearchWeights>; floor?: number },
  ): Promise<SemanticHit[]>;
}

export function createSemanticSearch(deps: {
  store: SearchStore;
  embedder: Embedder;
  index: () => Promise<VectorIndex>;
  lsa: () => Promise<LsaModel | null>;
  weights?: Partial<SearchWeights>;
}): SemanticSearch {
  const { store, embedder } = deps;
  const embedQuery = cachedQueryEmbedding(embedder);
  const turn = cpuTurns();
  let common: { stems: Promise<Map<string, number>>; at: number } | null = null;
  const commonWords = () => {
    if (!common || Date.now() - common.at > COMMON_CHECK_MS)
      common = { stems: store.commonStems().catch(() => new Map<string, number>()), at: Date.now() };
    return common.stems;
  };

  const queryWords = (terms: TermCount[]) => terms.filter((t) => t.doc === 0).map((t) => t.lexeme);

  /** The candidates that hold more than half of the query's words (after stemming, stop words dropped). */
  function holdingMostWords(terms: TermCount[], words: string[]): Set<number> {
    const held = new Map<number, number>();
    const wanted = new Set(words);
    for (const t of terms) if (t.doc !== 0 && wanted.has(t.lexeme)) held.set(t.doc, (held.get(t.doc) ?? 0) + 1);
    return new Set([...held].filter(([, n]) => n > wanted.size / 2).map(([id]) => id));
  }

  /** LSA cosine of each candidate with the query (doc 0 of `terms`); empty when no model is trained. */
  function conceptScores(model: LsaModel | null, terms: TermCount[]): Map<number, number> {
    const scores = new Map<number, number>();
    if (!model) return scores;
    const vectors = lsaVectors(model, terms);
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
        return { query, index, near: await turn(() => index.nearest(query, CANDIDATES)) };
      };
      const matches = async () => store.fullTextCandidates(text, CANDIDATES, await commonWords());
      const [{ query, index, near }, words] = await Promise.all([nearest(), matches()]);
      const ids = [...new Set([...near, ...words].map((s) => s.questionId))].filter((id) => id !== opts.exclude);
      const cosines = new Map(near.map((n) => [n.questionId, n.score]));
      const unscored = ids.filter((id) => !cosines.has(id));
      const [{ titles, terms }, vectors, model] = await Promise.all([
        store.describeCandidates(ids, text),
        index.vectors(unscored),
        deps.lsa(),
      ]);
      return turn(() => {
        for (const [id, v] of vectors) cosines.set(id, dot(query, v));
        const fused = fuseByRank([
          { weight: weights.embedding, scores: cosines },
          { weight: weights.fullText, scores: bm25Scores(model, terms, expandQuery(model, queryWords(terms))) },
          { weight: weights.lsa, scores: conceptScores(model, terms) },
        ]);
        const floor = opts.floor ?? MIN_SIMILARITY;
        const worded = holdingMostWords(terms, queryWords(terms));
        return [...titles]
          .map(([id, title]) => ({
            _id: String(id),
            title,
            score: fused.get(id) ?? 0,
            similarity: cosines.get(id) ?? null,
          }))
          .filter((hit) => hit.similarity === null || hit.similarity >= floor || worded.has(Number(hit._id)))
          .sort((a, b) => b.score - a.score || Number(b._id) - Number(a._id))
          .slice(0, topk);
      });
    },
  };
}
