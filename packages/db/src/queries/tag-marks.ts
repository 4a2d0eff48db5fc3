/**
 * The tags a user marks (issue 42): ignored tags, stored beside the watched ones of the mail
 * work (mail-preferences.ts), and both read at once for the question lists, which highlight
 * questions in watched tags and dim those in ignored ones.
 */
import { sql } from 'drizzle-orm';
import type { TagMarks } from '@fso/shared';
import type { Db } from '../client.ts';
import { rows } from './sql-rows.ts';

/** Ignores or stops ignoring a tag by name; the tag's stored name, or null when there is no such tag. */
export async function setIgnoring(db: Db, userId: number, tagName: string, ignore: boolean): Promise<string | null> {
  const [tag] = await rows(db, sql`SELECT id, name FROM tags WHERE lower(name) = ${tagName.toLowerCase()}`);
  if (!tag) return null;
  await db.execute(
    ignore
      ? sql`INSERT INTO ignored_tags (user_id, tag_id) VALUES (${userId}, ${Number(tag.id)}) ON CONFLICT DO NOTHING`
      : sql`DELETE FROM ignored_tags WHERE user_id = ${userId} AND tag_id = ${Number(tag.id)}`,
  );
  return String(tag.name);
}

/** The names of the tags the user watches and ignores (a user marks few: at most 500 of each). */
export async function tagMarksOf(db: Db, userId: number): Promise<TagMarks> {
  const list = await rows(
    db,
    sql`(SELECT 'watched' AS mark, t.name FROM watched_tags w JOIN tags t ON t.id = w.tag_id WHERE w.user_id = ${userId} LIMIT 500)
        UNION ALL
        (SELECT 'ignored', t.name FROM ignored_tags i JOIN tags t ON t.id = i.tag_id WHERE i.user_id = ${userId} LIMIT 500)`,
  );
  const names = (mark: string) =>
    list
      .filter((r) => r.mark === mark)
      .map((r) => String(r.name))
      .sort((a, b) => a.localeCompare(b));
  return { watched: names('watched'), ignored: names('ignored') };
}
