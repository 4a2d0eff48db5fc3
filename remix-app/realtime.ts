/**
 * Entry point of a realtime instance in split mode (`npm run start:realtime`): Socket.IO and
 * `/healthz` on PORT, joined to the other instances through the cluster adapter (PostgreSQL,
 * or Redis with REDIS_URL). Any number may run against one DATABASE_URL.
 */
import { clusterAdapter } from '@fso/realtime';
import { closeOnSignal, openMigrated, readConfig } from './server/boot.ts';
import { createRealtimeInstance } from './server/realtime.ts';

const config = readConfig('realtime');

// Migrating here too creates the adapter's table before the adapter needs it.
const database = await openMigrated(config, '');
const cluster = await clusterAdapter({ databaseUrl: config.databaseUrl!, redisUrl: config.redisUrl });
const instance = createRealtimeInstance(config, database, cluster.adapter);
instance.httpServer.listen(config.port, config.host, () => {
  console.log(`Fake Stack Overflow realtime on port ${config.port} (${config.redisUrl ? 'Redis' : 'PostgreSQL'} bus)`);
});

closeOnSignal(async () => {
  await instance.close();
  await cluster.close();
  await database.close();
});
