/**
 * Entry point of a web process in split mode (`npm run start:web`): screens and REST on PORT,
 * `/socket.io` forwarded to REALTIME_URL, events published through the cluster's emitter
 * (PostgreSQL, or Redis with REDIS_URL). Any number may run against one DATABASE_URL.
 */
import { clusterPublisher } from '@fso/realtime';
import { createWebServer } from './server/app.ts';
import { closeOnSignal, openMigrated, readConfig, serverBuild } from './server/boot.ts';
import { seedDemo } from './server/seed.ts';

const config = readConfig('web');
const databaseUrl = config.databaseUrl!;
process.chdir(new URL('.', import.meta.url).pathname);

const database = await openMigrated(config, '');
if (config.seedDemo && (await seedDemo(database))) console.log('Seeded demo users (see README).');
const cluster = await clusterPublisher({ databaseUrl, redisUrl: config.redisUrl });

const server = createWebServer({ config, database, build: await serverBuild(), split: { realtimeUrl: new URL(config.realtimeUrl!), publisher: cluster.publisher } });
server.httpServer.listen(config.port, config.host, () => {
  console.log(`Fake Stack Overflow web on http://localhost:${config.port}, sockets at ${config.realtimeUrl} (${config.redisUrl ? 'Redis' : 'PostgreSQL'} bus)`);
});

closeOnSignal(async () => {
  await server.close();
  await cluster.close();
  await database.close();
});
