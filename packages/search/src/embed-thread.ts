/**
 * Worker-thread side of the embedder pool (embedder-pool.ts): one sentence model per thread,
 * loaded on the first message. Each message is `{ id, texts }`; the answer is `{ id, vectors }`
 * (their buffers transferred, not copied) or `{ id, error }`.
 */
import { parentPort } from 'node:worker_threads';
import { lowerThisThreadsPriority } from '@fso/shared/thread-priority';
import { createUseEmbedder } from './use-embedder.ts';

lowerThisThreadsPriority();

const embedder = createUseEmbedder();
const port = parentPort!;

port.on('message', ({ id, texts }: { id: number; texts: string[] }) => {
  embedder.embed(texts).then(
    (vectors) =>
      port.postMessage(
        { id, vectors },
        vectors.map((v) => v.buffer as ArrayBuffer),
      ),
    (error: unknown) => port.postMessage({ id, error: (error as Error).message }),
  );
});
