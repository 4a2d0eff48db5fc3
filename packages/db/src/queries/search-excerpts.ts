/** The start of each listed question's stored text, for search result excerpts: one query by id, bounded in length. */
import { sql } from 'drizzle-orm';
import type { Db } from '../client.ts';

export const EXCERPT_SOURCE_CHARS = 4000;

export async function questionTextPrefixes(db: Db, ids: number[], chars = EXCERPT_SOURCE_CHARS): Promise<Map<number, string>> {
  if (ids.length === 0) return new Map();
  const result = (await db.execute(sql`SELECT id, left(text, ${chars}) AS text FROM questions WHERE id = ANY(${sql.param(ids)}::bigint[])`)) as {
    rows: { id: number; text: string }[];
  };
  return new Map(result.rows.map((r) => [Number(r.id), String(r.text)]));
}
