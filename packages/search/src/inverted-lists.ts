/**
 * An inverted-file index (IVF; Jégou, Douze & Schmid 2011, as in FAISS) over the in-memory
 * vectors: about √N centroids found by spherical k-means on a sample, each row filed under its
 * nearest centroid, and a query scanning only the lists whose centroids are nearest to it. Each
 * list holds its rows' int8 copies side by side (int8-rows.ts): rows picked from all over one
 * array were 8× slower to scan than the same number read in order. What it gives up is a
 * neighbour filed under a centroid the query did not probe; how often that changes the results
 * is measured against the exact scan (decision record 0045). Training and filing run in slices
 * that yield to the event loop, so a server keeps answering meanwhile.
 */
import { int8Query, Int8Rows } from './int8-rows.ts';

/** Rows filed or trained on between two turns of the event loop (~10 ms at 512 dimensions and 316 lists). */
const SLICE = 500;
/** Sample rows per centroid that k-means trains on, and its rounds. */
const SAMPLE_PER_LIST = 32;
const ROUNDS = 8;
/** Room a list starts with (its int8 rows and its members), doubled as needed. */
const FIRST_ROOM = 64;

const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

/** The vectors being indexed, as they are now: `length` rows of `dims` floats. */
export interface Rows {
  dims: number;
  length: number;
  vector(slot: number): Float32Array;
}

interface List {
  /** The int8 copies of its rows, in the order of `members`. */
  rows: Int8Rows;
  /** The slots of its rows. */
  members: Int32Array;
  size: number;
}

/** The rows a query probed, and their approximate dot products with it. */
export interface Probed {
  slots: Int32Array;
  scores: Float32Array;
}

export class InvertedLists {
  private readonly lists: List[];
  /** Each slot's list (−1: not filed) and its place in it. */
  private listOf = new Int32Array(0);
  private place = new Int32Array(0);

  private constructor(
    private readonly centroids: Int8Rows,
    readonly count: number,
    /** How many rows the centroids were trained for (the index retrains when it has doubled). */
    readonly trainedFor: number,
    private readonly rows: Rows,
  ) {
    this.lists = Array.from({ length: count }, () => ({
      rows: new Int8Rows(rows.dims, FIRST_ROOM),
      members: new Int32Array(FIRST_ROOM),
      size: 0,
    }));
  }

  /** Trains √n centroids on a sample of `rows`, then files every row; `onCreated` gets the lists before the filing starts, so rows written meanwhile are filed (again) as they change. */
  static async build(rows: Rows, onCreated: (lists: InvertedLists) => void): Promise<InvertedLists> {
    const n = rows.length;
    const count = Math.max(1, Math.round(Math.sqrt(n)));
    const lists = new InvertedLists(await kMeans(rows, count), count, n, rows);
    onCreated(lists);
    for (let slot = 0; slot < n; slot++) {
      lists.file(slot, rows.vector(slot));
      if (slot % SLICE === SLICE - 1) await nextTurn();
    }
    return lists;
  }

  /** Files row `slot` (new, or its vector changed) under the centroid nearest to `vector`. */
  file(slot: number, vector: ArrayLike<number>): void {
    const to = nearestOf(this.centroids.scores(vector));
    if (slot >= this.listOf.length) {
      const listOf = new Int32Array(Math.max(1024, slot * 2)).fill(-1);
      listOf.set(this.listOf);
      const place = new Int32Array(listOf.length);
      place.set(this.place);
      [this.listOf, this.place] = [listOf, place];
    }
    const from = this.listOf[slot]!;
    if (from === to) {
      this.lists[to]!.rows.put(this.place[slot]!, vector);
      return;
    }
    if (from >= 0) {
      // The list's last row takes the leaving row's place.
      const list = this.lists[from]!;
      const [at, last] = [this.place[slot]!, list.members[--list.size]!];
      if (last !== slot) {
        list.members[at] = last;
        list.rows.put(at, this.rows.vector(last));
        this.place[last] = at;
      }
      list.rows.truncate(list.size);
    }
    const list = this.lists[to]!;
    if (list.size === list.members.length) {
      const members = new Int32Array(list.size * 2);
      members.set(list.members);
      list.members = members;
    }
    list.rows.put(list.size, vector);
    list.members[list.size] = slot;
    [this.place[slot], this.listOf[slot]] = [list.size++, to];
  }

  /** The rows of the `probes` lists nearest to `query`, and of further lists until there are at least `atLeast` rows, with their int8 scores. */
  probe(query: ArrayLike<number>, probes: number, atLeast: number): Probed {
    // Made int8 once for the centroids and every list probed.
    const quantized = int8Query(query, this.rows.dims);
    const near = new Float32Array(this.count);
    this.centroids.scoresInto(quantized, near, 0);
    const order = [...near.keys()].sort((a, b) => near[b]! - near[a]!);
    let [total, taken] = [0, 0];
    while (taken < order.length && (taken < probes || total < atLeast)) total += this.lists[order[taken++]!]!.size;
    const probed = { slots: new Int32Array(total), scores: new Float32Array(total) };
    let at = 0;
    for (const c of order.slice(0, taken)) {
      const list = this.lists[c]!;
      if (!list.size) continue;
      probed.slots.set(list.members.subarray(0, list.size), at);
      list.rows.scoresInto(quantized, probed.scores, at);
      at += list.size;
    }
    return probed;
  }
}

function nearestOf(scores: Float32Array): number {
  let best = 0;
  for (let c = 1; c < scores.length; c++) if (scores[c]! > scores[best]!) best = c;
  return best;
}

/** Spherical k-means (unit centroids, nearest by dot product) on an evenly spread sample, started from evenly spread sample rows: deterministic. */
async function kMeans(rows: Rows, count: number): Promise<Int8Rows> {
  const { dims, length } = rows;
  const sampled = Math.min(length, count * SAMPLE_PER_LIST);
  const sample = Array.from({ length: sampled }, (_, i) => Math.floor((i * length) / sampled));
  const centroids = new Int8Rows(dims, count);
  const sums = new Float64Array(count * dims);
  const sizes = new Int32Array(count);
  const setCentroid = (c: number, from: ArrayLike<number>) => {
    let norm = 0;
    for (let i = 0; i < dims; i++) norm += from[i]! ** 2;
    norm = Math.sqrt(norm) || 1;
    centroids.put(
      c,
      Float32Array.from({ length: dims }, (_, i) => from[i]! / norm),
    );
  };
  for (let c = 0; c < count; c++) setCentroid(c, rows.vector(sample[Math.floor((c * sampled) / count)]!));
  for (let round = 0; round < ROUNDS; round++) {
    sums.fill(0);
    sizes.fill(0);
    for (let i = 0; i < sampled; i++) {
      const v = rows.vector(sample[i]!);
      const c = nearestOf(centroids.scores(v));
      sizes[c]!++;
      for (let j = 0, base = c * dims; j < dims; j++) sums[base + j]! += v[j]!;
      if (i % SLICE === SLICE - 1) await nextTurn();
    }
    // An empty centroid restarts from a sample row (spread over the rounds and centroids).
    for (let c = 0; c < count; c++)
      setCentroid(
        c,
        sizes[c]
          ? sums.subarray(c * dims, (c + 1) * dims)
          : rows.vector(sample[(c * 7919 + round * 104_729) % sampled]!),
      );
  }
  return centroids;
}
