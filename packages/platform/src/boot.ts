/**
 * What every process entry does first (web, realtime, single process): read the config (or stop
 * with its message), make the JSON logger, open and migrate the database. Stopping is
 * shutdown.ts's `stopOnSignal`; carrying events between processes is bus.ts's.
 */
import { resolve } from 'node:path';
import { migrate, openDatabase, type Database } from '@fso/db';
import { loadConfig, type Config, type Role } from './config.ts';
import { createLogger, type Logger } from './logging.ts';

function readConfig(role: Role): Config {
  try {
    return loadConfig(process.env, role);
  } catch (error) {
    // No logger exists before the config that sets its level: this one message goes to stderr as is.
    console.error((error as Error).message);
    process.exit(1);
  }
}

/**
 * A process's start: its config (checked for `role`), its logger, its database opened and
 * migrated (DATABASE_URL, else the embedded one in DATA_DIR, relative to the current folder).
 */
export async function boot(role: Role): Promise<{ config: Config; logger: Logger; database: Database }> {
  const config = readConfig(role);
  const logger = createLogger({ level: config.logLevel });
  const database = await openDatabase(config.databaseUrl ? { url: config.databaseUrl } : { dataDir: resolve(config.dataDir) });
  await migrate(database);
  return { config, logger, database };
}
