/**
 * Builds the Q&A benchmark data set (issue 3): imports the real Stack Exchange dump in
 * ../shared/data, then scales it up in SQL to N questions: one in ten unanswered, the rest
 * with 3 or 4 answers (3⅓ on average: 100k questions → 300k answers), 2 comments on each
 * question and 1 on each answer (→ 500k). Each copy pairs a real title with another real body
 * and real answers, so the text, its length and the word statistics that full-text search sees
 * are the dump's own. Usage:
 *   tsx bench/seed-qa.ts <questions>       (DATABASE_URL or DATA_DIR from the environment)
 * Prints on stdout, as JSON, the id range, the largest question and one without answers.
 */
import { resolve } from 'node:path';
import { sql } from 'drizzle-orm';
import { migrate, openDatabase, rebuildSearchTiers, rows, searchTiersStale } from '@fso/db';
import { importStackExchange } from '../remix-app/server/import/stackexchange.ts';

const target = Number(process.argv[2] ?? 100_000);
const dump = resolve(new URL('.', import.meta.url).pathname, '../../shared/data/quantumcomputing.stackexchange.com');
const database = await openDatabase(
  process.env.DATABASE_URL
    ? { url: process.env.DATABASE_URL, poolSize: 1 }
    : { dataDir: resolve(process.env.DATA_DIR ?? './data') },
);
const started = Date.now();
const log = (what: string) => console.error(`${((Date.now() - started) / 1000).toFixed(1).padStart(6)} s  ${what}`);

await migrate(database);
const one = async (sql: string) => (await rows<Record<string, number>>(database.db, sql))[0]!;

/** Imports the dump and adds copies of it up to the target (only run when the data set is smaller). */
async function grow() {
  const report = await importStackExchange(database, dump);
  log(`imported ${report.questions} questions, ${report.answers} answers, ${report.comments} comments`);

  // Ids are assigned here (OVERRIDING SYSTEM VALUE) so the copies' tags, answers and comments can
  // be derived from their source rows in plain INSERT … SELECTs; the sequences are moved after.
  await database.exec(`
    CREATE TEMP TABLE base_q AS SELECT row_number() OVER (ORDER BY id) - 1 AS rn, id, title, text, html, asked_by, view_count, score FROM questions;
    CREATE TEMP TABLE base_a AS SELECT row_number() OVER (ORDER BY id) - 1 AS rn, text, html, ans_by FROM answers;
    CREATE TEMP TABLE base_c AS SELECT row_number() OVER (ORDER BY id) - 1 AS rn, text, html, comment_by FROM comments;
    CREATE TEMP TABLE gen AS
      SELECT (SELECT max(id) FROM questions) + row_number() OVER () AS id, t.id AS title_src, b.text, b.html, t.title, t.asked_by, t.view_count, t.score, s.g
      FROM generate_series(1, greatest(0, ${target} - (SELECT count(*) FROM questions))) s(g)
      JOIN base_q t ON t.rn = s.g % (SELECT count(*) FROM base_q)
      JOIN base_q b ON b.rn = (s.g * 7 + s.g / (SELECT count(*) FROM base_q)) % (SELECT count(*) FROM base_q);
  `);
  log('planned the copies');
  // The full-text indexes (RUM or GIN, on `questions` and on `question_search`, which a trigger
  // fills) are dropped while the copies go in and rebuilt after: maintaining RUM row by row had a
  // 1M seed two thirds through its questions after 38 minutes; one build is minutes.
  const fullText = (await database.db.execute(
    sql`SELECT indexname, indexdef FROM pg_indexes WHERE tablename IN ('questions', 'question_search') AND indexdef ~ ' USING (rum|gin) '`,
  )) as unknown as {
    rows: { indexname: string; indexdef: string }[];
  };
  for (const { indexname } of fullText.rows) await database.exec(`DROP INDEX ${indexname}`);
  // The kept lists (migration 0025) are written once for every question after the copies, not
  // again by their triggers after each bulk insert (tags, answers, comments: three passes).
  const listTriggers = (await database.db.execute(
    sql`SELECT tgrelid::regclass::text AS tbl, tgname FROM pg_trigger WHERE tgname LIKE 'question_lists_%'`,
  )) as unknown as {
    rows: { tbl: string; tgname: string }[];
  };
  for (const { tbl, tgname } of listTriggers.rows) await database.exec(`ALTER TABLE ${tbl} DISABLE TRIGGER ${tgname}`);
  await database.exec(`
    INSERT INTO questions (id, title, text, html, asked_by, ask_date_time, last_activity, answer_count, view_count, score)
    OVERRIDING SYSTEM VALUE
    SELECT id, title, text, html, asked_by, now() - (g || ' minutes')::interval, now() - (g || ' minutes')::interval + interval '1 hour',
           CASE WHEN g % 10 = 0 THEN 0 WHEN g % 3 = 0 THEN 4 ELSE 3 END, view_count + g % 97, score
    FROM gen;
    SELECT setval(pg_get_serial_sequence('questions', 'id'), (SELECT max(id) FROM questions));
    INSERT INTO question_tags (question_id, tag_id, position) SELECT g.id, qt.tag_id, qt.position FROM gen g JOIN question_tags qt ON qt.question_id = g.title_src;
  `);
  for (const { indexdef } of fullText.rows) await database.exec(indexdef);
  log('questions and their tags, full-text index rebuilt');
  await database.exec(`
    CREATE TEMP TABLE gen_a AS
      SELECT (SELECT coalesce(max(id), 0) FROM answers) + row_number() OVER () AS id, g.id AS question_id, g.g * 4 + k AS n, g.g
      FROM gen g CROSS JOIN generate_series(0, 3) k WHERE g.g % 10 <> 0 AND (k < 3 OR g.g % 3 = 0);
    INSERT INTO answers (id, question_id, text, html, ans_by, ans_date_time) OVERRIDING SYSTEM VALUE
      SELECT a.id, a.question_id, b.text, b.html, b.ans_by, now() - (a.g || ' minutes')::interval + (a.n % 4 + 1) * interval '10 minutes'
      FROM gen_a a JOIN base_a b ON b.rn = a.n % (SELECT count(*) FROM base_a);
    SELECT setval(pg_get_serial_sequence('answers', 'id'), (SELECT max(id) FROM answers));
  `);
  log('answers');
  await database.exec(`
    INSERT INTO comments (text, html, comment_by, comment_date_time, question_id)
      SELECT b.text, b.html, b.comment_by, now() - (g.g || ' minutes')::interval + interval '5 minutes', g.id
      FROM gen g CROSS JOIN generate_series(0, 1) k JOIN base_c b ON b.rn = (g.g * 2 + k) % (SELECT count(*) FROM base_c);
    INSERT INTO comments (text, html, comment_by, comment_date_time, answer_id)
      SELECT b.text, b.html, b.comment_by, now() - (a.g || ' minutes')::interval + interval '50 minutes', a.id
      FROM gen_a a JOIN base_c b ON b.rn = (a.n * 5 + 1) % (SELECT count(*) FROM base_c);
  `);
  log('comments');
  for (const { tbl, tgname } of listTriggers.rows) await database.exec(`ALTER TABLE ${tbl} ENABLE TRIGGER ${tgname}`);
  await database.exec('SELECT question_lists_write(ARRAY(SELECT id FROM questions))');
  log('lists kept');
}

// A kept data set already at size is only vacuumed: re-importing and re-planning the copies
// took ~30 s at 100k (minutes at 1M) for no change. Comments are copied last (2 per question
// and 1 per answer), so fewer than 2 per question means an earlier run was interrupted.
const { q = 0, c = 0 } = await one(
  'SELECT (SELECT count(*) FROM questions)::int q, (SELECT count(*) FROM comments)::int c',
);
if (q < target) await grow();
else if (c < 2 * q)
  throw new Error(
    `the data set has ${q} questions but only ${c} comments: an earlier seeding was interrupted; drop it (DATA_DIR or the database) and run again`,
  );
else log('already at size');
// The copies are not embedded for natural-language search (a CPU-hour at this size): the queue
// is emptied, every run, so that the server's embedding worker does not compete with the
// measured requests (a 1M set left with its queue had the web process embedding, not serving).
await database.exec('DELETE FROM embedding_jobs');
// The search tiers (decision record 0074) are cut for the data set as it is, as a server's upkeep
// would cut them, so that no server of the benchmark cuts them while it is measured.
if (await searchTiersStale(database.db)) {
  const tiers = await rebuildSearchTiers(database);
  log(`search tiers cut: ${tiers.length}`);
}
await database.exec('VACUUM ANALYZE');
const { lo, hi, n, answers, comments } = await one(
  'SELECT min(id)::int AS lo, max(id)::int AS hi, count(*)::int AS n, (SELECT count(*) FROM answers)::int AS answers, (SELECT count(*) FROM comments)::int AS comments FROM questions',
);
log(`done: ${n} questions, ${answers} answers, ${comments} comments`);
// What the benchmark needs to know of the data (the embedded database can't be read while its server runs): on stdout.
const range = { lo, hi, n };
const biggest = await one(
  `SELECT q.id, q.answer_count, (SELECT count(*) FROM comments c WHERE c.question_id = q.id OR c.answer_id IN (SELECT id FROM answers WHERE question_id = q.id))::int AS comments
   FROM questions q ORDER BY q.answer_count DESC, q.id LIMIT 1`,
);
const empty = await one('SELECT id FROM questions WHERE answer_count = 0 ORDER BY id LIMIT 1');
console.log(JSON.stringify({ range, biggest, empty }));
await database.close();
