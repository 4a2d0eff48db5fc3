/**
 * `npm run migrate`: applies the SQL migrations to the configured database (DATABASE_URL,
 * else the embedded one in DATA_DIR) and exits. The deploy's release step runs it once before
 * new instances start (fly.toml); servers starting later find nothing left to do.
 */
import { resolve } from 'node:path';
import { migrate, openDatabase } from '@fso/db';
import { loadConfig } from '@fso/platform';

let config;
try {
  config = loadConfig();
} catch (error) {
  console.error((error as Error).message);
  process.exit(1);
}
const database = await openDatabase(
  config.databaseUrl ? { url: config.databaseUrl } : { dataDir: resolve(config.dataDir) },
);
try {
  const started = Date.now();
  await migrate(database);
  console.log(
    `Migrations applied (${config.databaseUrl ? 'PostgreSQL' : 'embedded database'}) in ${Date.now() - started} ms.`,
  );
} catch (error) {
  console.error(`Migration failed: ${(error as Error).message}`);
  process.exitCode = 1;
} finally {
  await database.close();
}
