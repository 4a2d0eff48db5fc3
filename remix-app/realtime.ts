/**
 * Entry point of a realtime instance in split mode (`npm run start:realtime`): Socket.IO and
 * `/healthz` on PORT, joined to the other instances through the cluster adapter (PostgreSQL,
 * or Redis with REDIS_URL). Any number may run against one DATABASE_URL.
 */
import { clusterAdapter } from '@fso/realtime';
import { openMigrated, readConfig } from './server/boot.ts';
import { createLogger } from './server/logging.ts';
import { createRealtimeInstance } from './server/realtime.ts';
import { stopOnSignal } from './server/shutdown.ts';

const config = readConfig('realtime');
const logger = createLogger({ level: config.logLevel });

// Migrating here too creates the adapter's table before the adapter needs it.
const database = await openMigrated(config, '');
const cluster = await clusterAdapter({ databaseUrl: config.databaseUrl!, redisUrl: config.redisUrl });
const instance = createRealtimeInstance(config, database, cluster.adapter, logger);
instance.httpServer.listen(config.port, config.host, () => {
  logger.info(`Fake Stack Overflow realtime on port ${config.port} (${config.redisUrl ? 'Redis' : 'PostgreSQL'} bus)`);
});

stopOnSignal(async () => {
  await instance.close();
  await cluster.close();
  await database.close();
}, logger);
