/**
 * Entry point of a web process in split mode (`npm run start:web`): screens and REST on PORT,
 * `/socket.io` forwarded to REALTIME_URL, events published through the cluster's emitter
 * (PostgreSQL, or Redis with REDIS_URL). Any number may run against one DATABASE_URL.
 */
import nodeCluster from 'node:cluster';
import { seedDemo } from '@fso/ops';
import { searchStore } from '@fso/db';
import { createSemanticService, embedderOverChannel, modelThreads } from '@fso/search';
import { boot, clusterPublisher, stopOnSignal } from '@fso/platform';
import { createWebServer } from './server/app.ts';
import { serverBuild } from './server/server-build.ts';

const { config, logger, database, ports } = await boot('web');
process.chdir(new URL('.', import.meta.url).pathname);

if (config.seedDemo && (await seedDemo(ports))) logger.info('Seeded demo users (see README).');
const cluster = await clusterPublisher({ databaseUrl: config.databaseUrl!, redisUrl: config.redisUrl }, logger);

const sockets = { realtimeUrl: new URL(config.realtimeUrl!), publisher: cluster.publisher, bus: cluster.watch };
// Every web process runs an embedding worker; jobs are keyed by question, so two workers taking
// the same one only embed it twice, and each process's vector index catches up from the table.
// Started by `npm start` (a cluster worker), it asks the primary's sentence model over IPC, so
// the model is loaded once however many web processes run (entry/web-processes.ts).
const semantic = createSemanticService(searchStore(database.db), {
  weights: config.semanticWeights,
  embedder: nodeCluster.isWorker
    ? embedderOverChannel({ send: (m) => process.send!(m), on: (event, listener) => process.on(event, listener) })
    : undefined,
  threads: modelThreads(config.webConcurrency),
  workerIntervalMs: 2000,
  preload: true,
  log: logger,
});
const server = createWebServer({ config, database, logger, ports, semantic, build: await serverBuild(), sockets });
server.httpServer.listen(config.port, config.host, () => {
  logger.info(
    `Fake Stack Overflow web on http://localhost:${config.port}, sockets at ${config.realtimeUrl} (${config.redisUrl ? 'Redis' : 'PostgreSQL'} bus)`,
  );
});

stopOnSignal(async () => {
  await server.close();
  await semantic.close();
  await cluster.close();
  await database.close();
}, logger);
