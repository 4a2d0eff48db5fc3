/**
 * Tag suggestions while a tag is typed: existing tags whose name contains what was typed (any
 * case; through the trigram index of migration 0061), those that start with it first, then the
 * most used, each with its question count (hidden questions not counted); bounded by `limit`.
 */
import { sql } from 'drizzle-orm';
import type { TagSuggestion } from '@fso/shared';
import type { Db } from '../client.ts';
import { hiddenInTag } from './question-list.ts';

export async function suggestTags(db: Db, typed: string, limit: number): Promise<TagSuggestion[]> {
  const literal = typed.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`);
  const result = await db.execute<{
    name: string;
    qcnt: number;
  }>(sql`SELECT t.name, (SELECT count(*)::int FROM question_tags qt WHERE qt.tag_id = t.id) - ${hiddenInTag(sql`t.id`)} AS qcnt
    FROM tags t WHERE lower(t.name) LIKE ${`%${literal}%`}
    ORDER BY lower(t.name) LIKE ${`${literal}%`} DESC, qcnt DESC, lower(t.name) LIMIT ${limit}`);
  return result.rows.map((r) => ({ name: String(r.name), qcnt: Number(r.qcnt) }));
}
