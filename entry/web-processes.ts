/**
 * `npm start` on a machine of several cores: the primary process (which has started the embedded
 * server when DATABASE_URL is unset, migrated and seeded) runs split mode on this one machine through node:cluster — one realtime
 * process on a loopback port and `WEB_CONCURRENCY` web processes sharing PORT (the cluster
 * module hands them connections in turn), each forwarding /socket.io to the realtime one, the
 * events crossing over the PostgreSQL (or Redis) bus as in split mode. The sentence model runs
 * here, once, for every web process (packages/search/src/embedder-channel.ts). A process that dies is
 * started again; SIGTERM/SIGINT stop them all gracefully, then `afterAll` (the embedded server).
 */
import cluster from 'node:cluster';
import { freePort, SHUTDOWN_DEADLINE_MS, stopOnSignal, type Config, type Logger } from '@fso/platform';
import { createEmbedderPool, modelThreads, QUEUED_PER_THREAD, serveEmbedder } from '@fso/search';
import { fileToRun } from '@fso/shared/bundles';

/** The two split-mode entries, from this folder. */
type Entry = '../remix-app/web.ts' | '../realtime/src/main.ts';

/** Each entry's bundle (scripts/build-server.mjs). */
const BUNDLES: Record<Entry, string> = {
  '../remix-app/web.ts': 'web.mjs',
  '../realtime/src/main.ts': 'realtime.mjs',
};

/**
 * An entry's file: its bundle when this process runs from one, as `npm start` runs it, so the
 * processes run plain JavaScript; otherwise its source (under tsx).
 */
const entryFile = (entry: Entry) => fileToRun(new URL(entry, import.meta.url), BUNDLES[entry]).pathname;

/** Before starting a dead process again, so a process that cannot start does not spin. */
const RESTART_DELAY_MS = 1000;

export async function runWebProcesses(
  config: Config,
  logger: Logger,
  { where, afterAll }: { where: string; afterAll: () => Promise<void> },
): Promise<void> {
  const realtimePort = await freePort();
  const roles = new Map<number, { entry: Entry; env: Record<string, string> }>();
  let stopping = false;
  // The one sentence model of the site: the web processes embed through it over IPC (their
  // queries and their embedding workers' jobs), so it is loaded once, not once per process.
  const threads = modelThreads();
  // Its threads end after minutes without a text (the next one loads it again: 1–5 s).
  const model = createEmbedderPool({
    threads,
    maxQueued: QUEUED_PER_THREAD * threads,
    onUnload: () => logger.info('The sentence model was unloaded (idle); the next text loads it again.'),
  });

  const start = (entry: Entry, env: Record<string, string>) => {
    // 'advanced': vectors cross the IPC channel as Float32Arrays.
    cluster.setupPrimary({ exec: entryFile(entry), serialization: 'advanced' });
    const worker = cluster.fork(env);
    roles.set(worker.id, { entry, env });
    if (entry === '../remix-app/web.ts')
      serveEmbedder(model, {
        send: (message) => worker.isConnected() && worker.send(message as Parameters<typeof worker.send>[0]),
        on: (event, listener) => worker.on(event, listener),
      });
  };
  cluster.on('exit', (worker, code, signal) => {
    const role = roles.get(worker.id);
    roles.delete(worker.id);
    if (stopping || !role) return;
    logger.error({ entry: role.entry, code, signal }, 'a web process stopped; starting it again');
    setTimeout(() => start(role.entry, role.env), RESTART_DELAY_MS);
  });

  start('../realtime/src/main.ts', { PORT: String(realtimePort), HOST: '127.0.0.1' });
  for (let i = 0; i < config.webConcurrency; i++)
    start('../remix-app/web.ts', { REALTIME_URL: `http://127.0.0.1:${realtimePort}`, SEED_DEMO: 'false' });
  logger.info(
    `Fake Stack Overflow on http://localhost:${config.port}: ${config.webConcurrency} web processes and one realtime process (${where})`,
  );

  stopOnSignal(
    async () => {
      stopping = true;
      const workers = Object.values(cluster.workers ?? {}).filter((w) => w !== undefined);
      await Promise.all(
        workers.map(
          (w) =>
            new Promise<void>((resolve) => {
              if (w.isDead()) return resolve();
              w.once('exit', () => resolve());
              w.process.kill('SIGTERM');
            }),
        ),
      );
      await model.close();
      await afterAll();
      // Each process has the usual deadline of its own; this one waits longer: for them, then the
      // embedded server's shutdown checkpoint.
    },
    logger,
    SHUTDOWN_DEADLINE_MS + 10_000,
  );
}
