/**
 * Entry point of `npm start`: read config, start the embedded PostgreSQL server when DATABASE_URL
 * is unset (boot), open and migrate the database, seed demo content on an empty one, then serve
 * screens, REST and Socket.IO on one port: from WEB_CONCURRENCY web processes and one realtime
 * process (web-processes.ts), or with WEB_CONCURRENCY=1 or --dev from this process (the web
 * server with the realtime service attached to it). The embedded server stops last.
 * The only module that imports both remix-app and realtime (docs/decisions/0030), and only when
 * it serves them itself: the primary of several processes keeps none of them in its memory. Split
 * mode has the two sides' own entries: remix-app/web.ts and realtime/src/main.ts.
 */
import { resolve } from 'node:path';
import type { ServerBuild } from '@remix-run/node';
import { seedDemo } from '@fso/ops';
import { searchStore } from '@fso/db';
import { boot, stopOnSignal } from '@fso/platform';

const dev = process.argv.includes('--dev');
const { config, logger, database, ports, embedded } = await boot('all');
// DATA_DIR is relative to where the site was started; build output is relative to remix-app/.
const dataDir = resolve(config.dataDir);
process.chdir(new URL('../remix-app/', import.meta.url).pathname);

if (config.seedDemo && (await seedDemo(ports))) logger.info('Seeded demo users (see README).');

if (config.webConcurrency > 1 && !dev) {
  await database.close();
  const { runWebProcesses } = await import('./web-processes.ts');
  await runWebProcesses(config, logger, { where: where(), afterAll: stopEmbedded });
} else {
  await serve();
}

/** Where the data is, for the line that says the site is up. */
function where() {
  return embedded ? `the embedded PostgreSQL in ${dataDir}` : 'PostgreSQL';
}

/** Stops the embedded server this start began, once every process using it has stopped. */
async function stopEmbedded() {
  await embedded?.stop();
}

/** Web and realtime in this one process (WEB_CONCURRENCY=1, or --dev). */
async function serve() {
  const { createSemanticService, modelThreads } = await import('@fso/search');
  const { attachRealtime } = await import('@fso/realtime');
  const { createWebServer } = await import('../remix-app/server/app.ts');
  const { serverBuild } = await import('../remix-app/server/server-build.ts');
  let build: ServerBuild | (() => Promise<ServerBuild>);
  let before;
  if (dev) {
    const vite = await import('vite');
    const viteServer = await vite.createServer({ server: { middlewareMode: true } });
    before = viteServer.middlewares;
    build = () => viteServer.ssrLoadModule('virtual:remix/server-build') as Promise<ServerBuild>;
  } else {
    build = await serverBuild();
  }

  // The worker embeds queued questions in the background; the model loads on its first job.
  const semantic = createSemanticService(searchStore(database.db), {
    weights: config.semanticWeights,
    threads: modelThreads(),
    workerIntervalMs: 2000,
    preload: true,
    log: logger,
  });
  const sockets = {
    attach: (httpServer: Parameters<typeof attachRealtime>[0]) => {
      const realtime = attachRealtime(httpServer, config, ports);
      return {
        publisher: realtime.publisher,
        serve: realtime.serve,
        connected: () => realtime.io.of('/').sockets.size,
        close: () => realtime.close(),
      };
    },
  };
  const server = createWebServer({ config, database, logger, ports, semantic, build, before, dev, sockets });
  server.httpServer.listen(config.port, config.host, () => {
    logger.info(`Fake Stack Overflow on http://localhost:${config.port} (${where()})`);
  });

  stopOnSignal(async () => {
    await server.close();
    await semantic.close();
    await database.close();
    await stopEmbedded();
  }, logger);
}
