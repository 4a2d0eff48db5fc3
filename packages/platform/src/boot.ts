/**
 * What every process entry does first (web, realtime, single process): read the config (or stop
 * with its message), make the JSON logger, open and migrate the database, build the process's
 * ports (ports.ts). The realtime process reads its own, smaller config (realtime-config.ts).
 * Stopping is shutdown.ts's `stopOnSignal`; carrying events between processes is bus.ts's.
 */
import { resolve } from 'node:path';
import { migrate, openDatabase, type Database, type DatabaseConfig } from '@fso/db';
import { loadConfig, type Config, type Role } from './config.ts';
import { createLogger, type Logger } from './logging.ts';
import { buildPorts, type ProcessPorts } from './ports.ts';
import { loadRealtimeConfig, type RealtimeConfig } from './realtime-config.ts';

export interface Booted<C> {
  config: C;
  logger: Logger;
  database: Database;
  ports: ProcessPorts;
}

function readConfig<C>(load: () => C): C {
  try {
    return load();
  } catch (error) {
    // No logger exists before the config that sets its level: this one message goes to stderr as is.
    console.error((error as Error).message);
    process.exit(1);
  }
}

/**
 * A process's start: its config (checked for `role`), its logger, its database opened and
 * migrated (DATABASE_URL, else the embedded one in DATA_DIR, relative to the current folder),
 * and its ports.
 */
export async function boot(role: 'realtime'): Promise<Booted<RealtimeConfig>>;
export async function boot(role: 'all' | 'web'): Promise<Booted<Config>>;
export async function boot(role: Role): Promise<Booted<Config | RealtimeConfig>> {
  if (role === 'realtime') {
    const config = readConfig(() => loadRealtimeConfig(process.env));
    return start(config, { url: config.databaseUrl });
  }
  const config = readConfig(() => loadConfig(process.env, role));
  return start(config, config.databaseUrl ? { url: config.databaseUrl } : { dataDir: resolve(config.dataDir) });
}

async function start<C extends Config | RealtimeConfig>(config: C, where: DatabaseConfig): Promise<Booted<C>> {
  const logger = createLogger({ level: config.logLevel });
  const database = await openDatabase(where);
  await migrate(database);
  return { config, logger, database, ports: buildPorts(database, config) };
}
