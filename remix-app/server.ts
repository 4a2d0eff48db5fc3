/**
 * Entry point of the single process (`npm start`): read config, open and migrate the
 * database, seed demo content on an empty one, then serve screens, REST and Socket.IO on one
 * port: from this process, or with DATABASE_URL from WEB_CONCURRENCY web processes
 * (server/web-processes.ts). Split mode has its own entries: web.ts and realtime.ts.
 */
import { resolve } from 'node:path';
import type { ServerBuild } from '@remix-run/node';
import { createSemanticService, modelThreads } from '@fso/core/semantic';
import { createWebServer } from './server/app.ts';
import { openMigrated, readConfig, serverBuild } from './server/boot.ts';
import { createLogger } from './server/logging.ts';
import { seedDemo } from './server/seed.ts';
import { stopOnSignal } from './server/shutdown.ts';

const dev = process.argv.includes('--dev');
const config = readConfig('all');
const logger = createLogger({ level: config.logLevel });

// DATA_DIR is relative to where the site was started; build output is relative to this folder.
const dataDir = resolve(config.dataDir);
process.chdir(new URL('.', import.meta.url).pathname);

const database = await openMigrated(config, dataDir);
if (config.seedDemo && (await seedDemo(database))) logger.info('Seeded demo users (see README).');

if (config.webConcurrency > 1 && !dev) {
  await database.close();
  const { runWebProcesses } = await import('./server/web-processes.ts');
  await runWebProcesses(config, logger);
} else {
  await serve();
}

/** Web and realtime in this one process (the embedded database, WEB_CONCURRENCY=1, or --dev). */
async function serve() {
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
  const semantic = createSemanticService(database, { weights: config.semanticWeights, threads: modelThreads(), workerIntervalMs: 2000, preload: true, log: logger });
  const server = createWebServer({ config, database, logger, semantic, build, before, dev });
  server.httpServer.listen(config.port, config.host, () => {
    const where = config.databaseUrl ? 'PostgreSQL' : `embedded PGlite in ${dataDir}`;
    logger.info(`Fake Stack Overflow on http://localhost:${config.port} (${where})`);
  });

  stopOnSignal(async () => {
    await server.close();
    await semantic.close();
    await database.close();
  }, logger);
}
