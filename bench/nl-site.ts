/**
 * The imported Stack Exchange site the natural-language quality benches read (nl-recall.ts,
 * nl-floor.ts): the dump folder named on the command line, its database (DATABASE_URL, else
 * DATA_DIR) migrated, every question embedded.
 */
import { basename, resolve } from 'node:path';
import { embedQueued } from '@fso/search';
import { migrate, openDatabase, searchStore } from '@fso/db';
import { createLogger } from '@fso/platform';
import { progressBar } from '../remix-app/server/progress.ts';

export async function openImportedSite() {
  const folder = resolve(process.argv[2] ?? '../shared/data/quantumcomputing.stackexchange.com');
  const database = await openDatabase(
    process.env.DATABASE_URL
      ? { url: process.env.DATABASE_URL }
      : { dataDir: resolve(process.env.DATA_DIR ?? './data') },
  );
  await migrate(database);
  const log = createLogger();
  await embedQueued(searchStore(database.db), { log, bar: progressBar() });
  return { folder, site: `https://${basename(folder)}`, database, log };
}
