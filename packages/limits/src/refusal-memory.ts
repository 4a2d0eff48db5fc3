/**
 * What one process already knows the shared rate-limit table will refuse, so it can answer 429
 * from memory with no SQL (docs/decisions/0034-limits-in-memory-and-search-cap.md). The table
 * counts fixed windows and never lowers a count inside one, so once it has refused a key, every
 * hit of that key is refused until the window ends, whichever process asks. Only that is kept:
 * a key, and the instant its window ends. An allowed event must still be counted in the table
 * (other processes need it), and forgetting costs only a statement, so the memory stays small:
 * at most `maxKeys` entries, the oldest dropped first. A limit whose count a success takes back
 * (failed logins) may fall inside a window, so its refusals are never kept here. Pure: the
 * clock is passed in.
 */

export interface RefusalMemory {
  /** When `key` is known to be refused: the end of its window (ms since the epoch); else null. */
  refusedUntil(key: string): number | null;
  /** The table refused `key` in a window that ends at `until` (ms since the epoch). */
  remember(key: string, until: number): void;
}

/** Keys kept at most; each is a few dozen bytes, so the memory stays under a megabyte. */
export const REFUSAL_MEMORY_KEYS = 10_000;

export function createRefusalMemory(now: () => number, maxKeys = REFUSAL_MEMORY_KEYS): RefusalMemory {
  const until = new Map<string, number>();
  return {
    refusedUntil(key) {
      const end = until.get(key);
      if (end === undefined) return null;
      if (end > now()) return end;
      until.delete(key);
      return null;
    },
    remember(key, end) {
      if (end <= now()) return;
      until.delete(key);
      if (until.size >= maxKeys) until.delete(until.keys().next().value!);
      until.set(key, end);
    },
  };
}
