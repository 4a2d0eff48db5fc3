/**
 * Editing a question or an answer: author only; the post's row is locked, the version it
 * replaces is kept as a revision (who edited, when, the old title, text and tags), and the
 * stored HTML is replaced with the new text's. Changing a question's title or text re-queues
 * its embedding (the trigger of migration 0007); the full-text column is generated.
 */
import { sql } from 'drizzle-orm';
import type { Revision } from '@fso/shared';
import type { Db } from '../client.ts';
import { setQuestionTags } from './question-write.ts';
import { idOrNull, rows, type Row } from './sql-rows.ts';

export type EditOutcome = 'done' | 'missing' | 'forbidden';

/** A post's revisions are listed this many at a time, newest first (REST and the revisions page). */
export const REVISIONS_PAGE = 20;

export async function editQuestion(
  db: Db,
  input: { questionId: number; userId: number; title: string; text: string; html?: string; tags: string[] },
): Promise<EditOutcome> {
  return db.transaction(async (tx) => {
    const [old] = await rows(
      tx,
      sql`SELECT q.asked_by, q.title, q.text,
            ARRAY(SELECT t.name FROM question_tags qt JOIN tags t ON t.id = qt.tag_id WHERE qt.question_id = q.id ORDER BY qt.position, t.name) AS tags
          FROM questions q WHERE q.id = ${input.questionId} FOR UPDATE OF q`,
    );
    if (!old) return 'missing';
    if (idOrNull(old.asked_by) !== input.userId) return 'forbidden';
    const oldTags = (old.tags as string[]).map(String);
    const unchanged =
      old.title === input.title && old.text === input.text && oldTags.join(' ') === input.tags.join(' ');
    if (unchanged) return 'done';
    await tx.execute(sql`INSERT INTO question_revisions (question_id, edited_by, title, text, tags)
      VALUES (${input.questionId}, ${input.userId}, ${String(old.title)}, ${String(old.text)}, ${sql.param(oldTags)}::text[])`);
    await tx.execute(sql`UPDATE questions SET title = ${input.title}, text = ${input.text}, html = ${input.html ?? null}, edited_at = now(), last_activity = now()
      WHERE id = ${input.questionId}`);
    await setQuestionTags(tx, input.questionId, input.tags);
    return 'done';
  });
}

/** Edits an answer; `questionId` is the question it belongs to (for the events), null when missing. */
export async function editAnswer(
  db: Db,
  input: { answerId: number; userId: number; text: string; html?: string },
): Promise<{ status: EditOutcome; questionId: number | null }> {
  return db.transaction(async (tx) => {
    const [old] = await rows(
      tx,
      sql`SELECT ans_by, text, question_id FROM answers WHERE id = ${input.answerId} FOR UPDATE`,
    );
    if (!old) return { status: 'missing', questionId: null };
    const questionId = Number(old.question_id);
    if (idOrNull(old.ans_by) !== input.userId) return { status: 'forbidden', questionId };
    if (old.text === input.text) return { status: 'done', questionId };
    await tx.execute(
      sql`INSERT INTO answer_revisions (answer_id, edited_by, text) VALUES (${input.answerId}, ${input.userId}, ${String(old.text)})`,
    );
    await tx.execute(
      sql`UPDATE answers SET text = ${input.text}, html = ${input.html ?? null}, edited_at = now() WHERE id = ${input.answerId}`,
    );
    await tx.execute(sql`UPDATE questions SET last_activity = now() WHERE id = ${questionId}`);
    return { status: 'done', questionId };
  });
}

const iso = (v: unknown) => (v instanceof Date ? v : new Date(String(v))).toISOString();

function toRevision(r: Row): Revision {
  return {
    _id: String(r.id),
    editedBy: r.edited_by === null || r.edited_by === undefined ? null : String(r.edited_by),
    editedAt: iso(r.edited_at),
    ...(r.title === undefined ? {} : { title: String(r.title), tags: (r.tags as string[]).map(String) }),
    text: String(r.text),
  };
}

/**
 * One page of a post's revisions (what it said before each edit), newest first, and how many it
 * has; null when there is no such post.
 */
export async function listRevisions(
  db: Db,
  post: 'question' | 'answer',
  id: number,
  page: { offset: number; limit: number } = { offset: 0, limit: REVISIONS_PAGE },
): Promise<{ revisions: Revision[]; total: number } | null> {
  const window = sql`ORDER BY r.id DESC OFFSET ${page.offset} LIMIT ${Math.min(page.limit, REVISIONS_PAGE)}`;
  const [found] = await rows<{ total: number | null; revisions: Row[] }>(
    db,
    post === 'question'
      ? sql`SELECT (SELECT count(*) FROM question_revisions WHERE question_id = q.id) AS total,
              (SELECT coalesce(json_agg(p ORDER BY p.id DESC), '[]'::json) FROM (
                 SELECT r.id, u.username AS edited_by, r.edited_at, r.title, r.text, r.tags
                 FROM question_revisions r LEFT JOIN users u ON u.id = r.edited_by WHERE r.question_id = q.id ${window}) p) AS revisions
            FROM questions q WHERE q.id = ${id}`
      : sql`SELECT (SELECT count(*) FROM answer_revisions WHERE answer_id = a.id) AS total,
              (SELECT coalesce(json_agg(p ORDER BY p.id DESC), '[]'::json) FROM (
                 SELECT r.id, u.username AS edited_by, r.edited_at, r.text
                 FROM answer_revisions r LEFT JOIN users u ON u.id = r.edited_by WHERE r.answer_id = a.id ${window}) p) AS revisions
            FROM answers a WHERE a.id = ${id}`,
  );
  return found ? { revisions: found.revisions.map(toRevision), total: Number(found.total) } : null;
}
