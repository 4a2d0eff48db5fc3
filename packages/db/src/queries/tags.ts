/**
 * Tags: the tag list with question counts (filtered by name, sorted, paged; hidden questions not
 * counted, issue 41) and one tag by name.
 */
import { sql, type SQL } from 'drizzle-orm';
import type { Tag, TagSort, TagWithCount } from '@fso/shared';
import type { Db } from '../client.ts';
import { rows, type Row } from './sql-rows.ts';

const toTag = (r: Row): Tag => ({ _id: String(r.id), name: String(r.name), description: String(r.description) });

const TAG_ORDER: Record<TagSort, SQL> = {
  popular: sql`qcnt DESC, lower(t.name)`,
  name: sql`lower(t.name)`,
  new: sql`t.id DESC`,
};

/** Tags in the given order (most used first by default), those whose name holds `filter` when given, with how many there are. */
export async function listTagsWithCount(
  db: Db,
  page: { limit: number; offset: number; filter?: string; sort?: TagSort },
): Promise<{ tags: TagWithCount[]; total: number }> {
  const where = page.filter ? sql`WHERE strpos(lower(t.name), ${page.filter.toLowerCase()}) > 0` : sql``;
  const [list, totals] = await Promise.all([
    rows(
      db,
      sql`SELECT t.id, t.name, t.description, (count(qt.question_id) - count(h.id))::int AS qcnt
      FROM tags t LEFT JOIN question_tags qt ON qt.tag_id = t.id
        LEFT JOIN (SELECT id FROM questions WHERE hidden IS NOT NULL) h ON h.id = qt.question_id ${where}
      GROUP BY t.id ORDER BY ${TAG_ORDER[page.sort ?? 'popular']} LIMIT ${page.limit} OFFSET ${page.offset}`,
    ),
    rows(db, sql`SELECT count(*)::int AS n FROM tags t ${where}`),
  ]);
  const total = totals[0]?.n;
  return { tags: list.map((r) => ({ ...toTag(r), qcnt: Number(r.qcnt) })), total: Number(total ?? 0) };
}

export async function findTagByName(db: Db, name: string): Promise<Tag | null> {
  const [row] = await rows(db, sql`SELECT id, name, description FROM tags WHERE lower(name) = ${name.toLowerCase()}`);
  return row ? toTag(row) : null;
}
