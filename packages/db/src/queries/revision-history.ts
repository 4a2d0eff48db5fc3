/**
 * A post's revisions page: one page of its edits, newest first, each with its summary and the word diff from
 * the version it replaced to the next one, stored once (migration 0028). An edit whose diff is
 * not stored yet comes with both versions, read in the same statement as the post (so the
 * newest edit's "next version" is the post as it is, never a later edit's), for the caller to
 * diff and store: a revision and its successor never change, so a stored diff stays true. Also
 * the post as first written (revision 1), by its author.
 */
import { sql, type SQL } from 'drizzle-orm';
import type { RevisionDiff } from '@fso/shared';
import type { Db } from '../client.ts';
import { iso, str } from './question-read.ts';
import { rows, type Row } from './sql-rows.ts';

/** One version of a post: `title` and `tags` for questions only. */
export interface PostVersion {
  title?: string;
  tags?: string[];
  text: string;
}

export interface RevisionEdit {
  _id: string;
  editedBy: string | null;
  editedAt: string;
  /** What the editor said the edit does ('' when nothing). */
  summary: string;
  /** The stored diff; null when not computed yet. */
  diff: RevisionDiff | null;
  /** With no stored diff: the version the edit replaced and the one it made. */
  versions: { before: PostVersion; after: PostVersion } | null;
}

export interface RevisionHistory {
  /** The question the post is (or belongs to), and its title. */
  qid: number;
  title: string;
  /** How many edits the post has had. */
  total: number;
  edits: RevisionEdit[];
  /** Revision 1: the post as first written, by its author. */
  original: { by: string | null; at: string; version: PostVersion };
}

type Post = 'question' | 'answer';

const TABLE = {
  question: {
    revisions: sql.raw('question_revisions'),
    key: sql.raw('question_id'),
    fields: sql.raw('title, tags, text'),
  },
  answer: { revisions: sql.raw('answer_revisions'), key: sql.raw('answer_id'), fields: sql.raw('text') },
};

/** A version as JSON: a question's title, tags and text, an answer's text. */
const version = (post: Post, alias: string): SQL =>
  post === 'question'
    ? sql.raw(`json_build_object('title', ${alias}.title, 'tags', ${alias}.tags, 'text', ${alias}.text)`)
    : sql.raw(`json_build_object('text', ${alias}.text)`);

/** One page of a post's edits with their diffs (or versions to diff); null when there is no such post. */
export async function readRevisionHistory(
  db: Db,
  post: Post,
  id: number,
  page: { offset: number; limit: number },
): Promise<RevisionHistory | null> {
  const { revisions, key, fields } = TABLE[post];
  // The post as it is now, as a version: what the newest edit made.
  const current =
    post === 'question'
      ? sql`SELECT p.title, ARRAY(SELECT t.name FROM question_tags qt JOIN tags t ON t.id = qt.tag_id WHERE qt.question_id = p.id ORDER BY qt.position, t.name) AS tags, p.text`
      : sql`SELECT p.text`;
  const [author, created] =
    post === 'question'
      ? [sql.raw('p.asked_by'), sql.raw('p.ask_date_time')]
      : [sql.raw('p.ans_by'), sql.raw('p.ans_date_time')];
  const [found] = await rows<{ qid: number; title: string; total: number; edits: Row[] } & Row>(
    db,
    sql`SELECT q.id AS qid, q.title,
          (SELECT username FROM users WHERE id = ${author}) AS original_by, ${created} AS original_at,
          coalesce((SELECT ${version(post, 'o')} FROM ${revisions} o WHERE ${key} = p.id ORDER BY id LIMIT 1),
                   (SELECT ${version(post, 'c')} FROM (${current}) c)) AS original,
          (SELECT count(*) FROM ${revisions} WHERE ${key} = p.id) AS total,
          (SELECT coalesce(json_agg(e ORDER BY e.id DESC), '[]'::json) FROM (
             SELECT r.id, u.username AS edited_by, r.edited_at, r.summary, r.diff,
                    CASE WHEN r.diff IS NULL THEN ${version(post, 'r')} END AS before,
                    CASE WHEN r.diff IS NULL THEN (
                      SELECT ${version(post, 'n')} FROM (
                        (SELECT ${fields}, 0 AS k FROM ${revisions} nr WHERE ${key} = p.id AND id > r.id ORDER BY id LIMIT 1)
                        UNION ALL SELECT ${fields}, 1 FROM (${current}) c) n
                      ORDER BY n.k LIMIT 1) END AS after
             FROM ${revisions} r LEFT JOIN users u ON u.id = r.edited_by
             WHERE r.${key} = p.id ORDER BY r.id DESC OFFSET ${page.offset} LIMIT ${page.limit}) e) AS edits
        FROM ${post === 'question' ? sql`questions p JOIN questions q ON q.id = p.id` : sql`answers p JOIN questions q ON q.id = p.question_id`}
        WHERE p.id = ${id}`,
  );
  if (!found) return null;
  return {
    qid: Number(found.qid),
    title: String(found.title),
    total: Number(found.total),
    original: { by: str(found.original_by), at: iso(found.original_at), version: found.original as PostVersion },
    edits: found.edits.map((e) => ({
      _id: String(e.id),
      editedBy: str(e.edited_by),
      editedAt: iso(e.edited_at),
      summary: String(e.summary ?? ''),
      diff: (e.diff as RevisionDiff | null) ?? null,
      versions: e.before && e.after ? { before: e.before as PostVersion, after: e.after as PostVersion } : null,
    })),
  };
}

/** Stores computed diffs (a diff already stored, by a concurrent reader, is kept: it is the same). */
export async function storeRevisionDiffs(
  db: Db,
  post: Post,
  diffs: { id: string; diff: RevisionDiff }[],
): Promise<void> {
  if (diffs.length === 0) return;
  const { revisions } = TABLE[post];
  await db.execute(
    sql`UPDATE ${revisions} r SET diff = v.diff
        FROM jsonb_to_recordset(${JSON.stringify(diffs)}::jsonb) AS v(id bigint, diff jsonb)
        WHERE r.id = v.id AND r.diff IS NULL`,
  );
}
