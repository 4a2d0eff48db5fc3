/**
 * An inverted-file index (IVF; Jégou, Douze & Schmid 2011, as in FAISS) over the in-memory
 * vectors: about √N centroids found by spherical k-means on a sample, each row listed under its
 * nearest centroid, and a query looking only at the rows of the lists whose centroids are
 * nearest to it. What it gives up is a neighbour filed under a centroid the query did not probe;
 * how often that changes the results is measured against the exact scan (decision record 0045).
 * Training and filing run in slices that yield to the event loop, so a server keeps answering.
 */
import { Int8Rows } from './int8-rows.ts';

/** Rows filed between two turns of the event loop while building. */
const SLICE = 2000;
/** Sample rows per centroid that k-means trains on, and its rounds. */
const SAMPLE_PER_LIST = 32;
const ROUNDS = 8;

const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

/** The vectors being indexed, as they are now: `length` rows of `dims` floats. */
export interface Rows {
  dims: number;
  length: number;
  vector(slot: number): Float32Array;
}

export class InvertedLists {
  private members: Int32Array[];
  private sizes: Int32Array;
  /** Each slot's list (−1: not filed) and its place in it. */
  private listOf = new Int32Array(0).fill(-1);
  private place = new Int32Array(0);

  private constructor(
    private readonly centroids: Int8Rows,
    readonly count: number,
    /** How many rows the centroids were trained for (the index retrains when it has doubled). */
    readonly trainedFor: number,
  ) {
    this.members = Array.from({ length: count }, () => new Int32Array(16));
    this.sizes = new Int32Array(count);
  }

  /** Trains √n centroids on a sample of `rows`, then files every row; `onCreated` gets the lists before the filing starts, so rows written meanwhile can be filed (again) as they change. */
  static async build(rows: Rows, onCreated: (lists: InvertedLists) => void): Promise<InvertedLists> {
    const n = rows.length;
    const count = Math.max(1, Math.round(Math.sqrt(n)));
    const lists = new InvertedLists(await kMeans(rows, count), count, n);
    onCreated(lists);
    for (let slot = 0; slot < n; slot++) {
      lists.file(slot, rows.vector(slot));
      if (slot % SLICE === SLICE - 1) await nextTurn();
    }
    return lists;
  }

  /** Files row `slot` under the centroid nearest to `vector` (moving it if it was filed elsewhere). */
  file(slot: number, vector: ArrayLike<number>): void {
    const list = nearestOf(this.centroids.scores(vector));
    if (slot >= this.listOf.length) {
      const grown = new Int32Array(Math.max(1024, slot * 2)).fill(-1);
      grown.set(this.listOf);
      this.listOf = grown;
      const place = new Int32Array(grown.length);
      place.set(this.place);
      this.place = place;
    }
    const old = this.listOf[slot]!;
    if (old === list) return;
    if (old >= 0) {
      // The list's last member takes the leaving row's place.
      const last = this.members[old]![--this.sizes[old]!]!;
      this.members[old]![this.place[slot]!] = last;
      this.place[last] = this.place[slot]!;
    }
    let members = this.members[list]!;
    if (this.sizes[list] === members.length) {
      members = new Int32Array(members.length * 2);
      members.set(this.members[list]!);
      this.members[list] = members;
    }
    this.place[slot] = this.sizes[list]!;
    members[this.sizes[list]!++] = slot;
    this.listOf[slot] = list;
  }

  /** The rows of the `probes` lists nearest to `query`, and of further lists until there are at least `atLeast` rows. */
  probe(query: ArrayLike<number>, probes: number, atLeast: number): Int32Array {
    const scores = this.centroids.scores(query);
    const order = [...scores.keys()].sort((a, b) => scores[b]! - scores[a]!);
    let total = 0;
    let taken = 0;
    while (taken < order.length && (taken < probes || total < atLeast)) total += this.sizes[order[taken++]!]!;
    const slots = new Int32Array(total);
    let at = 0;
    for (const list of order.slice(0, taken)) {
      slots.set(this.members[list]!.subarray(0, this.sizes[list]!), at);
      at += this.sizes[list]!;
    }
    return slots;
  }
}

function nearestOf(scores: Float32Array): number {
  let best = 0;
  for (let c = 1; c < scores.length; c++) if (scores[c]! > scores[best]!) best = c;
  return best;
}

/** Spherical k-means (unit centroids, nearest by dot product) on an evenly spread sample, from evenly spread sample rows; deterministic. */
async function kMeans(rows: Rows, count: number): Promise<Int8Rows> {
  const { dims, length } = rows;
  const sampled = Math.min(length, count * SAMPLE_PER_LIST);
  const sample = Array.from({ length: sampled }, (_, i) => Math.floor((i * length) / sampled));
  const row = (slot: number) => rows.vector(slot);
  const centroids = new Int8Rows(dims);
  const sums = new Float64Array(count * dims);
  const sizes = new Int32Array(count);
  const setCentroid = (c: number, from: ArrayLike<number>) => {
    let norm = 0;
    for (let i = 0; i < dims; i++) norm += from[i]! ** 2;
    norm = Math.sqrt(norm) || 1;
    centroids.put(c, Float32Array.from({ length: dims }, (_, i) => from[i]! / norm));
  };
  for (let c = 0; c < count; c++) setCentroid(c, row(sample[Math.floor((c * sampled) / count)]!));
  for (let round = 0; round < ROUNDS; round++) {
    sums.fill(0);
    sizes.fill(0);
    for (let i = 0; i < sampled; i++) {
      const v = row(sample[i]!);
      const c = nearestOf(centroids.scores(v));
      sizes[c]!++;
      for (let j = 0, base = c * dims; j < dims; j++) sums[base + j]! += v[j]!;
      if (i % SLICE === SLICE - 1) await nextTurn();
    }
    // An empty centroid restarts from a sample row (spread over the rounds and centroids).
    for (let c = 0; c < count; c++) setCentroid(c, sizes[c] ? sums.subarray(c * dims, (c + 1) * dims) : row(sample[(c * 7919 + round * 104_729) % sampled]!));
  }
  return centroids;
}
