/**
 * The ANALYZE that PostgreSQL's autovacuum would run, for PGlite, which has no autovacuum (one
 * backend, no background workers) and keeps no activity statistics across restarts. Without
 * it the planner's statistics are those of the last explicit ANALYZE, or none: a site grown on
 * the embedded database then had every search read as if its words were rare (decision records
 * 0035, 0044). Staleness is judged as autovacuum judges it, on the question count (the
 * trigger-kept counter, migration 0004) against the row estimate the last ANALYZE left:
 * re-analysed once the site has changed by 50 questions plus a tenth.
 */
import type { PGlite } from '@electric-sql/pglite';

/** How often a running embedded database checks whether its statistics are stale. */
export const ANALYZE_CHECK_MS = 10 * 60_000;

/** Runs ANALYZE when the questions have changed by more than 50 + 10% since the last one; whether it ran. */
export async function analyzeWhenStale(pglite: PGlite): Promise<boolean> {
  // A data directory opened before its first migration has no tables yet.
  const { rows: tables } = await pglite.query<{ ready: boolean }>(
    `SELECT to_regclass('question_totals') IS NOT NULL AS ready`,
  );
  if (!tables[0]?.ready) return false;
  const { rows } = await pglite.query<{ total: number; estimate: number }>(
    `SELECT (SELECT total FROM question_totals) AS total, (SELECT reltuples FROM pg_class WHERE oid = 'questions'::regclass) AS estimate`,
  );
  const row = rows[0];
  if (!row || row.total === null) return false;
  const analysed = Math.max(0, Number(row.estimate)); // -1: never analysed
  if (Math.abs(Number(row.total) - analysed) <= 50 + 0.1 * analysed) return false;
  await pglite.exec('ANALYZE');
  return true;
}
