/**
 * Nearest questions by embedding. Where migration 0004 found pgvector, the database answers
 * through its HNSW index; elsewhere (Debian's PostgreSQL has no pgvector) every vector of the
 * current model is held in one Float32Array and scanned exactly. The in-memory copy catches up
 * with rows written since its last look (by this process's worker, an import or another
 * instance) at most once per `refreshMs`; a deleted question may linger in it until restart,
 * which is harmless because results are read back from `questions`.
 */
import { embeddingsOf, embeddingStampsSince, hasVectorIndex, nearestByVector, type Db, type Scored } from '@fso/db';

const LOOK_BACK_MS = 10_000;

export interface VectorIndex {
  readonly kind: 'pgvector' | 'memory';
  nearest(vector: Float32Array, limit: number): Promise<Scored[]>;
}

export async function openVectorIndex(db: Db, model: string, dimensions: number, opts: { refreshMs?: number; useIndex?: boolean } = {}): Promise<VectorIndex> {
  // The indexed column is vector(512); another size is scanned in memory.
  if ((opts.useIndex ?? true) && dimensions === 512 && (await hasVectorIndex(db))) {
    return { kind: 'pgvector', nearest: (vector, limit) => nearestByVector(db, model, vector, limit) };
  }
  return new MemoryIndex(db, model, dimensions, opts.refreshMs ?? 1000);
}

class MemoryIndex implements VectorIndex {
  readonly kind = 'memory';
  private ids: number[] = [];
  private slot = new Map<number, number>();
  private stamps = new Map<number, number>();
  private data: Float32Array;
  private covered = new Date(0);
  private checked = 0;
  private loading: Promise<void> | null = null;

  constructor(private readonly db: Db, private readonly model: string, private readonly dimensions: number, private readonly refreshMs: number) {
    this.data = new Float32Array(1024 * dimensions);
  }

  async nearest(vector: Float32Array, limit: number): Promise<Scored[]> {
    await this.refresh();
    const d = this.dimensions;
    const best: Scored[] = [];
    const data = this.data;
    for (let s = 0; s < this.ids.length; s++) {
      // Inlined dot product over the flat array: no view or call per row.
      let score = 0;
      for (let i = 0, base = s * d; i < d; i++) score += vector[i]! * data[base + i]!;
      if (best.length === limit && score <= best[limit - 1]!.score) continue;
      let at = best.length === limit ? limit - 1 : best.length;
      best[at] = { questionId: this.ids[s]!, score };
      while (at > 0 && best[at - 1]!.score < score) {
        [best[at - 1], best[at]] = [best[at]!, best[at - 1]!];
        at--;
      }
    }
    return best;
  }

  private refresh(): Promise<void> {
    if (Date.now() - this.checked < this.refreshMs) return Promise.resolve();
    this.loading ??= this.load().finally(() => {
      this.loading = null;
    });
    return this.loading;
  }

  private async load(): Promise<void> {
    // A save commits at most a few seconds after its stamp, so everything stamped LOOK_BACK_MS
    // before the previous read is known; rows from then on are re-checked by stamp, and only
    // vectors whose stamp is new to this index are read.
    const { now, stamps } = await embeddingStampsSince(this.db, this.model, this.covered);
    this.checked = Date.now();
    const changed = stamps.filter((s) => this.stamps.get(s.questionId) !== s.updatedAt.getTime());
    for (let i = 0; i < changed.length; i += 1000) {
      for (const row of await embeddingsOf(
        this.db,
        changed.slice(i, i + 1000).map((s) => s.questionId)
      ))
        this.put(row.questionId, row.embedding);
    }
    for (const s of changed) this.stamps.set(s.questionId, s.updatedAt.getTime());
    this.covered = new Date(now.getTime() - LOOK_BACK_MS);
  }

  private put(questionId: number, embedding: number[]): void {
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
  }
}
