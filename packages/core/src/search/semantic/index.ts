/**
 * `@fso/core/semantic`: the natural-language search engine for the processes that run it (the
 * servers, the importer, `npm run reindex`, the benchmarks). Kept apart from `@fso/core` so the
 * web bundle, which reaches search through the `Semantic` port, never loads the model or its threads.
 */
export { embedQueued, type ProgressBar } from './embed-queue.ts';
export { createEmbedderPool, EmbedderBusyError, type EmbedderPool } from './embedder-pool.ts';
export { dot, type Embedder } from './embedder.ts';
export { trainAndSaveLsa } from './lsa-store.ts';
export { LSA_MODEL_NAME } from './lsa.ts';
export { DEFAULT_WEIGHTS, MIN_SIMILARITY, type SearchWeights, type SemanticHit } from './search.ts';
export { createSemanticService, modelThreads, type SemanticService } from './service.ts';
export { createUseEmbedder } from './use-embedder.ts';
