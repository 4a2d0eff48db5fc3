/**
 * Worker-thread side of the embedder pool (embedder-pool.ts): one sentence model per thread,
 * loaded on the first message. Each message is `{ id, texts }`; the answer is `{ id, vectors }`
 * (their buffers transferred, not copied) or `{ id, error }`.
 */
import { setPriority } from 'node:os';
import { parentPort } from 'node:worker_threads';
import { createUseEmbedder } from './use-embedder.ts';

/**
 * This thread's scheduling priority (Linux nice, per thread): below the HTTP thread's and the
 * database's, so when the cores are contended the model, which only searches wait for, yields
 * to them rather than delaying every other request (decision record 0049).
 */
const MODEL_NICE = 10;
// Elsewhere pid 0 names the whole process, which must not be lowered.
if (process.platform === 'linux')
  try {
    setPriority(MODEL_NICE); // pid 0: the calling thread
  } catch {
    // not permitted here: the thread keeps the process's priority
  }

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
