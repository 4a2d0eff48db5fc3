/** The database a command-line tool works on: DATABASE_URL, else the embedded one in DATA_DIR (started for it), migrated. */
import { resolve } from 'node:path';
import { migrate, openDatabase, type Database } from '@fso/db';
import { loadConfig, type Config } from '@fso/platform';

export async function openCliDatabase(): Promise<{ config: Config; database: Database }> {
  const config = loadConfig();
  const database = await openDatabase(
    config.databaseUrl ? { url: config.databaseUrl } : { dataDir: resolve(config.dataDir) },
  );
  await migrate(database);
  return { config, database };
}
