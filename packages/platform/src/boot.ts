/**
 * What every process entry does first (web, realtime, single process): read the config (or stop
 * with its message), start the embedded PostgreSQL server when `npm start` has no DATABASE_URL
 * (or stop with its message), make the JSON logger, open and migrate the database, build the
 * process's ports (ports.ts), and collect its garbage once whenever it falls idle
 * (idle-collection.ts). The realtime process reads its own, smaller config (realtime-config.ts).
 * Stopping is shutdown.ts's `stopOnSignal`; carrying events between processes is bus.ts's.
 */
import { resolve } from 'node:path';
import { migrate, openDatabase, startEmbeddedServer, type Database, type EmbeddedServer } from '@fso/db';
import { loadConfig, type Config, type Role } from './config.ts';
import { collectWhenIdle } from './idle-collection.ts';
import { createLogger, type Logger } from './logging.ts';
import { buildPorts, type ProcessPorts } from './ports.ts';
import { loadRealtimeConfig, type RealtimeConfig } from './realtime-config.ts';

export interface Booted<C> {
  config: C;
  logger: Logger;
  database: Database;
  ports: ProcessPorts;
  /** The embedded server this process started (`npm start` without DATABASE_URL); it stops it last. */
  embedded?: EmbeddedServer;
}

async function readConfig<C>(load: () => C | Promise<C>): Promise<C> {
  try {
    return await load();
  } catch (error) {
    // No logger exists before the config that sets its level: this one message goes to stderr as is.
    console.error((error as Error).message);
    process.exit(1);
  }
}

/**
 * A process's start: its config (checked for `role`), its logger, its database opened and
 * migrated, and its ports. The single process (`all`) without DATABASE_URL first starts the
 * embedded server on DATA_DIR (relative to the current folder) and names it in DATABASE_URL, for
 * the processes it starts too.
 */
export async function boot(role: 'realtime'): Promise<Booted<RealtimeConfig>>;
export async function boot(role: 'all' | 'web'): Promise<Booted<Config>>;
export async function boot(role: Role): Promise<Booted<Config | RealtimeConfig>> {
  if (role === 'realtime') return start(await readConfig(() => loadRealtimeConfig(process.env)));
  const config = await readConfig(() => loadConfig(process.env, role));
  if (config.databaseUrl) return start(config);
  const embedded = await readConfig(() => startEmbeddedServer(resolve(config.dataDir), { mode: 'take' }));
  process.env.DATABASE_URL = embedded.url;
  return { ...(await start({ ...config, databaseUrl: embedded.url })), embedded };
}

async function start<C extends Config | RealtimeConfig>(config: C): Promise<Booted<C>> {
  const logger = createLogger({ level: config.logLevel });
  collectWhenIdle();
  const database = await openDatabase({ url: config.databaseUrl! });
  await migrate(database);
  return { config, logger, database, ports: buildPorts(database, config) };
}
