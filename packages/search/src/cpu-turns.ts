/**
 * Turns for the natural-language search's CPU-bound stages on the HTTP server's thread (the
 * vector scan, the fusion of the legs): one stage at a time, each started from its own turn of
 * the event loop (`setImmediate`), so the I/O that arrived meanwhile — another request, a
 * `/healthz` probe — is served between two stages instead of after all of them. The total work
 * is the same; what a saturated search no longer does is hold every other request behind a
 * queue of ~10 ms stages (decision record 0042; the same idea as 0038's broadcast slices).
 */
type Job = { work: () => unknown; resolve: (value: unknown) => void; reject: (reason: unknown) => void };

export type CpuTurn = <T>(work: () => T | Promise<T>) => Promise<T>;

/** A FIFO of stages, each run alone, one per turn of the loop; an async stage keeps its turn until it settles. */
export function cpuTurns(): CpuTurn {
  const queue: Job[] = [];
  let busy = false;
  const next = () => {
    if (busy || queue.length === 0) return;
    busy = true;
    setImmediate(() => {
      const job = queue.shift()!;
      new Promise((resolve) => resolve(job.work())).then(job.resolve, job.reject).finally(() => {
        busy = false;
        next();
      });
    });
  };
  return <T>(work: () => T | Promise<T>) =>
    new Promise<T>((resolve, reject) => {
      queue.push({ work, resolve: resolve as (value: unknown) => void, reject });
      next();
    });
}
