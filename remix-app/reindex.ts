/**
 * `npm run reindex`: queues every question of the configured database for embedding, embeds
 * them all with the current embedder, with a progress bar (after changing the model, or to
 * repair), and retrains the LSA model on the site's posts. `npm run reindex -- --missing` only embeds questions the current model has not seen.
 */
import { resolve } from 'node:path';
import { embedQueued, trainAndSaveLsa } from '@fso/search';
import { migrate, openDatabase, searchStore } from '@fso/db';
import { createLogger, loadConfig } from '@fso/platform';
import { progressBar } from './server/progress.ts';

const config = loadConfig();
const database = await openDatabase(
  config.databaseUrl ? { url: config.databaseUrl } : { dataDir: resolve(config.dataDir) },
);
try {
  await migrate(database);
  const started = Date.now();
  const requeue = process.argv.includes('--missing') ? 'missing' : 'all';
  const embedded = await embedQueued(searchStore(database.db), {
    requeue,
    log: createLogger({ level: config.logLevel }),
    bar: progressBar(),
  });
  const lsa = await trainAndSaveLsa(searchStore(database.db));
  console.log(
    `Embedded ${embedded} questions and trained LSA on ${lsa?.terms.size ?? 0} terms in ${((Date.now() - started) / 1000).toFixed(1)} s.`,
  );
} catch (error) {
  process.stderr.write('\n');
  console.error(`Reindex failed: ${(error as Error).message}`);
  process.exitCode = 1;
} finally {
  await database.close();
}
