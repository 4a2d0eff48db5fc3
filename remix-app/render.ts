/**
 * `npm run render`: stores the rendered HTML of every question, answer and comment body that
 * has none yet (posts written before migration 0009), with a progress bar. Pages render such
 * bodies on each view until then. `npm run render -- --all` renders every body again, after a
 * change to the Markdown renderer or its allow list.
 */
import { resolve } from 'node:path';
import { renderMarkdown } from '@fso/core';
import { countPostBodies, migrate, openDatabase, POST_TABLES, postBodies, storePostHtml } from '@fso/db';
import { loadConfig } from '@fso/platform';
import { progressBar } from './server/progress.ts';

const PAGE = 500;
const config = loadConfig();
const missingOnly = !process.argv.includes('--all');
const database = await openDatabase(config.databaseUrl ? { url: config.databaseUrl } : { dataDir: resolve(config.dataDir) });
try {
  await migrate(database);
  const started = Date.now();
  const bar = progressBar();
  let rendered = 0;
  for (const table of POST_TABLES) {
    const total = await countPostBodies(database.db, table, missingOnly);
    let done = 0;
    for (let after = 0; ;) {
      const page = await postBodies(database.db, table, after, PAGE, missingOnly);
      if (!page.length) break;
      await storePostHtml(
        database.db,
        table,
        page.map((p) => ({ id: p.id, html: renderMarkdown(p.text) })),
      );
      after = page[page.length - 1]!.id;
      done += page.length;
      bar.update(table, done, total);
    }
    bar.end();
    rendered += done;
  }
  console.log(`Rendered ${rendered} bodies in ${((Date.now() - started) / 1000).toFixed(1)} s.`);
} catch (error) {
  process.stderr.write('\n');
  console.error(`Render failed: ${(error as Error).message}`);
  process.exitCode = 1;
} finally {
  await database.close();
}
