/**
 * A tag's page (issue 42): the tag with its question count and its wiki, and the wiki's edit
 * (the rule: core's `decideTagWikiEdit`) — the tag row locked, the excerpt, body and its
 * rendered HTML stored with who and when.
 */
import { sql } from 'drizzle-orm';
import type { Result, TagInfo } from '@fso/shared';
import type { Db } from '../client.ts';
import type { Decide } from './decide.ts';
import { rows } from './sql-rows.ts';

export async function findTagInfo(db: Db, name: string): Promise<TagInfo | null> {
  const [row] = await rows(
    db,
    sql`SELECT t.id, t.name, t.description, t.wiki, t.wiki_html, t.wiki_edited_at, u.username AS edited_by,
          (SELECT count(*)::int FROM question_tags qt JOIN questions q ON q.id = qt.question_id
            WHERE qt.tag_id = t.id AND q.hidden IS NULL) AS qcnt
        FROM tags t LEFT JOIN users u ON u.id = t.wiki_edited_by
        WHERE lower(t.name) = ${name.toLowerCase()}`,
  );
  if (!row) return null;
  return {
    _id: String(row.id),
    name: String(row.name),
    description: String(row.description),
    qcnt: Number(row.qcnt),
    wiki: String(row.wiki),
    wikiHtml: String(row.wiki_html),
    wikiEditedBy: row.edited_by === null ? null : String(row.edited_by),
    wikiEditedAt: row.wiki_edited_at === null ? null : new Date(row.wiki_edited_at as string).toISOString(),
  };
}

/** What a wiki edit is decided on besides its editor: whether the tag exists. */
export interface TagWikiSeen {
  tagExists: boolean;
}

/** The new excerpt and wiki (with its HTML) by `editorId`, stored when `decide` allows; answers the tag's stored name. */
export async function editTagWiki(
  db: Db,
  name: string,
  edit: { editorId: number; excerpt: string; wiki: string; wikiHtml: string },
  decide: Decide<TagWikiSeen, null>,
): Promise<Result<{ name: string }>> {
  return db.transaction(async (tx) => {
    const [tag] = await rows(tx, sql`SELECT id, name FROM tags WHERE lower(name) = ${name.toLowerCase()} FOR UPDATE`);
    const decision = decide({ tagExists: Boolean(tag) });
    if (!decision.ok) return decision;
    await tx.execute(sql`UPDATE tags SET description = ${edit.excerpt}, wiki = ${edit.wiki}, wiki_html = ${edit.wikiHtml},
        wiki_edited_by = ${edit.editorId}, wiki_edited_at = now() WHERE id = ${Number(tag!.id)}`);
    return { ok: true, value: { name: String(tag!.name) } };
  });
}
