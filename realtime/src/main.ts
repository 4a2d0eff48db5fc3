/**
 * Entry point of a realtime process (`npm run start:realtime`): Socket.IO and `/healthz` on
 * PORT, joined to the other instances through the cluster adapter (PostgreSQL, or Redis with
 * REDIS_URL). Any number may run against one DATABASE_URL; web processes forward `/socket.io`
 * here (REALTIME_URL) and publish over the same bus.
 */
import { boot, stopOnSignal } from '@fso/platform';
import { clusterAdapter } from './cluster.ts';
import { createRealtimeInstance } from './instance.ts';

// Migrating here too creates the adapter's table before the adapter needs it.
const { config, logger, database, ports } = await boot('realtime');
const cluster = await clusterAdapter({ databaseUrl: config.databaseUrl, redisUrl: config.redisUrl }, logger);
const instance = createRealtimeInstance(config, database, ports, cluster, logger);
instance.httpServer.listen(config.port, config.host, () => {
  logger.info(`Fake Stack Overflow realtime on port ${config.port} (${config.redisUrl ? 'Redis' : 'PostgreSQL'} bus)`);
});

stopOnSignal(async () => {
  await instance.close();
  await cluster.close();
  await database.close();
}, logger);
