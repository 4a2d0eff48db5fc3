/**
 * Grows an imported, embedded site to N questions for the natural-language search benchmarks
 * (nl-latency.ts, nl-prepare.ts): synthetic copies of the real questions (title and body, the
 * title numbered), each with its original's vector plus a little noise, written directly so no
 * model time is spent. A site already at size is left as it is.
 */
import { rows, type Database } from '@fso/db';

const BATCH = 2000;

/** Adds copies until the site has `target` questions; returns how many were added. */
export async function growWithCopies(
  database: Database,
  target: number,
  onProgress: (questions: number) => void = () => {},
): Promise<number> {
  const have = (await rows<{ n: number }>(database.db, 'SELECT count(*)::int AS n FROM questions'))[0]!.n;
  for (let n = have; n < target;) {
    const batch = Math.min(BATCH, target - n);
    // Copies of real questions, cycling; the trigger's jobs are dropped, the vector is written here.
    await database.exec(`
      WITH src AS (SELECT q.id, q.title, q.text, e.embedding, row_number() OVER (ORDER BY q.id) AS r FROM questions q JOIN question_embeddings e ON e.question_id = q.id WHERE q.source_url IS NOT NULL),
           total AS (SELECT count(*) AS c FROM src),
           picked AS (SELECT g, s.* FROM generate_series(${n}, ${n + batch - 1}) g, total JOIN src s ON true WHERE s.r = 1 + g % total.c),
           added AS (INSERT INTO questions (title, text) SELECT left(title, 90) || ' #' || g, text FROM picked ORDER BY g RETURNING id, title)
      INSERT INTO question_embeddings (question_id, model, embedding)
      SELECT a.id, 'use-lite-512', ARRAY(SELECT x + (random() - 0.5) * 0.02 FROM unnest(p.embedding) x)
      FROM added a JOIN picked p ON a.title = left(p.title, 90) || ' #' || p.g;
      DELETE FROM embedding_jobs;`);
    n += batch;
    onProgress(n);
  }
  // What autovacuum does on a server (PGlite has none): statistics, and the full-text index's
  // pending list merged, which every full-text search otherwise scans.
  if (have < target)
    for (const table of ['questions', 'question_embeddings']) await database.exec(`VACUUM ANALYZE ${table}`);
  return Math.max(0, target - have);
}
