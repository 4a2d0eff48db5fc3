/**
 * Editing a question or an answer (the rule: core's `decideEdit`). The post's row is locked and
 * its current version loaded; an edit that changes it keeps that version as a revision (who
 * edited, when, the edit's summary, the old title, text and tags) and replaces the text and its
 * stored HTML, or, when core says so, is kept as a suggested edit for review instead
 * (suggested-edits.ts).
 * Changing a question's title or text re-queues its embedding (the trigger of migration 0007);
 * the full-text column is generated.
 */
import { sql } from 'drizzle-orm';
import { succeed, type Result, type Revision } from '@fso/shared';
import type { Db } from '../client.ts';
import { decidedTransaction, type Decide } from './decide.ts';
import { setQuestionTags } from './question-write.ts';
import { idOrNull, rows, type Row } from './sql-rows.ts';

/** A post's revisions are listed this many at a time, newest first (REST and the revisions page). */
export const REVISIONS_PAGE = 20;

/** What an edit changes of a question, and of an answer. */
export type QuestionFields = { title: string; text: string; tags: string[] };
export type AnswerFields = { text: string };

/**
 * What an edit is decided on: the locked post's author (null: a deleted account), its fields now,
 * and whether a suggested edit of it waits for review; null when there is no such post.
 */
export type EditSeen<F> = ({ author: number | null; locked: boolean; pendingSuggestion: boolean } & F) | null;

/**
 * Whether the edit changes the post (one that changes nothing keeps no revision and writes
 * nothing), and whether it is suggested for review instead of applied.
 */
export interface EditDecision {
  changed: boolean;
  suggest: boolean;
}

/** An edit as written: the suggested edit's id when it was suggested rather than applied. */
export type EditWritten = EditDecision & { suggestion: number | null };

/** The new version by `editorId`, with its text's HTML (omitted: rendered when read) and the edit's summary (omitted: none). */
type Edit<F> = F & { editorId: number; html?: string; summary?: string };

export async function editQuestion(
  db: Db,
  questionId: number,
  edit: Edit<QuestionFields>,
  decide: Decide<EditSeen<QuestionFields>, EditDecision>,
): Promise<Result<EditWritten>> {
  return decidedTransaction(db, async (tx) => {
    const [old] = await rows(
      tx,
      sql`SELECT q.asked_by, q.title, q.text, q.locked_at IS NOT NULL AS locked,
            EXISTS (SELECT 1 FROM suggested_edits s WHERE s.question_id = q.id AND s.reviewed_at IS NULL) AS pending,
            ARRAY(SELECT t.name FROM question_tags qt JOIN tags t ON t.id = qt.tag_id WHERE qt.question_id = q.id ORDER BY qt.position, t.name) AS tags
          FROM questions q WHERE q.id = ${questionId} FOR UPDATE OF q`,
    );
    const was = old && { title: String(old.title), text: String(old.text), tags: (old.tags as string[]).map(String) };
    const decision = decide(
      was
        ? {
            author: idOrNull(old.asked_by),
            locked: old.locked === true,
            pendingSuggestion: old.pending === true,
            ...was,
          }
        : null,
    );
    if (!decision.ok) return decision;
    if (!decision.value.changed) return succeed({ ...decision.value, suggestion: null });
    if (decision.value.suggest) {
      const [kept] = await rows(
        tx,
        sql`INSERT INTO suggested_edits (question_id, suggested_by, title, text, html, tags, summary)
            VALUES (${questionId}, ${edit.editorId}, ${edit.title}, ${edit.text}, ${edit.html ?? null}, ${sql.param(edit.tags)}::text[], ${edit.summary ?? ''})
            RETURNING id`,
      );
      return succeed({ ...decision.value, suggestion: Number(kept!.id) });
    }
    await tx.execute(sql`INSERT INTO question_revisions (question_id, edited_by, title, text, tags, summary)
      VALUES (${questionId}, ${edit.editorId}, ${was!.title}, ${was!.text}, ${sql.param(was!.tags)}::text[], ${edit.summary ?? ''})`);
    await tx.execute(sql`UPDATE questions SET title = ${edit.title}, text = ${edit.text}, html = ${edit.html ?? null}, edited_at = now(), last_activity = now()
      WHERE id = ${questionId}`);
    await setQuestionTags(tx, questionId, edit.tags);
    return succeed({ ...decision.value, suggestion: null });
  });
}

/** Edits an answer as decided; answers the question it belongs to. */
export async function editAnswer(
  db: Db,
  answerId: number,
  edit: Edit<AnswerFields>,
  decide: Decide<EditSeen<AnswerFields>, EditDecision>,
): Promise<Result<EditWritten & { questionId: number }>> {
  return decidedTransaction(db, async (tx) => {
    const [old] = await rows(
      tx,
      sql`SELECT a.ans_by, a.text, a.question_id, q.locked_at IS NOT NULL AS locked,
            EXISTS (SELECT 1 FROM suggested_edits s WHERE s.answer_id = a.id AND s.reviewed_at IS NULL) AS pending
          FROM answers a JOIN questions q ON q.id = a.question_id WHERE a.id = ${answerId} FOR UPDATE OF a`,
    );
    const decision = decide(
      old
        ? {
            author: idOrNull(old.ans_by),
            locked: old.locked === true,
            pendingSuggestion: old.pending === true,
            text: String(old.text),
          }
        : null,
    );
    if (!decision.ok) return decision;
    const questionId = Number(old!.question_id);
    if (!decision.value.changed) return succeed({ ...decision.value, suggestion: null, questionId });
    if (decision.value.suggest) {
      const [kept] = await rows(
        tx,
        sql`INSERT INTO suggested_edits (answer_id, suggested_by, text, html, summary)
            VALUES (${answerId}, ${edit.editorId}, ${edit.text}, ${edit.html ?? null}, ${edit.summary ?? ''}) RETURNING id`,
      );
      return succeed({ ...decision.value, suggestion: Number(kept!.id), questionId });
    }
    await tx.execute(
      sql`INSERT INTO answer_revisions (answer_id, edited_by, text, summary) VALUES (${answerId}, ${edit.editorId}, ${String(old!.text)}, ${edit.summary ?? ''})`,
    );
    await tx.execute(
      sql`UPDATE answers SET text = ${edit.text}, html = ${edit.html ?? null}, edited_at = now() WHERE id = ${answerId}`,
    );
    await tx.execute(sql`UPDATE questions SET last_activity = now() WHERE id = ${questionId}`);
    return succeed({ ...decision.value, suggestion: null, questionId });
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
    summary: String(r.summary ?? ''),
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
                 SELECT r.id, u.username AS edited_by, r.edited_at, r.title, r.text, r.tags, r.summary
                 FROM question_revisions r LEFT JOIN users u ON u.id = r.edited_by WHERE r.question_id = q.id ${window}) p) AS revisions
            FROM questions q WHERE q.id = ${id}`
      : sql`SELECT (SELECT count(*) FROM answer_revisions WHERE answer_id = a.id) AS total,
              (SELECT coalesce(json_agg(p ORDER BY p.id DESC), '[]'::json) FROM (
                 SELECT r.id, u.username AS edited_by, r.edited_at, r.text, r.summary
                 FROM answer_revisions r LEFT JOIN users u ON u.id = r.edited_by WHERE r.answer_id = a.id ${window}) p) AS revisions
            FROM answers a WHERE a.id = ${id}`,
  );
  return found ? { revisions: found.revisions.map(toRevision), total: Number(found.total) } : null;
}
