/**
 * Caps the natural-language searches one process runs at once (docs/decisions/0034). On the
 * embedded database every SQL statement of a search runs in PGlite on the main thread, one at a
 * time, so each search in flight queues statements that everything else, `/healthz` included,
 * waits behind. A few run; a few more wait their turn without touching the database; past that a
 * search is refused at once with an error carrying `retryAfterSeconds`, which the routes answer
 * as 503 + Retry-After with MSG.semanticSearchBusy (as a full model queue is). `full()` lets a
 * use case refuse the same way before it spends any SQL (the rate limiter's count) on the request.
 */
import type { Semantic } from '@fso/core';

/** On PGlite: searches running at once, and searches waiting for one of them to finish. */
export const PGLITE_SEARCH_CAP = { running: 2, waiting: 30 } as const;

export class SearchesFullError extends Error {
  /** Seconds after which a retry likely finds room. */
  readonly retryAfterSeconds = 1;
  constructor() {
    super('Too many natural-language searches at once');
    this.name = 'SearchesFullError';
  }
}

/** The same service whose `search` keeps to `cap`; `full` says a search now would be refused; everything else passes through. */
export function capSearches<S extends Semantic>(
  service: S,
  cap: { running: number; waiting: number },
): S & { full(): boolean } {
  let running = 0;
  const queue: (() => void)[] = [];
  const turn = () =>
    new Promise<void>((resolve, reject) => {
      if (running < cap.running) return void (running++, resolve());
      if (queue.length >= cap.waiting) return reject(new SearchesFullError());
      queue.push(resolve);
    });
  const done = () => {
    const next = queue.shift();
    if (next) next();
    else running--;
  };
  return {
    ...service,
    full: () => running >= cap.running && queue.length >= cap.waiting,
    async search(...args) {
      await turn();
      try {
        return await service.search(...args);
      } finally {
        done();
      }
    },
  };
}
