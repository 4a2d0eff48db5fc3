/**
 * One garbage collection when a process falls idle, where `node --expose-gc` allows it
 * (scripts/node-flags.mjs: `npm start`). V8 keeps the young generation at the size start-up or
 * a burst grew it to (64 MB with --max-semi-space-size=32) until a collection after a quiet
 * spell, and a process with nothing to do makes none: each idle process of `npm start` held
 * ~60 MB it did not use (bench/RESULTS.md, issue 44). After a tick of the timer in which the
 * event loop was busy, a tick in which it was all but idle collects once.
 */
import { performance } from 'node:perf_hooks';

/** How often the event loop's use is looked at. */
const TICK_MS = 10_000;
/** The share of a tick under which the process counts as idle. */
const IDLE_UTILIZATION = 0.01;

export function collectWhenIdle(tickMs = TICK_MS): void {
  const gc = (globalThis as { gc?: () => void }).gc;
  if (!gc) return;
  let last = performance.eventLoopUtilization();
  let busySinceCollection = true;
  setInterval(() => {
    const now = performance.eventLoopUtilization();
    const idle = performance.eventLoopUtilization(now, last).utilization < IDLE_UTILIZATION;
    last = now;
    if (!idle) busySinceCollection = true;
    else if (busySinceCollection) {
      busySinceCollection = false;
      gc();
    }
  }, tickMs).unref();
}
