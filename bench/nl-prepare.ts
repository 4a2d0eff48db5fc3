/**
 * Builds the natural-language search benchmark's data set (bench/nl-search.mjs), resuming
 * where a previous run stopped and skipping what is there: imports the real dump in
 * ../shared/data, embeds its questions, trains the LSA model on them (what `npm run import`
 * does), then grows the site to N questions with nl-grow.ts. Usage:
 *   tsx bench/nl-prepare.ts <questions>       (DATABASE_URL or DATA_DIR from the environment)
 * Prints on stdout, as JSON, the number of questions, the real titles (the benchmark's queries;
 * an embedded database can't be read while its server runs) and the seconds each step took.
 */
import { resolve } from 'node:path';
import { embedQueued, LSA_MODEL_NAME, trainAndSaveLsa } from '@fso/search';
import { migrate, openDatabase, rows as rowsOf, searchStore } from '@fso/db';
import { importStackExchange } from '../remix-app/server/import/stackexchange.ts';
import { createLogger } from '@fso/platform';
import { progressBar } from '../remix-app/server/progress.ts';
import { growWithCopies } from './nl-grow.ts';

const target = Number(process.argv[2] ?? 100_000);
const dump = resolve(new URL('.', import.meta.url).pathname, '../../shared/data/quantumcomputing.stackexchange.com');
const database = await openDatabase(
  process.env.DATABASE_URL
    ? { url: process.env.DATABASE_URL, poolSize: 1 }
    : { dataDir: resolve(process.env.DATA_DIR ?? './data') },
);
const rows = <T extends Record<string, unknown>>(text: string) => rowsOf<T>(database.db, text);
const count = async (text: string) => (await rows<{ n: number }>(text))[0]!.n;
const seconds: Record<string, number> = {};
/** Runs a step and records how long it took. */
async function step<T>(name: string, run: () => Promise<T>): Promise<T> {
  const started = Date.now();
  const result = await run();
  seconds[name] = +((Date.now() - started) / 1000).toFixed(1);
  console.error(`${name}: ${seconds[name]} s`);
  return result;
}

try {
  await migrate(database);
  if (!(await count('SELECT count(*)::int AS n FROM questions WHERE source_url IS NOT NULL')))
    await step('import', () => importStackExchange(database, dump));
  // The import's questions were queued by the database's trigger (growth drops its own copies' jobs).
  if (await searchStore(database.db).countEmbeddingJobs())
    await step('embed', () => embedQueued(searchStore(database.db), { log: createLogger(), bar: progressBar() }));
  if (!(await searchStore(database.db).semanticModelDate(LSA_MODEL_NAME)))
    await step('lsa', () => trainAndSaveLsa(searchStore(database.db)));
  const growing = Date.now();
  await step('grow', () =>
    growWithCopies(database, target, (n) =>
      console.error(`${n} questions, ${((Date.now() - growing) / 1000).toFixed(1)} s`),
    ),
  );
  const titles = await rows<{ title: string }>('SELECT title FROM questions WHERE source_url IS NOT NULL ORDER BY id');
  const questions = await count('SELECT count(*)::int AS n FROM questions');
  console.log(JSON.stringify({ questions, titles: titles.map((t) => t.title), seconds }));
} finally {
  await database.close();
}
