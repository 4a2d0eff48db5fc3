/**
 * Command-line side of the embedding queue (import and `npm run reindex`): optionally queue
 * every question, or those the current embedder has not embedded, then embed the whole queue
 * with a progress bar.
 */
import { countEmbeddingJobs, enqueueAllEmbeddings, type Database } from '@fso/db';
import { progressBar } from '../progress.ts';
import { createSemanticService } from './service.ts';

export async function embedQueued(database: Database, requeue?: 'all' | 'missing'): Promise<number> {
  const semantic = createSemanticService(database, { workerIntervalMs: null });
  if (requeue) await enqueueAllEmbeddings(database.db, requeue === 'missing' ? semantic.embedder.name : undefined);
  const total = await countEmbeddingJobs(database.db);
  if (!total) return 0;
  const bar = progressBar();
  const done = await semantic.worker.drain((n) => bar.update('Embeddings', n, total));
  bar.end();
  return done;
}
