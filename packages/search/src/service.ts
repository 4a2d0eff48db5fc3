/**
 * Wires natural-language search for one process: the embedder (loaded lazily, on the first
 * query or job; a server runs it in worker threads), the vector index chosen for this database (a server loads in-memory vectors
 * in the background at start), the hybrid search and the embedding worker. The web server,
 * the importer and `npm run reindex` each build one.
 */
import { availableParallelism } from 'node:os';
import type { SearchStore } from '@fso/db';
import { lsaSource } from './lsa-store.ts';
import { createEmbedderPool, type EmbedderPool } from './embedder-pool.ts';
import { createUseEmbedder } from './use-embedder.ts';
import type { Embedder } from './embedder.ts';
import { createSemanticSearch, type SearchWeights, type SemanticSearch } from './search.ts';
import { openVectorIndex, type VectorIndex } from './vector-index.ts';
import { startEmbeddingWorker, type EmbeddingWorker, type SearchLog } from './worker.ts';

export interface SemanticService extends SemanticSearch {
  embedder: Embedder;
  worker: EmbeddingWorker;
  index(): Promise<VectorIndex>;
  /** Stops the worker and the model's threads. */
  close(): Promise<void>;
}

/**
 * Searches that may wait for a model thread per thread; more are refused as busy (decision record
 * 0026: the last one waits under half a second on an idle machine). A thread takes up to 8 waiting
 * searches per model call at ~8–10 ms a text, so 32 drain in about 0.3 s (decision record 0049).
 */
export const QUEUED_PER_THREAD = 32;

/**
 * Model threads for one of `processes` server processes on this machine: its share of the cores
 * less one, which its HTTP thread (the scan, the fusion, every other request) and the database
 * need; at least one. A search's HTTP-thread work is about its model time, and fewer threads
 * batch more searches per model call, which is what makes the model cheap (decision record 0049).
 */
export const modelThreads = (processes = 1) => Math.max(1, Math.floor(availableParallelism() / processes) - 1);

export function createSemanticService(
  store: SearchStore,
  opts: {
    weights?: Partial<SearchWeights>;
    embedder?: Embedder;
    /** Run the model in this many worker threads (a server); without it, on the calling thread (command-line tools, tests). */
    threads?: number;
    workerIntervalMs: number | null;
    /** Where the worker and the background loading report their failures. */
    log: SearchLog;
    useIndex?: boolean;
    preload?: boolean;
  },
): SemanticService {
  const pool: EmbedderPool | null =
    !opts.embedder && opts.threads
      ? createEmbedderPool({ threads: opts.threads, maxQueued: QUEUED_PER_THREAD * opts.threads })
      : null;
  const embedder = opts.embedder ?? pool ?? createUseEmbedder();
  let index: Promise<VectorIndex> | null = null;
  const getIndex = () =>
    (index ??= openVectorIndex(store, embedder.name, embedder.dimensions, { useIndex: opts.useIndex }));
  const search = createSemanticSearch({
    store,
    embedder,
    index: getIndex,
    lsa: lsaSource(store),
    weights: opts.weights,
  });
  const worker = startEmbeddingWorker(store, embedder, { intervalMs: opts.workerIntervalMs, log: opts.log });
  // A server reads the vectors an in-memory index needs in the background (seconds at 100k),
  // so the first search does not wait for them; start-up does not wait either.
  if (opts.preload)
    getIndex()
      .then((index) => index.warm())
      .catch((error: unknown) => opts.log.error({ err: error }, 'loading the vectors failed'));
  return {
    search: search.search,
    embedder,
    worker,
    index: getIndex,
    async close() {
      await worker.stop();
      await pool?.close();
    },
  };
}
