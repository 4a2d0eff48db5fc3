/**
 * The sentence model off the event loop: an `Embedder` that runs the model in a pool of worker
 * threads (embed-thread.ts), so a burst of natural-language searches never delays the HTTP
 * server's other requests. Threads start when work needs them (each loads the model once).
 * Searches wait in a bounded queue: when it is full, `embed` rejects at once with
 * `EmbedderBusyError` (search answers `unavailable` with a retry time) instead of letting waits grow.
 * A free thread takes every search waiting (up to SEARCH_BATCH texts, oldest first) in one
 * model call: the model costs ~15 ms of CPU for one text alone and ~8–10 ms a text in a batch
 * of four to eight, with the same vectors (decision record 0049).
 * Background embedding (the job worker, import, reindex) waits in its own unbounded queue,
 * in small chunks served only when no search is waiting.
 * Threads that have had no text for `idleMs` (5 minutes) end, freeing the model's ~110 MB (issue
 * 44: an idle site's memory); the next text starts one again, which loads the model (1–5 s).
 * Nothing else lives in a thread: the vector index stays with its search, on the calling thread.
 */
import { Worker } from 'node:worker_threads';
import { fileToRun } from '@fso/shared/bundles';
import type { Embedder, EmbedOptions } from './embedder.ts';
import { USE_MODEL } from './use-embedder.ts';

export class EmbedderBusyError extends Error {
  /** Seconds after which a retry likely finds room. */
  readonly retryAfterSeconds = 1;
  constructor() {
    super('Too many texts are waiting for the sentence model');
    this.name = 'EmbedderBusyError';
  }
}

export interface EmbedderPool extends Embedder {
  /** Stops every thread; waiting and running work is refused. */
  close(): Promise<void>;
}

interface Job {
  texts: string[];
  resolve(vectors: Float32Array[]): void;
  reject(error: Error): void;
}

interface Thread {
  worker: Worker;
  /** The jobs whose texts the running message holds, in order; empty when the thread is free. */
  jobs: Job[];
  /** Id of the message the running jobs were sent as. */
  id: number;
}

/** How long threads without a text keep the model before they end. */
export const MODEL_IDLE_MS = 5 * 60_000;

/** Texts per message for background work, so a waiting search gets the next free thread soon. */
const BACKGROUND_CHUNK = 8;
/** Most texts of waiting searches one message carries: past eight a batch is barely cheaper per text, only longer. */
const SEARCH_BATCH = 8;

/** The oldest waiting jobs whose texts fit in `limit` (always at least the first). */
function takeBatch(queue: Job[], limit: number): Job[] {
  let texts = queue[0]!.texts.length;
  let count = 1;
  while (count < queue.length && texts + queue[count]!.texts.length <= limit) texts += queue[count++]!.texts.length;
  return queue.splice(0, count);
}

export function createEmbedderPool(opts: {
  threads: number;
  maxQueued: number;
  /** Without a text for this long, the threads end (MODEL_IDLE_MS unless given). */
  idleMs?: number;
  /** Called once the idle threads have ended. */
  onUnload?: () => void;
}): EmbedderPool {
  const idleMs = opts.idleMs ?? MODEL_IDLE_MS;
  const threads: Thread[] = [];
  let idleTimer: NodeJS.Timeout | undefined;
  const searches: Job[] = [];
  const background: Job[] = [];
  let nextId = 0;
  let closed = false;

  function start(): Thread {
    const file = fileToRun(new URL('./embed-thread.mjs', import.meta.url), 'embed-thread.mjs');
    const thread: Thread = { worker: new Worker(file), jobs: [], id: -1 };
    const finish = (error: Error | null, vectors?: Float32Array[]) => {
      const jobs = thread.jobs;
      thread.jobs = [];
      let at = 0;
      for (const job of jobs) {
        if (error) job.reject(error);
        else job.resolve(vectors!.slice(at, (at += job.texts.length)));
      }
      dispatch();
    };
    thread.worker.on('message', (message: { id: number; vectors?: Float32Array[]; error?: string }) => {
      if (message.id === thread.id)
        finish(message.error === undefined ? null : new Error(message.error), message.vectors);
    });
    // A thread that dies (out of memory, a crash in the model) fails its job and is replaced on demand.
    const drop = (error: Error) => {
      const at = threads.indexOf(thread);
      if (at >= 0) threads.splice(at, 1);
      finish(error);
    };
    thread.worker.on('error', drop);
    thread.worker.on('exit', (code) => drop(new Error(`The embedding thread stopped (exit code ${code})`)));
    thread.worker.unref();
    threads.push(thread);
    return thread;
  }

  /** Once no thread has work, ends them all `idleMs` later unless a text comes first. */
  function unloadWhenIdle() {
    clearTimeout(idleTimer);
    if (closed || !threads.length || threads.some((t) => t.jobs.length)) return;
    idleTimer = setTimeout(() => {
      // Taken out of `threads` first, so a text arriving meanwhile starts a new one.
      void Promise.all(threads.splice(0).map((t) => t.worker.terminate())).then(() => opts.onUnload?.());
    }, idleMs).unref();
  }

  function dispatch() {
    clearTimeout(idleTimer);
    while (!closed && (searches.length || background.length)) {
      const thread = threads.find((t) => !t.jobs.length) ?? (threads.length < opts.threads ? start() : null);
      if (!thread) return;
      thread.jobs = searches.length ? takeBatch(searches, SEARCH_BATCH) : background.splice(0, 1);
      thread.id = nextId++;
      thread.worker.postMessage({ id: thread.id, texts: thread.jobs.flatMap((j) => j.texts) });
    }
    unloadWhenIdle();
  }

  function enqueue(queue: Job[], texts: string[]): Promise<Float32Array[]> {
    if (closed) return Promise.reject(new Error('The embedder pool is closed'));
    return new Promise((resolve, reject) => {
      queue.push({ texts, resolve, reject });
      dispatch();
    });
  }

  return {
    ...USE_MODEL,
    async embed(texts: string[], embedOpts?: EmbedOptions) {
      if (!texts.length) return [];
      if (!embedOpts?.background) {
        const idle = threads.some((t) => !t.jobs.length) || threads.length < opts.threads;
        if (!idle && searches.length >= opts.maxQueued) throw new EmbedderBusyError();
        return enqueue(searches, texts);
      }
      const chunks: Promise<Float32Array[]>[] = [];
      for (let i = 0; i < texts.length; i += BACKGROUND_CHUNK)
        chunks.push(enqueue(background, texts.slice(i, i + BACKGROUND_CHUNK)));
      return (await Promise.all(chunks)).flat();
    },
    async close() {
      closed = true;
      clearTimeout(idleTimer);
      const refused = new Error('The embedder pool is closed');
      for (const job of [...searches.splice(0), ...background.splice(0)]) job.reject(refused);
      await Promise.all(threads.splice(0).map((t) => t.worker.terminate()));
    },
  };
}
