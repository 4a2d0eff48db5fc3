/**
 * The stored HTML of post bodies (migration 0009), for `npm run render`: the bodies still
 * without it (or all of them) in id order, a page at a time, and their HTML written back.
 */
import { sql } from 'drizzle-orm';
import type { Db } from '../client.ts';
import { rows } from './sql-rows.ts';

export type PostTable = 'questions' | 'answers' | 'comments';
export const POST_TABLES: readonly PostTable[] = ['questions', 'answers', 'comments'];

const table = (name: PostTable) => sql.identifier(name);

/** Up to `limit` bodies after id `after`, in id order; with `missingOnly` only those never rendered. */
export async function postBodies(
  db: Db,
  name: PostTable,
  after: number,
  limit: number,
  missingOnly: boolean,
): Promise<{ id: number; text: string }[]> {
  const result = await rows(
    db,
    sql`SELECT id, text FROM ${table(name)} WHERE id > ${after} ${missingOnly ? sql`AND html IS NULL` : sql``} ORDER BY id LIMIT ${limit}`,
  );
  return result.map((r) => ({ id: Number(r.id), text: String(r.text) }));
}

/** How many bodies `postBodies` will go through. */
export async function countPostBodies(db: Db, name: PostTable, missingOnly: boolean): Promise<number> {
  const [count] = await rows(
    db,
    sql`SELECT count(*)::int AS n FROM ${table(name)} ${missingOnly ? sql`WHERE html IS NULL` : sql``}`,
  );
  return Number(count?.n ?? 0);
}

/** Writes rendered HTML for the given ids in one statement. */
export async function storePostHtml(db: Db, name: PostTable, rendered: { id: number; html: string }[]): Promise<void> {
  if (!rendered.length) return;
  const ids = rendered.map((r) => String(r.id));
  const html = rendered.map((r) => r.html);
  await db.execute(
    sql`UPDATE ${table(name)} t SET html = r.html FROM unnest(${sql.param(ids)}::bigint[], ${sql.param(html)}::text[]) AS r(id, html) WHERE t.id = r.id`,
  );
}
