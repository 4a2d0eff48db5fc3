/**
 * The planner's estimates that choose how a search reads its matches (question-search.ts,
 * answer-search.ts), kept a minute per database and search: they come from the tables'
 * statistics, which change only when a table is analysed, so a search repeated soon costs no
 * planning pass (an EXPLAIN of the words' query).
 */
import type { Db } from '../client.ts';

/** How long an estimate is reused. */
const ESTIMATE_TTL_MS = 60_000;
/** Estimates kept per database and kind, the oldest dropped first. */
const ESTIMATES_KEPT = 1000;
const caches = new WeakMap<Db, Map<string, Map<string, { at: number; est: Promise<unknown> }>>>();

/** `compute()`'s estimate for `key` of `kind` on `db`, asked at most once a minute (a failed ask is not kept). */
export function cachedEstimate<T>(db: Db, kind: string, key: string, compute: () => Promise<T>): Promise<T> {
  let kinds = caches.get(db);
  if (!kinds) caches.set(db, (kinds = new Map()));
  let cache = kinds.get(kind);
  if (!cache) kinds.set(kind, (cache = new Map()));
  const now = Date.now();
  const known = cache.get(key);
  if (known && now - known.at < ESTIMATE_TTL_MS) return known.est as Promise<T>;
  cache.delete(key);
  if (cache.size >= ESTIMATES_KEPT) cache.delete(cache.keys().next().value!);
  const est = compute();
  est.catch(() => cache.delete(key));
  cache.set(key, { at: now, est });
  return est;
}
