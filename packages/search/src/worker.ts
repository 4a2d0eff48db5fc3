/**
 * Drains the embedding job queue off the request path: wakes every `intervalMs` (and at once
 * when poked after a write), embeds queued questions in batches and stores the vectors. A
 * question queued only because what it is about changed (an answer, its tags) keeps its vector
 * and gets its `about` terms rewritten without the model. One batch at a time per process;
 * several processes may drain the same queue (a job is removed only by the save that covers its
 * latest edit). Errors are logged and retried next round.
 */
import type { SearchStore } from '@fso/db';
import { questionText, type Embedder } from './embedder.ts';

/** Where the worker and the background loading report failures (the process's JSON logger). */
export interface SearchLog {
  error(fields: Record<string, unknown>, message: string): void;
}

export interface EmbeddingWorker {
  /** Ask for a round soon (after a question was posted). */
  poke(): void;
  /** Embeds until the queue is empty; `onBatch` reports the running total. */
  drain(onBatch?: (done: number) => void): Promise<number>;
  stop(): Promise<void>;
}

const BATCH = 32;

/** `intervalMs: null` never runs on its own (the importer and `npm run reindex` call `drain`). */
export function startEmbeddingWorker(
  store: SearchStore,
  embedder: Embedder,
  opts: { intervalMs: number | null; log: SearchLog },
): EmbeddingWorker {
  let running: Promise<number> | null = null;
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;

  async function drainOnce(onBatch?: (done: number) => void): Promise<number> {
    let done = 0;
    // A question edited while it was embedded stays queued: it waits for the next round
    // rather than spinning this one.
    const seen = new Set<number>();
    for (;;) {
      const jobs = (await store.nextEmbeddingJobs(embedder.name, BATCH + seen.size))
        .filter((j) => !seen.has(j.questionId))
        .slice(0, BATCH);
      if (!jobs.length || stopped) return done;
      for (const j of jobs) seen.add(j.questionId);
      // Only a changed text runs the model; a job for what the question is about (an answer, tags) keeps its vector.
      const toEmbed = jobs.filter((j) => j.embed);
      const vectors = await embedder.embed(
        toEmbed.map((j) => questionText(j.title, j.text)),
        { background: true },
      );
      const made = new Map(toEmbed.map((j, i) => [j.questionId, vectors[i]!]));
      await store.saveEmbeddings(
        embedder.name,
        jobs.map((job) => ({ job, vector: made.get(job.questionId) ?? null })),
      );
      done += jobs.length;
      onBatch?.(done);
    }
  }

  function drain(onBatch?: (done: number) => void): Promise<number> {
    running ??= drainOnce(onBatch).finally(() => {
      running = null;
    });
    return running;
  }

  function round() {
    drain()
      .catch((error: unknown) => opts.log.error({ err: error }, 'embedding worker failed'))
      .finally(schedule);
  }

  function schedule(delay = opts.intervalMs) {
    if (stopped || delay === null) return;
    clearTimeout(timer);
    timer = setTimeout(round, delay);
    timer.unref();
  }

  if (opts.intervalMs !== null) schedule(0);
  return {
    poke: () => {
      if (opts.intervalMs !== null) schedule(0);
    },
    drain,
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await running?.catch(() => undefined);
    },
  };
}
