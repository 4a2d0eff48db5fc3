/**
 * The full-text leg of natural-language ranking: BM25F (Robertson & Zaragoza 2009) of each
 * candidate question for the query's stemmed words, the title's words counted TITLE_WEIGHT times
 * (a title says what a question is about in a few words; duplicate-question studies weigh it
 * most), document frequencies and mean lengths from the site's posts as the last training saw
 * them (`CorpusStats`, saved with the LSA model by `npm run import` and `npm run reindex`).
 * Pure: the terms come from the database, the statistics from the model.
 */
import type { TermCount } from '@fso/db';
import type { LsaModel } from './lsa.ts';

/** Standard BM25 saturation and length normalisation. */
const K1 = 1.2;
const B = 0.75;
/** A title word counts as this many body words (chosen on the tuning half of the pairs, bench/RESULTS.md). */
export const TITLE_WEIGHT = 3;

/** Inverse document frequency of a term: from the model's counts, high for a term too rare to be in it, low for one too common. */
function idfOf(model: Pick<LsaModel, 'terms' | 'idf' | 'corpus'> | null): (lexeme: string) => number {
  const corpus = model?.corpus;
  if (!model || !corpus) return () => 1;
  const common = new Set(corpus.common);
  // The model's idf is ln((1 + N) / (1 + df)) + 1; a common term has df > N / 2, a rare one df ≤ 1.
  const [rare, frequent] = [Math.log((1 + corpus.posts) / 2), Math.log((1 + corpus.posts) / (1 + corpus.posts / 2))];
  return (lexeme) => {
    const col = model.terms.get(lexeme);
    if (col !== undefined) return model.idf[col]! - 1;
    return common.has(lexeme) ? frequent : rare;
  };
}

/**
 * BM25F score of each document (`doc` ≠ 0) of `counts` for the query, the terms of `doc` 0,
 * each of weight 1, and the words of `expansion` (expansion.ts) with theirs.
 * Documents sharing no query word score 0.
 */
export function bm25Scores(
  model: Pick<LsaModel, 'terms' | 'idf' | 'corpus'> | null,
  counts: TermCount[],
  expansion = new Map<string, number>(),
): Map<number, number> {
  const query = new Map(expansion);
  for (const c of counts) if (c.doc === 0) query.set(c.lexeme, 1);
  const idf = idfOf(model);
  const length = new Map<number, number>();
  for (const c of counts)
    if (c.doc !== 0) length.set(c.doc, (length.get(c.doc) ?? 0) + c.count + (TITLE_WEIGHT - 1) * c.title);
  const corpus = model?.corpus;
  const mean = corpus
    ? TITLE_WEIGHT * corpus.titleLength + corpus.bodyLength
    : [...length.values()].reduce((a, b) => a + b, 0) / Math.max(1, length.size);
  const scores = new Map<number, number>([...length.keys()].map((doc) => [doc, 0]));
  for (const c of counts) {
    const weight = c.doc === 0 ? 0 : (query.get(c.lexeme) ?? 0);
    if (!weight) continue;
    const tf = c.count + (TITLE_WEIGHT - 1) * c.title;
    const norm = K1 * (1 - B + (B * length.get(c.doc)!) / Math.max(1, mean));
    scores.set(c.doc, scores.get(c.doc)! + (weight * idf(c.lexeme) * tf * (K1 + 1)) / (tf + norm));
  }
  return scores;
}
