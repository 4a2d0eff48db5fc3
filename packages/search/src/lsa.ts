/**
 * Latent semantic analysis trained on the site's own posts: TF-IDF over stemmed terms, then a
 * randomized truncated SVD (Halko, Martinsson & Tropp 2011: range finder with power
 * iterations on the sparse matrix, then the small eigenproblem), keeping the term → concept
 * projection. It knows the site's vocabulary (which a general sentence model lacks) and
 * relates words that occur in the same posts, so "qubit" and "superposition" score as near.
 */
import type { TermCount } from '@fso/db';
import { normalize } from './embedder.ts';
import { ConceptProjection } from './lsa-kernel.ts';

export interface LsaModel {
  terms: Map<string, number>;
  idf: Float32Array;
  k: number;
  /** terms × k, row-major. */
  projection: Float32Array;
  /** What the site's posts look like, for BM25 (bm25.ts); absent from a model saved by an older version. */
  corpus?: CorpusStats;
}

/** Statistics of the training posts that the full-text leg of the ranking needs. */
export interface CorpusStats {
  /** Posts trained on (questions and answers). */
  posts: number;
  /** Mean number of title (and tag) words and of other words in a question (terms counted with repeats). */
  titleLength: number;
  bodyLength: number;
  /** Terms left out of the model for being in more than MAX_DF_SHARE of the posts. */
  common: string[];
}

export const LSA_MODEL_NAME = 'lsa';

/** Terms in fewer posts carry no co-occurrence; in more than this share they say nothing. */
const MIN_DF = 2;
const MAX_DF_SHARE = 0.5;

function groupByDoc(counts: TermCount[]): Map<number, TermCount[]> {
  const docs = new Map<number, TermCount[]>();
  for (const c of counts) {
    const list = docs.get(c.doc);
    if (list) list.push(c);
    else docs.set(c.doc, [c]);
  }
  return docs;
}

/** Sparse TF-IDF vector (sublinear tf, unit length) of one document's terms. */
function tfidf(model: Pick<LsaModel, 'terms' | 'idf'>, counts: TermCount[]): { cols: number[]; vals: number[] } {
  const cols: number[] = [];
  const vals: number[] = [];
  let norm = 0;
  for (const c of counts) {
    const col = model.terms.get(c.lexeme);
    if (col === undefined) continue;
    const v = (1 + Math.log(c.count)) * model.idf[col]!;
    cols.push(col);
    vals.push(v);
    norm += v * v;
  }
  norm = Math.sqrt(norm) || 1;
  return { cols, vals: vals.map((v) => v / norm) };
}

/** Orthonormalises the l columns of a rows × l row-major matrix in place (modified Gram-Schmidt). */
function orthonormalize(m: Float64Array, rows: number, l: number): void {
  for (let j = 0; j < l; j++) {
    for (let p = 0; p < j; p++) {
      let d = 0;
      for (let r = 0; r < rows; r++) d += m[r * l + j]! * m[r * l + p]!;
      for (let r = 0; r < rows; r++) m[r * l + j]! -= d * m[r * l + p]!;
    }
    let n = 0;
    for (let r = 0; r < rows; r++) n += m[r * l + j]! ** 2;
    n = Math.sqrt(n) || 1;
    for (let r = 0; r < rows; r++) m[r * l + j]! /= n;
  }
}

/** Eigenvectors (columns, by decreasing eigenvalue) of a symmetric l × l matrix, by Jacobi rotations. */
function symmetricEigenvectors(a: Float64Array, l: number): Float64Array {
  const v = new Float64Array(l * l);
  for (let i = 0; i < l; i++) v[i * l + i] = 1;
  for (let sweep = 0; sweep < 50; sweep++) {
    let off = 0;
    for (let p = 0; p < l; p++) for (let q = p + 1; q < l; q++) off += a[p * l + q]! ** 2;
    if (off < 1e-18) break;
    for (let p = 0; p < l; p++) {
      for (let q = p + 1; q < l; q++) {
        const apq = a[p * l + q]!;
        if (Math.abs(apq) < 1e-15) continue;
        const theta = (a[q * l + q]! - a[p * l + p]!) / (2 * apq);
        const t = Math.sign(theta || 1) / (Math.abs(theta) + Math.sqrt(theta * theta + 1));
        const c = 1 / Math.sqrt(t * t + 1);
        const s = t * c;
        for (let k = 0; k < l; k++) {
          const akp = a[k * l + p]!;
          const akq = a[k * l + q]!;
          a[k * l + p] = c * akp - s * akq;
          a[k * l + q] = s * akp + c * akq;
        }
        for (let k = 0; k < l; k++) {
          const apk = a[p * l + k]!;
          const aqk = a[q * l + k]!;
          a[p * l + k] = c * apk - s * aqk;
          a[q * l + k] = s * apk + c * aqk;
        }
        for (let k = 0; k < l; k++) {
          const vkp = v[k * l + p]!;
          const vkq = v[k * l + q]!;
          v[k * l + p] = c * vkp - s * vkq;
          v[k * l + q] = s * vkp + c * vkq;
        }
      }
    }
  }
  const order = [...Array(l).keys()].sort((x, y) => a[y * l + y]! - a[x * l + x]!);
  const sorted = new Float64Array(l * l);
  for (let r = 0; r < l; r++) for (let c = 0; c < l; c++) sorted[r * l + c] = v[r * l + order[c]!]!;
  return sorted;
}

/** A seeded standard normal generator, so training is reproducible. */
function gaussian(seed: number): () => number {
  let s = seed >>> 0;
  const uniform = () => {
    s = (s + 0x6d2b79f5) >>> 0;
    let t = Math.imul(s ^ (s >>> 15), 1 | s);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return () => Math.sqrt(-2 * Math.log(uniform() || 1e-12)) * Math.cos(2 * Math.PI * uniform());
}

export function trainLsa(
  counts: TermCount[],
  opts: { k?: number; oversample?: number; powerIterations?: number } = {},
): LsaModel | null {
  const docs = [...groupByDoc(counts).values()];
  const df = new Map<string, number>();
  for (const doc of docs) for (const c of doc) df.set(c.lexeme, (df.get(c.lexeme) ?? 0) + 1);
  const terms = new Map<string, number>();
  const idfValues: number[] = [];
  const common: string[] = [];
  for (const [lexeme, n] of df) {
    if (n > MAX_DF_SHARE * docs.length) common.push(lexeme);
    if (n < MIN_DF || n > MAX_DF_SHARE * docs.length) continue;
    terms.set(lexeme, terms.size);
    idfValues.push(Math.log((1 + docs.length) / (1 + n)) + 1);
  }
  const m = terms.size;
  const k = Math.min(opts.k ?? 128, m - 1, docs.length - 1);
  if (k < 2) return null;
  const l = Math.min(k + (opts.oversample ?? 10), m, docs.length);
  const base = { terms, idf: Float32Array.from(idfValues) };
  const rows = docs.map((doc) => tfidf(base, doc));
  const n = rows.length;

  // Y = Aᵀ Ω (m × l), then power iterations Y = Aᵀ (A Y), orthonormalising between steps.
  const times = (y: Float64Array) => {
    const z = new Float64Array(n * l);
    rows.forEach((row, i) =>
      row.cols.forEach((col, e) => {
        for (let c = 0; c < l; c++) z[i * l + c]! += row.vals[e]! * y[col * l + c]!;
      }),
    );
    return z;
  };
  const timesTransposed = (z: Float64Array) => {
    const y = new Float64Array(m * l);
    rows.forEach((row, i) =>
      row.cols.forEach((col, e) => {
        for (let c = 0; c < l; c++) y[col * l + c]! += row.vals[e]! * z[i * l + c]!;
      }),
    );
    return y;
  };
  const random = gaussian(20260906);
  let y = timesTransposed(Float64Array.from({ length: n * l }, random));
  for (let it = 0; it < (opts.powerIterations ?? 2); it++) {
    orthonormalize(y, m, l);
    const z = times(y);
    orthonormalize(z, n, l);
    y = timesTransposed(z);
  }
  orthonormalize(y, m, l);
  // C = A Q; the eigenvectors of Cᵀ C rotate Q onto the top right singular vectors.
  const c = times(y);
  const gram = new Float64Array(l * l);
  for (let i = 0; i < n; i++)
    for (let p = 0; p < l; p++) for (let q = 0; q < l; q++) gram[p * l + q]! += c[i * l + p]! * c[i * l + q]!;
  const u = symmetricEigenvectors(gram, l);
  const projection = new Float32Array(m * k);
  for (let t = 0; t < m; t++)
    for (let j = 0; j < k; j++) {
      let s = 0;
      for (let p = 0; p < l; p++) s += y[t * l + p]! * u[p * l + j]!;
      projection[t * k + j] = s;
    }
  return { ...base, k, projection, corpus: corpusStats(docs, common) };
}

function corpusStats(docs: TermCount[][], common: string[]): CorpusStats {
  const questions = docs.filter((d) => d[0]!.doc > 0);
  let title = 0;
  let body = 0;
  for (const d of questions) for (const c of d) [title, body] = [title + c.title, body + c.count - c.title];
  const n = Math.max(1, questions.length);
  return { posts: docs.length, titleLength: title / n, bodyLength: body / n, common: common.sort() };
}

/** Each model's projection in WebAssembly memory, made on its first search. */
const projections = new WeakMap<LsaModel, ConceptProjection>();

/** The unit-length concept vector of each document's terms (null when it has no known term). */
export function lsaVectors(model: LsaModel, counts: TermCount[]): Map<number, Float32Array | null> {
  let projection = projections.get(model);
  if (!projection) projections.set(model, (projection = new ConceptProjection(model.projection, model.k)));
  const out = new Map<number, Float32Array | null>();
  for (const [doc, list] of groupByDoc(counts)) {
    const { cols, vals } = tfidf(model, list);
    out.set(doc, cols.length ? normalize(projection.sum(cols, vals)) : null);
  }
  return out;
}

/** Bytes for the database: a JSON header (terms, k), then idf and the projection as float32. */
export function serializeLsa(model: LsaModel): Buffer {
  const header = Buffer.from(JSON.stringify({ terms: [...model.terms.keys()], k: model.k, corpus: model.corpus }));
  const size = Buffer.alloc(4);
  size.writeUInt32LE(header.length);
  const pad = Buffer.alloc((4 - ((4 + header.length) % 4)) % 4);
  return Buffer.concat([
    size,
    header,
    pad,
    Buffer.from(model.idf.buffer, model.idf.byteOffset, model.idf.byteLength),
    Buffer.from(model.projection.buffer, model.projection.byteOffset, model.projection.byteLength),
  ]);
}

export function deserializeLsa(data: Buffer): LsaModel {
  const length = data.readUInt32LE(0);
  const { terms, k, corpus } = JSON.parse(data.subarray(4, 4 + length).toString()) as {
    terms: string[];
    k: number;
    corpus?: CorpusStats;
  };
  const start = 4 + length + ((4 - ((4 + length) % 4)) % 4);
  const floats = new Float32Array(data.buffer.slice(data.byteOffset + start, data.byteOffset + data.byteLength));
  return {
    terms: new Map(terms.map((t, i) => [t, i])),
    k,
    idf: floats.slice(0, terms.length),
    projection: floats.slice(terms.length),
    corpus,
  };
}
