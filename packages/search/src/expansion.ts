/**
 * Query expansion from the site's own co-occurrence statistics: each query word brings the
 * words nearest to it in the LSA concept space (cosine of the rows of the trained term
 * projection: words used in the same posts), at most NEIGHBOURS of them above MIN_COSINE, which
 * BM25 then counts at EXPANSION_WEIGHT of a query word. So "decoher" also matches "nois" and
 * "t2" on a quantum site, learnt from that site and retrained with it by `npm run reindex`.
 * Cost per query word: one scan of the vocabulary's rows (int8 with SIMD, int8-rows.ts, when the
 * model's size allows), remembered per model, so a repeated word costs nothing; it grows
 * with the vocabulary the model keeps, not with the number of questions.
 */
import { Int8Rows } from './int8-rows.ts';
import type { LsaModel } from './lsa.ts';
import { best } from './vector-index.ts';

/** Chosen on the tuning half of the pairs (bench/RESULTS.md, decision record 0039). */
const NEIGHBOURS = 3;
const MIN_COSINE = 0.4;
export const EXPANSION_WEIGHT = 0.3;
/** Rows re-scored exactly after the int8 scan. */
const RESCORED = 16;
/** Words whose neighbours are remembered per model. */
const REMEMBERED = 20_000;

interface TermSpace {
  lexemes: string[];
  /** Unit-length term rows, vocabulary × k. */
  unit: Float32Array;
  rows: Int8Rows | null;
  known: Map<string, string[]>;
}

const spaces = new WeakMap<LsaModel, TermSpace>();

function termSpace(model: LsaModel): TermSpace {
  let space = spaces.get(model);
  if (space) return space;
  const { k, projection } = model;
  const unit = new Float32Array(projection);
  const rows = k % 16 ? null : new Int8Rows(k);
  for (let t = 0; t < model.terms.size; t++) {
    let norm = 0;
    for (let j = 0; j < k; j++) norm += unit[t * k + j]! ** 2;
    norm = Math.sqrt(norm) || 1;
    for (let j = 0; j < k; j++) unit[t * k + j]! /= norm;
    rows?.put(t, unit.subarray(t * k, (t + 1) * k));
  }
  space = { lexemes: [...model.terms.keys()], unit, rows, known: new Map() };
  spaces.set(model, space);
  return space;
}

function neighbours(model: LsaModel, space: TermSpace, lexeme: string): string[] {
  const remembered = space.known.get(lexeme);
  if (remembered) return remembered;
  const col = model.terms.get(lexeme);
  const found: string[] = [];
  if (col !== undefined) {
    const { k } = model;
    const { unit } = space;
    const own = unit.subarray(col * k, (col + 1) * k);
    const exact = (t: number) => {
      let s = 0;
      for (let j = 0; j < k; j++) s += own[j]! * unit[t * k + j]!;
      return s;
    };
    const rough = space.rows?.scores(own);
    const picked = rough
      ? best(RESCORED + 1, rough.length, (t) => rough[t]!).map((r) => r.i)
      : [...Array(space.lexemes.length).keys()];
    const scored = best(NEIGHBOURS + 1, picked.length, (i) => (picked[i] === col ? -Infinity : exact(picked[i]!))).map(
      (r) => [picked[r.i]!, r.score] as const,
    );
    for (const [t, cosine] of scored.slice(0, NEIGHBOURS)) if (cosine > MIN_COSINE) found.push(space.lexemes[t]!);
  }
  if (space.known.size >= REMEMBERED) space.known.clear();
  space.known.set(lexeme, found);
  return found;
}

/** The words the query's words bring, with their weight in BM25 (none without a model). */
export function expandQuery(model: LsaModel | null, query: string[]): Map<string, number> {
  const added = new Map<string, number>();
  if (!model) return added;
  const space = termSpace(model);
  const own = new Set(query);
  for (const lexeme of own)
    for (const near of neighbours(model, space, lexeme)) if (!own.has(near)) added.set(near, EXPANSION_WEIGHT);
  return added;
}
