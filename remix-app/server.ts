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
import { createLogger } from './server/logging.ts';
import { seedDemo } from './server/seed.ts';
import { stopOnSignal } from './server/shutdown.ts';

const dev = process.argv.includes('--dev');

let config;
try {
  config = loadConfig();
} catch (error) {
  console.error((error as Error).message);
  process.exit(1);
}

const logger = createLogger({ level: config.logLevel });

// DATA_DIR is relative to where the site was started; build output is relative to this folder.
const dataDir = resolve(config.dataDir);
process.chdir(new URL('.', import.meta.url).pathname);

const database = await openDatabase(config.databaseUrl ? { url: config.databaseUrl } : { dataDir });
await migrate(database);
if (config.seedDemo && (await seedDemo(database))) logger.info('Seeded demo users (see README).');

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

const server = createWebServer({ config, database, logger, build, before, dev });
server.httpServer.listen(config.port, config.host, () => {
  const where = config.databaseUrl ? 'PostgreSQL' : `embedded PGlite in ${dataDir}`;
  logger.info(`Fake Stack Overflow on http://localhost:${config.port} (${where})`);
});

stopOnSignal(async () => {
  await server.close();
  await database.close();
}, logger);
