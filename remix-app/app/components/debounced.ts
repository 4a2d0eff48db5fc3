/**
 * Work that follows typing: `work(key, signal)` runs once `key` has stayed the same for
 * `delayMs`; a newer key (or unmounting) cancels the wait and aborts a run in flight, so an
 * answer to older input never lands. `key` null: nothing runs. Failures are dropped (a hint).
 */
import { useEffect, useRef } from 'react';

export function useDebouncedWork(
  key: string | null,
  delayMs: number,
  work: (key: string, signal: AbortSignal) => Promise<void>,
) {
  const latest = useRef(work);
  latest.current = work;
  useEffect(() => {
    if (key === null) return;
    const controller = new AbortController();
    const timer = setTimeout(() => void latest.current(key, controller.signal).catch(() => undefined), delayMs);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [key, delayMs]);
}
