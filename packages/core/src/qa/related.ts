/**
 * Related questions beside a question (docs/decisions/0023-reading-and-writing-help.md): the
 * nearest questions to its stored embedding in the natural-language index (read from the index
 * itself, so an in-memory index answers with no SQL) — nothing is embedded on a page view —
 * kept per process for a while (bounded), so a page view costs a map lookup. A question not
 * embedded yet, or an index that fails, shows none (briefly cached).
 */
import { questionLinks, type Db, type QuestionLink } from '@fso/db';
import type { Ports } from '../ports.ts';

export const RELATED_SHOWN = 6;
const FRESH_MS = 10 * 60_000;
const EMPTY_FRESH_MS = 30_000;
const CACHED_QUESTIONS = 2000;

interface Entry {
  ids: number[];
  until: number;
}

const caches = new WeakMap<Db, Map<number, Entry>>();

async function nearestIds(ports: Ports, questionId: number): Promise<number[]> {
  const index = await ports.semantic.index();
  // The in-memory index already holds the vector (no statement); with pgvector it is read from the database.
  const stored = (await index.vectors([questionId])).get(questionId);
  if (!stored) return [];
  const hits = await index.nearest(stored, RELATED_SHOWN + 1);
  return hits
    .filter((h) => h.questionId !== questionId)
    .map((h) => h.questionId)
    .slice(0, RELATED_SHOWN);
}

/** The questions closest in meaning to `questionId`, best first (their titles read fresh). */
export async function relatedQuestions(ports: Ports, { questionId }: { questionId: number }): Promise<QuestionLink[]> {
  const now = ports.clock().getTime();
  let cache = caches.get(ports.db);
  if (!cache) caches.set(ports.db, (cache = new Map()));
  let entry = cache.get(questionId);
  if (!entry || entry.until <= now) {
    const ids = await nearestIds(ports, questionId).catch((error: unknown) => {
      ports.log.warn({ err: error }, 'related questions unavailable');
      return [];
    });
    entry = { ids, until: now + (ids.length ? FRESH_MS : EMPTY_FRESH_MS) };
    cache.delete(questionId);
    if (cache.size >= CACHED_QUESTIONS) cache.delete(cache.keys().next().value!);
  } else cache.delete(questionId);
  // Re-inserted: the Map's order is least recently used first.
  cache.set(questionId, entry);
  return entry.ids.length ? questionLinks(ports.db, entry.ids) : [];
}
