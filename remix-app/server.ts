/**
 * Entry point: read config, open and migrate the database, seed demo content on an empty one,
 * then serve screens, REST and Socket.IO on one port (the embedded, single-process mode).
 */
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { ServerBuild } from '@remix-run/node';
import { migrate, openDatabase } from '@fso/db';
import { loadConfig } from './server/config.ts';
import { createWebServer } from './server/app.ts';
import { seedDemo } from './server/seed.ts';
import { createSemanticService } from './server/semantic/service.ts';

const dev = process.argv.includes('--dev');

let config;
try {
  config = loadConfig();
} catch (error) {
  console.error((error as Error).message);
  process.exit(1);
}

// DATA_DIR is relative to where the site was started; build output is relative to this folder.
const dataDir = resolve(config.dataDir);
process.chdir(new URL('.', import.meta.url).pathname);

const database = await openDatabase(config.databaseUrl ? { url: config.databaseUrl } : { dataDir });
await migrate(database);
if (config.seedDemo && (await seedDemo(database))) console.log('Seeded demo users (see README).');

let build: ServerBuild | (() => Promise<ServerBuild>);
let before;
if (dev) {
  const vite = await import('vite');
  const viteServer = await vite.createServer({ server: { middlewareMode: true } });
  before = viteServer.middlewares;
  build = () => viteServer.ssrLoadModule('virtual:remix/server-build') as Promise<ServerBuild>;
} else {
  build = (await import(pathToFileURL(resolve('build/server/index.js')).href)) as ServerBuild;
}

// The worker embeds queued questions in the background; the model loads on its first job.
const semantic = createSemanticService(database, { weights: config.semanticWeights, workerIntervalMs: 2000 });
const server = createWebServer({ config, database, semantic, build, before, dev });
server.httpServer.listen(config.port, config.host, () => {
  const where = config.databaseUrl ? 'PostgreSQL' : `embedded PGlite in ${dataDir}`;
  console.log(`Fake Stack Overflow on http://localhost:${config.port} (${where})`);
});

let stopping = false;
async function shutdown() {
  if (stopping) return;
  stopping = true;
  await server.close();
  await semantic.worker.stop();
  await database.close();
  process.exit(0);
}
process.on('SIGTERM', shutdown);
process.on('SIGINT', shutdown);
