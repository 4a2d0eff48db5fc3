/**
 * Worker-thread side of the render pool (render-pool.ts): says `{ ready, tid }` once the
 * renderer is loaded (`tid`: this thread's id under /proc, so the pool can read its CPU time; null
 * off Linux), then answers each message (a post's Markdown) with its `RenderedBody`, or
 * `{ error }` when rendering threw.
 */
import { readlinkSync } from 'node:fs';
import { parentPort } from 'node:worker_threads';
import { lowerThisThreadsPriority } from '@fso/shared/thread-priority';
import { renderBody } from './markdown.ts';

lowerThisThreadsPriority();
const port = parentPort!;

/** "<pid>/task/<tid>" on Linux. */
function threadId(): string | null {
  try {
    return readlinkSync('/proc/thread-self').split('/').pop() ?? null;
  } catch {
    return null;
  }
}

port.on('message', (source: string) => {
  try {
    port.postMessage(renderBody(source));
  } catch (error) {
    port.postMessage({ error: (error as Error).message });
  }
});
port.postMessage({ ready: true, tid: threadId() });
