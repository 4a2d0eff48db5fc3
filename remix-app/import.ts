/**
 * `npm run import -- <folder>`: imports a Stack Exchange dump folder into the configured
 * database (DATABASE_URL, else the embedded one in DATA_DIR), with a progress bar on stderr,
 * then cuts the search tiers again and embeds the new questions for natural-language search.
 */
import { resolve } from 'node:path';
import { embedQueued, trainAndSaveLsa } from '@fso/search';
import { migrate, openDatabase, rebuildSearchTiers, searchStore } from '@fso/db';
import { loadConfig } from '@fso/platform';
import { importStackExchange } from './server/import/stackexchange.ts';
import { createLogger } from '@fso/platform';
import { progressBar } from './server/progress.ts';

const folder = process.argv[2];
if (!folder) {
  console.error('Usage: npm run import -- <folder with Posts.xml, Users.xml, Tags.xml, Comments.xml>');
  process.exit(2);
}

const config = loadConfig();
const database = await openDatabase(
  config.databaseUrl ? { url: config.databaseUrl } : { dataDir: resolve(config.dataDir) },
);
try {
  await migrate(database);
  const started = Date.now();
  const bar = progressBar();
  const report = await importStackExchange(database, folder, (file, done, total) => bar.update(file, done, total));
  bar.end();
  console.log(
    `Imported ${report.questions} questions, ${report.answers} answers, ${report.comments} comments, ${report.users} users, ${report.tags} tags` +
      ` (${report.skipped} rows without their parent skipped) in ${((Date.now() - started) / 1000).toFixed(1)} s.`,
  );
  // Imported questions keep their own ask times, so they land in every search tier: cut them again (decision record 0074).
  if (report.questions > 0) console.log(`Search tiers cut again: ${(await rebuildSearchTiers(database)).length}.`);
  // Imported questions were queued for embedding by the database; embed them now.
  const embedded = await embedQueued(searchStore(database.db), {
    log: createLogger({ level: config.logLevel }),
    bar: progressBar(),
  }).catch((error: unknown) => {
    console.error(
      `Embedding failed; the questions stay queued for the server's worker or \`npm run reindex\`: ${(error as Error).message}`,
    );
    return 0;
  });
  const lsa = await trainAndSaveLsa(searchStore(database.db));
  console.log(
    `Embedded ${embedded} questions for natural-language search; LSA trained on ${lsa?.terms.size ?? 0} terms.`,
  );
} catch (error) {
  process.stderr.write('\n');
  console.error(`Import failed, nothing was imported: ${(error as Error).message}`);
  process.exitCode = 1;
} finally {
  await database.close();
}
