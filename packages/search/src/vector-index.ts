/**
 * Nearest questions by embedding. Where migration 0004 found pgvector, the database answers
 * through its HNSW index; elsewhere (Debian's PostgreSQL has no pgvector) every vector of the
 * current model is held in memory twice: as floats, and as int8 rows scanned with WebAssembly
 * SIMD (int8-rows.ts). A query scans the int8 rows, then re-scores the best few hundred exactly
 * from the floats, so the answer is the exact nearest ones unless the int8 error (about 0.001)
 * reorders rows beyond that margin. From LISTED_FROM vectors on, the int8 rows are filed in
 * inverted lists (inverted-lists.ts) and a query scans only the PROBED share of the lists nearest
 * to it: an approximation, measured against the full scan in decision record 0045. The in-memory
 * copy catches up with rows written since its last look (by this process's worker, an import or
 * another instance) at most once per `refreshMs`; a deleted question may linger in it until
 * restart, which is harmless because results are read back from `questions`.
 */
import type { Scored, SearchStore } from '@fso/db';
import { Int8Rows } from './int8-rows.ts';
import { InvertedLists } from './inverted-lists.ts';

const LOOK_BACK_MS = 10_000;
/** Rows re-scored exactly after the int8 scan (at least; more when more are asked for). */
const RESCORED = 256;
/** From this many vectors on (by default), a query scans only the rows of its nearest lists (inverted-lists.ts); below, all of them (decision record 0045). */
const LISTED_FROM = 20_000;
/** The share of the lists a query probes, nearest first (chosen by the agreement with the exact scan: decision record 0045). */
const PROBED = 0.25;
/** Vectors read per query while loading. */
const LOAD_BATCH = 2000;

export interface VectorIndex {
  readonly kind: 'pgvector' | 'memory';
  nearest(vector: Float32Array, limit: number): Promise<Scored[]>;
  /** The stored vectors of these questions (from memory when held there: views, not to be written), by question id; one not embedded is missing. */
  vectors(ids: number[]): Promise<Map<number, Float32Array>>;
  /** Reads what the first search would otherwise wait for (the in-memory vectors). */
  warm(): Promise<void>;
}

export async function openVectorIndex(
  store: SearchStore,
  model: string,
  dimensions: number,
  opts: { refreshMs?: number; useIndex?: boolean; listedFrom?: number } = {},
): Promise<VectorIndex> {
  // The indexed column is vector(512); another size is scanned in memory.
  if ((opts.useIndex ?? true) && dimensions === 512 && (await store.hasVectorIndex())) {
    return {
      kind: 'pgvector',
      nearest: (vector, limit) => store.nearestByVector(model, vector, limit),
      vectors: async (ids) => new Map((await store.embeddingsOf(model, ids)).map((r) => [r.questionId, r.embedding])),
      warm: () => Promise.resolve(),
    };
  }
  return new MemoryIndex(store, model, dimensions, opts.refreshMs ?? 1000, opts.listedFrom ?? LISTED_FROM);
}

/** The indexes in 0..n-1 of the `limit` best by `score`, best first, with their scores. */
export function best(limit: number, n: number, score: (i: number) => number): { i: number; score: number }[] {
  const top: { i: number; score: number }[] = [];
  for (let i = 0; i < n; i++) {
    const value = score(i);
    if (top.length === limit && value <= top[limit - 1]!.score) continue;
    let at = top.length === limit ? limit - 1 : top.length;
    top[at] = { i, score: value };
    while (at > 0 && top[at - 1]!.score < value) {
      [top[at - 1], top[at]] = [top[at]!, top[at - 1]!];
      at--;
    }
  }
  return top;
}

/** The slots of the `limit` highest of `scores`, in no particular order: `best` without a call per row (100k rows a query). */
function bestSlots(scores: Float32Array, limit: number): number[] {
  const n = scores.length;
  if (n <= limit) return [...scores.keys()];
  // A bounded min-heap of slots by score: a row below the heap's least is one comparison.
  const heap = new Int32Array(limit);
  for (let s = 0; s < limit; s++) heap[s] = s;
  const less = (a: number, b: number) => scores[heap[a]!]! < scores[heap[b]!]!;
  const down = (at: number) => {
    for (;;) {
      const [l, r] = [2 * at + 1, 2 * at + 2];
      let least = at;
      if (l < limit && less(l, least)) least = l;
      if (r < limit && less(r, least)) least = r;
      if (least === at) return;
      [heap[at], heap[least]] = [heap[least]!, heap[at]!];
      at = least;
    }
  };
  for (let at = (limit >> 1) - 1; at >= 0; at--) down(at);
  let floor = scores[heap[0]!]!;
  for (let s = limit; s < n; s++) {
    if (scores[s]! <= floor) continue;
    heap[0] = s;
    down(0);
    floor = scores[heap[0]]!;
  }
  return Array.from(heap);
}

class MemoryIndex implements VectorIndex {
  readonly kind = 'memory';
  private ids: number[] = [];
  private slot = new Map<number, number>();
  private stamps = new Map<number, number>();
  private data: Float32Array;
  /** The same vectors as int8, where dimensions allow it (a multiple of 16), until inverted lists hold them. */
  private rows: Int8Rows | null;
  private covered = 0;
  private checked = 0;
  private loading: Promise<void> | null = null;
  /** Whether a load has finished: until then every search waits for it (it would see only part of the vectors). */
  private loaded = false;
  /** The inverted lists queries use, and those being built (both filed as rows change). */
  private lists: InvertedLists | null = null;
  private building: InvertedLists | null = null;
  private built: Promise<void> | null = null;

  constructor(
    private readonly store: SearchStore,
    private readonly model: string,
    private readonly dimensions: number,
    private readonly refreshMs: number,
    private readonly listedFrom: number,
  ) {
    this.data = new Float32Array(1024 * dimensions);
    this.rows = dimensions % 16 ? null : new Int8Rows(dimensions);
  }

  async nearest(vector: Float32Array, limit: number): Promise<Scored[]> {
    await this.refresh();
    const [data, d] = [this.data, this.dimensions];
    const exact = (s: number) => {
      // Inlined dot product over the flat array: no view or call per row.
      let score = 0;
      for (let i = 0, base = s * d; i < d; i++) score += vector[i]! * data[base + i]!;
      return score;
    };
    if (!this.lists && !this.rows)
      return best(limit, this.ids.length, exact).map((r) => ({ questionId: this.ids[r.i]!, score: r.score }));
    const rescored = Math.max(RESCORED, limit * 2);
    let picked: number[];
    if (this.lists) {
      const { slots, scores } = this.lists.probe(vector, Math.ceil(PROBED * this.lists.count), rescored);
      picked = bestSlots(scores, rescored).map((i) => slots[i]!);
    } else picked = bestSlots(this.rows!.scores(vector), rescored);
    return best(limit, picked.length, (i) => exact(picked[i]!)).map((r) => ({
      questionId: this.ids[picked[r.i]!]!,
      score: r.score,
    }));
  }

  async vectors(ids: number[]): Promise<Map<number, Float32Array>> {
    await this.refresh();
    const d = this.dimensions;
    const found = new Map<number, Float32Array>();
    for (const id of ids) {
      const s = this.slot.get(id);
      if (s !== undefined) found.set(id, this.data.subarray(s * d, (s + 1) * d));
    }
    return found;
  }

  async warm(): Promise<void> {
    await this.refresh();
    await this.built;
  }

  private refresh(): Promise<void> {
    if (this.loaded && Date.now() - this.checked < this.refreshMs) return Promise.resolve();
    this.loading ??= this.load().finally(() => {
      this.loading = null;
    });
    return this.loading;
  }

  private async load(): Promise<void> {
    // A save commits at most a few seconds after its stamp, so everything stamped LOOK_BACK_MS
    // before the previous read is known; rows from then on are re-checked by stamp, and only
    // vectors whose stamp is new to this index are read.
    const { now, stamps } = await this.store.embeddingStampsSince(this.model, this.covered);
    this.checked = Date.now();
    const changed = stamps.filter((s) => this.stamps.get(s.questionId) !== s.updatedAt);
    // The next batch is read while this one is stored: the database encodes as this process decodes.
    const read = (from: number) =>
      this.store.embeddingsOf(
        this.model,
        changed.slice(from, from + LOAD_BATCH).map((s) => s.questionId),
      );
    let next = changed.length ? read(0) : null;
    for (let from = 0; next; from += LOAD_BATCH) {
      const found = await next;
      next = from + LOAD_BATCH < changed.length ? read(from + LOAD_BATCH) : null;
      for (const row of found) this.put(row.questionId, row.embedding);
      for (const s of changed.slice(from, from + LOAD_BATCH)) this.stamps.set(s.questionId, s.updatedAt);
    }
    this.covered = now - LOOK_BACK_MS;
    if (
      this.dimensions % 16 === 0 &&
      !this.built &&
      this.ids.length >= Math.max(this.listedFrom, 2 * (this.lists?.trainedFor ?? 0))
    ) {
      this.built = this.buildLists();
      // Searches wait for the first lists as they wait for the vectors (a server builds both at
      // start); later ones are built in the background.
      if (!this.lists) await this.built;
    }
    this.loaded = true;
  }

  /** Trains and fills new lists; queries use the previous ones (or the full scan) until they are ready. */
  private async buildLists(): Promise<void> {
    try {
      const d = this.dimensions;
      const rows = { dims: d, length: this.ids.length, vector: (s: number) => this.data.subarray(s * d, (s + 1) * d) };
      this.lists = await InvertedLists.build(rows, (lists) => (this.building = lists));
      this.rows = null;
    } finally {
      this.building = null;
      this.built = null;
    }
  }

  private put(questionId: number, embedding: Float32Array): void {
    const d = this.dimensions;
    if (embedding.length !== d) return;
    let s = this.slot.get(questionId);
    if (s === undefined) {
      s = this.ids.length;
      this.ids.push(questionId);
      this.slot.set(questionId, s);
      if ((s + 1) * d > this.data.length) {
        const grown = new Float32Array(this.data.length * 2);
        grown.set(this.data);
        this.data = grown;
      }
    }
    this.data.set(embedding, s * d);
    this.rows?.put(s, embedding);
    this.lists?.file(s, embedding);
    this.building?.file(s, embedding);
  }
}
