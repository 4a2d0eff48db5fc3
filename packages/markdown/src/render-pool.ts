/**
 * Markdown rendering off the event loop (issue 39): one worker thread (render-thread.ts) renders
 * the post bodies of writes and previews, so a costly text delays no other request, and a
 * rendering that has used `deadlineMs` of the thread's CPU time is stopped: the thread is ended
 * (a new one starts for the next text) and the text answered `tooSlow`, as is one whose
 * rendering ran the thread out of memory. CPU time, read from Linux's per-thread counters, makes
 * the deadline a property of the text, not of how loaded the machine is (a thread that waits for
 * a core costs nothing); elsewhere the wall clock stands in. Texts wait their turn in a bounded
 * queue; when it is full a text is answered `busy` at once. The thread starts when first needed
 * and never keeps the process alive.
 */
import { readFileSync } from 'node:fs';
import { Worker } from 'node:worker_threads';
import { fileToRun } from '@fso/shared/bundles';
import type { RenderedBody } from './markdown.ts';

export type RenderOutcome = RenderedBody | 'tooSlow' | 'busy';

export interface RenderPool {
  render(source: string): Promise<RenderOutcome>;
}

interface Job {
  source: string;
  resolve(outcome: RenderOutcome): void;
  reject(error: Error): void;
}

interface Thread {
  worker: Worker;
  /** The thread's id under /proc/self/task, when the platform has one. */
  tid: string | null;
  ready: boolean;
  job: Job | null;
  watch?: NodeJS.Timeout;
}

type Answer = { ready: true; tid: string | null } | RenderedBody | { error: string };

/** How often a running rendering's time is looked at. */
const WATCH_MS = 25;
const TICK_MS = 10; // Linux's USER_HZ is 100

/** CPU milliseconds (user + system) thread `tid` of this process has used. */
function threadCpuMs(tid: string): number {
  const fields = readFileSync(`/proc/self/task/${tid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  return (Number(fields[11]) + Number(fields[12])) * TICK_MS;
}

/** `deadlineMs`: CPU time one rendering may use; `maxWaiting`: texts that may wait; `heapMb`: the thread's heap. */
export function createRenderPool(opts: { deadlineMs: number; maxWaiting: number; heapMb: number }): RenderPool {
  const waiting: Job[] = [];
  let thread: Thread | null = null;

  /** Ends `t`'s job with `done`, then gives the thread (if it still runs) the next one. */
  function settle(t: Thread, done: (job: Job) => void) {
    clearInterval(t.watch);
    const job = t.job;
    t.job = null;
    if (job) done(job);
    dispatch();
  }

  function start(): void {
    const worker = new Worker(fileToRun(new URL('./render-thread.mjs', import.meta.url), 'render-thread.mjs'), {
      resourceLimits: { maxOldGenerationSizeMb: opts.heapMb },
    });
    const t: Thread = { worker, tid: null, ready: false, job: null };
    worker.on('message', (answer: Answer) => {
      if ('ready' in answer) {
        Object.assign(t, { ready: true, tid: answer.tid });
        dispatch();
      } else if ('error' in answer) settle(t, (job) => job.reject(new Error(answer.error)));
      else settle(t, (job) => job.resolve(answer));
    });
    // A thread that stops (past its deadline, out of memory) refuses its text; one that cannot start fails those waiting.
    const stopped = (error?: Error) => {
      if (thread === t) thread = null;
      if (t.job) settle(t, (job) => job.resolve('tooSlow'));
      else if (!t.ready && error) for (const job of waiting.splice(0)) job.reject(error);
    };
    worker.on('error', stopped);
    worker.on('exit', () => stopped());
    worker.unref();
    thread = t;
  }

  function dispatch(): void {
    if (!waiting.length) return;
    if (!thread) return start();
    const t = thread;
    if (!t.ready || t.job) return;
    t.job = waiting.shift()!;
    const { tid } = t;
    const spent = () => (tid === null ? performance.now() : threadCpuMs(tid));
    const atStart = spent();
    t.worker.postMessage(t.job.source);
    t.watch = setInterval(() => {
      if (spent() - atStart < opts.deadlineMs) return;
      if (thread === t) thread = null;
      void t.worker.terminate();
      settle(t, (job) => job.resolve('tooSlow'));
    }, WATCH_MS);
  }

  return {
    render(source) {
      if (waiting.length >= opts.maxWaiting) return Promise.resolve('busy');
      return new Promise((resolve, reject) => {
        waiting.push({ source, resolve, reject });
        dispatch();
      });
    },
  };
}

/** The renderer a process's ports hold (one thread): 1 s of CPU a rendering (a real post takes milliseconds, the caps keep adversarial ones well under), 32 texts waiting. */
export const createPostRenderer = (): RenderPool =>
  createRenderPool({ deadlineMs: 1_000, maxWaiting: 32, heapMb: 128 });
