/**
 * `npm run render`: stores the rendered HTML of every question, answer and comment body that
 * has none yet (@fso/ops's renderStoredBodies), with a progress bar. `npm run render -- --all`
 * renders every body again, after a change to the Markdown renderer or its allow list.
 */
import { renderStoredBodies } from '@fso/ops';
import { openCliDatabase } from './cli-database.ts';
import { progressBar } from './server/progress.ts';

const { database } = await openCliDatabase();
try {
  const started = Date.now();
  const rendered = await renderStoredBodies(database, {
    missingOnly: !process.argv.includes('--all'),
    bar: progressBar(),
  });
  console.log(`Rendered ${rendered} bodies in ${((Date.now() - started) / 1000).toFixed(1)} s.`);
} catch (error) {
  process.stderr.write('\n');
  console.error(`Render failed: ${(error as Error).message}`);
  process.exitCode = 1;
} finally {
  await database.close();
}
