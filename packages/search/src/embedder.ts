/**
 * The one seam between search and the model: anything that turns texts into unit-length
 * vectors of a fixed size. Search, the worker, the importer and `npm run reindex` only see this
 * interface; `createEmbedder` picks the implementation (docs/semantic-search.md says how to
 * plug a local ONNX model). `name` is stored with each embedding, so a model change is noticed.
 */
export interface EmbedOptions {
  /** Work nobody waits for (queued questions, import, reindex): it may wait behind searches. */
  background?: boolean;
}

export interface Embedder {
  /** Stored beside each vector; change it whenever the vectors change meaning. */
  readonly name: string;
  readonly dimensions: number;
  /** One unit-length vector per text, in order. May load the model on first use. */
  embed(texts: string[], opts?: EmbedOptions): Promise<Float32Array[]>;
}

/** The text a question is embedded from: its title, then the start of its body. */
export function questionText(title: string, text: string): string {
  return `${title}\n${text.slice(0, 400)}`;
}

export function normalize(vector: Float32Array): Float32Array {
  let norm = 0;
  for (const v of vector) norm += v * v;
  norm = Math.sqrt(norm) || 1;
  for (let i = 0; i < vector.length; i++) vector[i]! /= norm;
  return vector;
}

/** Dot product; the cosine similarity of two unit vectors. */
export function dot(a: ArrayLike<number>, b: ArrayLike<number>): number {
  let sum = 0;
  const n = Math.min(a.length, b.length);
  for (let i = 0; i < n; i++) sum += a[i]! * b[i]!;
  return sum;
}
