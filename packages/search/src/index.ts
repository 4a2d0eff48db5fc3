/**
 * `@fso/search`: the natural-language search engine (ranking, embedding, vector index, LSA, BM25F,
 * the WASM SIMD scan) for the processes that run it (the servers, the importer, `npm run reindex`,
 * the benchmarks). The use cases of `@fso/core` reach it only through their `Semantic` port, so
 * the web bundle never loads the model or its threads; the engine reaches the database only
 * through db's `SearchStore` port (`searchStore(db)`), so its SQL stays in packages/db.
 */
export { embedQueued, type ProgressBar } from './embed-queue.ts';
export { embedderOverChannel, serveEmbedder, type EmbedChannel } from './embedder-channel.ts';
export { createEmbedderPool, EmbedderBusyError, type EmbedderPool } from './embedder-pool.ts';
export { dot, type Embedder } from './embedder.ts';
export { trainAndSaveLsa } from './lsa-store.ts';
export { LSA_MODEL_NAME } from './lsa.ts';
export { DEFAULT_WEIGHTS, MIN_SIMILARITY, type SearchWeights, type SemanticHit } from './search.ts';
export { createSemanticService, modelThreads, QUEUED_PER_THREAD, type SemanticService } from './service.ts';
export type { VectorIndex } from './vector-index.ts';
export type { SearchLog } from './worker.ts';
export { createUseEmbedder } from './use-embedder.ts';
