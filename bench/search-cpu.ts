/**
 * Database CPU per ranked search (decision records 0041, 0046), one connection at a time: the 18
 * benchmark queries (bench/qa.mjs) as the REST two-word search (limit 50), `[quantum-gate]
 * word` (limit 50) and the /home search screen's list (limit 20), and the `[quantum-gate]` list
 * alone (limit 50, as often), each run through the app's
 * own query code on one pooled connection, timed by that PostgreSQL backend's own CPU clock
 * (/proc/<pid>/stat; the server must run on this machine), and the shared buffers it touched
 * (the database's counters: give it a database nothing else uses). Also writes each query's
 * top 20 ids, to compare rankings between two checkouts; with PER_QUERY=1 also each query's own
 * figures (the expensive tail). Also the two words and `[quantum-gate] word` in each order a list
 * can be asked for (an ordered search with words, decision records 0066, 0069); SHAPES=<pattern>
 * runs only the shapes it names. Usage:
 *   [PER_QUERY=1] [SHAPES=<pattern>] tsx bench/search-cpu.ts <database url> [rounds=3] [top-20 json file]
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { listQuestionItems, listQuestions, openServerDatabase, rows } from '@fso/db';
import { SEARCHES } from './qa.mjs';

const [url, roundsArg, topFile] = process.argv.slice(2);
if (!url) throw new Error('usage: tsx bench/search-cpu.ts <database url> [rounds] [top-20 json file]');
const rounds = Number(roundsArg ?? 3);
/** Each query's own CPU and buffers too (the buffer counts' flush adds two statements per search to the CPU figures). */
const perQuery = process.env.PER_QUERY === '1';
const database = await openServerDatabase({ url, poolSize: 1 });
const [{ pid }] = (await rows<{ pid: number }>(database.db, 'SELECT pg_backend_pid() AS pid')) as [{ pid: number }];
const ticksPerMs = 100 / 1000; // USER_HZ
/** The backend's user + system CPU so far, in clock ticks. */
const cpu = () => {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  return Number(fields[11]) + Number(fields[12]);
};

/** Shared buffers hit or read in this database so far (this backend's counts flushed first). */
const buffers = async () => {
  await rows(database.db, 'SELECT pg_stat_force_next_flush()');
  const [row] = await rows<{ n: string }>(
    database.db,
    'SELECT blks_hit + blks_read AS n FROM pg_stat_database WHERE datname = current_database()',
  );
  return Number(row!.n);
};

const shapes = {
  'two words (REST, limit 50)': (words: string) => listQuestions(database.db, { search: words, limit: 50, offset: 0 }),
  '[tag] + word (REST, limit 50)': (words: string) =>
    listQuestions(database.db, { search: `[quantum-gate] ${words.split(' ')[1]}`, limit: 50, offset: 0 }),
  'search screen (/home, limit 20)': (words: string) =>
    listQuestionItems(database.db, { search: words, limit: 20, offset: 0 }),
  '[tag] alone (REST, limit 50)': () => listQuestions(database.db, { search: '[quantum-gate]', limit: 50, offset: 0 }),
  ...Object.fromEntries(
    (['newest', 'active', 'unanswered', 'mostViewed'] as const).flatMap((order) => [
      [
        `two words, ${order} (REST, limit 50)`,
        (words: string) => listQuestions(database.db, { search: words, order, limit: 50, offset: 0 }),
      ],
      [
        `[tag] + word, ${order} (REST, limit 50)`,
        (words: string) =>
          listQuestions(database.db, { search: `[quantum-gate] ${words.split(' ')[1]}`, order, limit: 50, offset: 0 }),
      ],
    ]),
  ),
};
/** Only the shapes whose names match this pattern (all when unset). */
const only = new RegExp(process.env.SHAPES ?? '');

const top: Record<string, string[]> = {};
for (const [shape, run] of Object.entries(shapes).filter(([name]) => only.test(name))) {
  for (const words of SEARCHES) {
    const page = await run(words); // warm: prepares the statements, loads the pages
    top[`${shape}: ${words}`] = page.questions.slice(0, 20).map((q) => q._id);
  }
  const [before, buffersBefore] = [cpu(), await buffers()];
  const each = new Map<string, { ticks: number; touched: number }>();
  for (let r = 0; r < rounds; r++)
    for (const words of SEARCHES) {
      const [t0, b0] = perQuery ? [cpu(), await buffers()] : [0, 0];
      await run(words);
      if (!perQuery) continue;
      const [t1, b1] = [cpu(), await buffers()];
      const seen = each.get(words) ?? { ticks: 0, touched: 0 };
      each.set(words, { ticks: seen.ticks + t1 - t0, touched: seen.touched + b1 - b0 });
    }
  const searches = rounds * SEARCHES.length;
  const ms = (cpu() - before) / ticksPerMs / searches;
  const touched = ((await buffers()) - buffersBefore) / searches;
  console.log(
    `${shape.padEnd(34)} ${ms.toFixed(2)} ms database CPU, ${touched.toFixed(0)} shared buffers per search (${searches} searches)`,
  );
  for (const [words, { ticks, touched: n }] of each)
    console.log(
      `  ${words.padEnd(24)} ${(ticks / ticksPerMs / rounds).toFixed(2)} ms, ${(n / rounds).toFixed(0)} buffers`,
    );
}
if (topFile) writeFileSync(topFile, JSON.stringify(top, null, 1));
await database.close();
