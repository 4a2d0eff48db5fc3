/**
 * Worker threads that do work only some requests wait for (the sentence model, Markdown rendering)
 * run below the HTTP thread's and the database's scheduling priority (Linux nice, per thread), so
 * when the cores are contended they yield to them rather than delaying every other request
 * (decision record 0049).
 */
import { setPriority } from 'node:os';

export const BACKGROUND_THREAD_NICE = 10;

/** Lowers the calling thread's priority; where that is not permitted, it keeps the process's. */
export function lowerThisThreadsPriority(): void {
  // Elsewhere pid 0 names the whole process, which must not be lowered.
  if (process.platform !== 'linux') return;
  try {
    setPriority(BACKGROUND_THREAD_NICE); // pid 0: the calling thread
  } catch {
    // not permitted here: the thread keeps the process's priority
  }
}
