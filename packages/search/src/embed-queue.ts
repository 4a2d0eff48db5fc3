/**
 * Command-line side of the embedding queue (import and `npm run reindex`): optionally queue
 * every question, or those the current embedder has not embedded, then embed the whole queue,
 * reporting progress to the caller's bar.
 */
import type { SearchStore } from '@fso/db';
import { createSemanticService } from './service.ts';
import type { SearchLog } from './worker.ts';

export interface ProgressBar {
  update(label: string, done: number, total: number): void;
  end(): void;
}

export async function embedQueued(
  store: SearchStore,
  opts: { requeue?: 'all' | 'missing'; log: SearchLog; bar: ProgressBar },
): Promise<number> {
  const { requeue } = opts;
  const semantic = createSemanticService(store, { workerIntervalMs: null, log: opts.log });
  if (requeue) await store.enqueueAllEmbeddings(requeue === 'missing' ? semantic.embedder.name : undefined);
  const total = await store.countEmbeddingJobs();
  if (!total) return 0;
  const { bar } = opts;
  const done = await semantic.worker.drain((n) => bar.update('Embeddings', n, total));
  bar.end();
  return done;
}
