/** Tags: the tag list with question counts (paged; hidden questions not counted, issue 41) and one tag by name. */
import { sql } from 'drizzle-orm';
import type { Tag, TagWithCount } from '@fso/shared';
import type { Db } from '../client.ts';
import { rows, type Row } from './sql-rows.ts';

const toTag = (r: Row): Tag => ({ _id: String(r.id), name: String(r.name), description: String(r.description) });

/** Tags by question count (then name), with the total number of tags. */
export async function listTagsWithCount(
  db: Db,
  page: { limit: number; offset: number },
): Promise<{ tags: TagWithCount[]; total: number }> {
  const [list, totals] = await Promise.all([
    rows(
      db,
      sql`SELECT t.id, t.name, t.description, (count(qt.question_id) - count(h.id))::int AS qcnt
      FROM tags t LEFT JOIN question_tags qt ON qt.tag_id = t.id
        LEFT JOIN (SELECT id FROM questions WHERE hidden IS NOT NULL) h ON h.id = qt.question_id
      GROUP BY t.id ORDER BY qcnt DESC, lower(t.name) LIMIT ${page.limit} OFFSET ${page.offset}`,
    ),
    rows(db, sql`SELECT count(*)::int AS n FROM tags`),
  ]);
  const total = totals[0]?.n;
  return { tags: list.map((r) => ({ ...toTag(r), qcnt: Number(r.qcnt) })), total: Number(total ?? 0) };
}

export async function findTagByName(db: Db, name: string): Promise<Tag | null> {
  const [row] = await rows(db, sql`SELECT id, name, description FROM tags WHERE lower(name) = ${name.toLowerCase()}`);
  return row ? toTag(row) : null;
}
