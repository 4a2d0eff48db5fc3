/**
 * Suggested edits in the database (the rules: core's `decideEdit` and `decideSuggestionReview`).
 * A suggestion is written by post-edit.ts under its post's lock; reviewing one locks it and its
 * post, then applies it as the suggester's revision (the version it replaces kept, the suggester
 * credited and recounted in the same transaction) or marks it rejected with the reason, and
 * writes the suggester's notice. `listSuggestedEdits` pages the pending ones, oldest first.
 */
import { sql } from 'drizzle-orm';
import { succeed, type Result, type SuggestedEditItem, type SuggestionDecision } from '@fso/shared';
import type { Db } from '../client.ts';
import { storeModerationNotice, type ModerationNotice } from './closing.ts';
import { decidedTransaction, type Recount, type Rules } from './decide.ts';
import { storeReputations } from './reputation.ts';
import { setQuestionTags } from './question-write.ts';
import { idOrNull, rows } from './sql-rows.ts';

/** A suggestion as its review sees it; null when there is none (or its post is gone). */
export type SuggestionSeen = {
  suggesterId: number;
  reviewed: boolean;
  /** The post's author, and whether its question is locked. */
  author: number | null;
  locked: boolean;
} | null;

export interface SuggestionReviewDecision extends Recount {
  apply: boolean;
}

export interface SuggestionReviewed {
  questionId: number;
  type: 'question' | 'answer';
  postId: number;
  /** The suggester's user id (for the live unread count). */
  notified: number[];
  /** The applied text's stored HTML (null: rendered when read). */
  html: string | null;
}

export async function reviewSuggestedEdit(
  db: Db,
  review: {
    id: number;
    reviewerId: number;
    decision: SuggestionDecision;
    reason: string | null;
    /** Core's notice of the review to the suggester. */
    notice: (suggesterId: number) => ModerationNotice;
  },
  rules: Rules<SuggestionSeen, SuggestionReviewDecision>,
): Promise<Result<SuggestionReviewDecision & SuggestionReviewed>> {
  return decidedTransaction(db, async (tx) => {
    const [s] = await rows(
      tx,
      sql`SELECT s.id, s.question_id, s.answer_id, s.suggested_by, s.reviewed_at IS NOT NULL AS reviewed, s.title, s.text, s.html, s.tags, s.summary,
            coalesce(s.question_id, (SELECT a.question_id FROM answers a WHERE a.id = s.answer_id)) AS qid
          FROM suggested_edits s WHERE s.id = ${review.id} FOR UPDATE OF s`,
    );
    const type = s?.question_id === null ? 'answer' : 'question';
    const postId = s ? Number(s.question_id ?? s.answer_id) : 0;
    // The question first, as edits, answers and deletions lock them.
    const [q] = s
      ? await rows(
          tx,
          sql`SELECT q.id, q.asked_by, q.title, q.text, q.locked_at IS NOT NULL AS locked,
                ARRAY(SELECT t.name FROM question_tags qt JOIN tags t ON t.id = qt.tag_id WHERE qt.question_id = q.id ORDER BY qt.position, t.name) AS tags
              FROM questions q WHERE q.id = ${s.qid} FOR UPDATE OF q`,
        )
      : [];
    const [a] =
      s && type === 'answer'
        ? await rows(tx, sql`SELECT a.ans_by, a.text FROM answers a WHERE a.id = ${postId} FOR UPDATE OF a`)
        : [];
    const post = type === 'question' ? q : a;
    const decision = rules.decide(
      s && q && post
        ? {
            suggesterId: Number(s.suggested_by),
            reviewed: s.reviewed === true,
            author: idOrNull(type === 'question' ? q.asked_by : a!.ans_by),
            locked: q.locked === true,
          }
        : null,
    );
    if (!decision.ok) return decision;
    const suggester = Number(s!.suggested_by);
    const questionId = Number(q!.id);
    if (decision.value.apply) {
      if (type === 'question') {
        await tx.execute(sql`INSERT INTO question_revisions (question_id, edited_by, title, text, tags, summary)
          VALUES (${questionId}, ${suggester}, ${String(q!.title)}, ${String(q!.text)}, ${sql.param((q!.tags as string[]).map(String))}::text[], ${String(s!.summary)})`);
        await tx.execute(sql`UPDATE questions SET title = ${String(s!.title)}, text = ${String(s!.text)}, html = ${s!.html ?? null},
          edited_at = now(), last_activity = now() WHERE id = ${questionId}`);
        await setQuestionTags(tx, questionId, (s!.tags as string[]).map(String));
      } else {
        await tx.execute(
          sql`INSERT INTO answer_revisions (answer_id, edited_by, text, summary) VALUES (${postId}, ${suggester}, ${String(a!.text)}, ${String(s!.summary)})`,
        );
        await tx.execute(
          sql`UPDATE answers SET text = ${String(s!.text)}, html = ${s!.html ?? null}, edited_at = now() WHERE id = ${postId}`,
        );
        await tx.execute(sql`UPDATE questions SET last_activity = now() WHERE id = ${questionId}`);
      }
    }
    await tx.execute(sql`UPDATE suggested_edits SET reviewed_at = now(), reviewed_by = ${review.reviewerId},
      outcome = ${decision.value.apply ? 'approved' : 'rejected'}, reason = ${review.reason} WHERE id = ${review.id}`);
    await storeReputations(tx, decision.value.recount, rules.reputation);
    const notified = await storeModerationNotice(tx, {
      ...review.notice(suggester),
      actorId: review.reviewerId,
      questionId,
      answerId: type === 'answer' ? postId : null,
    });
    return succeed({
      ...decision.value,
      questionId,
      type,
      postId,
      notified,
      html: s!.html === null ? null : String(s!.html),
    });
  });
}

/** How many suggested edits wait for review. */
export async function pendingSuggestionCount(db: Db): Promise<number> {
  const [row] = await rows(db, sql`SELECT count(*)::int AS n FROM suggested_edits WHERE reviewed_at IS NULL`);
  return Number(row?.n ?? 0);
}

/** One page of the suggested edits waiting for review, oldest first, and how many wait. */
export async function listSuggestedEdits(
  db: Db,
  page: { limit: number; offset: number },
): Promise<{ items: Omit<SuggestedEditItem, 'diff'>[]; total: number }> {
  const [found, total] = await Promise.all([
    rows(
      db,
      sql`SELECT s.id, s.question_id, s.answer_id, s.created_at, u.username AS suggester, s.title AS suggested_title,
            s.text AS suggested_text, s.tags AS suggested_tags, q.id AS qid, q.title,
            CASE WHEN s.question_id IS NULL THEN a.text ELSE q.text END AS text,
            CASE WHEN s.question_id IS NULL THEN NULL
              ELSE ARRAY(SELECT t.name FROM question_tags qt JOIN tags t ON t.id = qt.tag_id WHERE qt.question_id = q.id ORDER BY qt.position, t.name) END AS tags
          FROM suggested_edits s
          LEFT JOIN answers a ON a.id = s.answer_id
          JOIN questions q ON q.id = coalesce(s.question_id, a.question_id)
          LEFT JOIN users u ON u.id = s.suggested_by
          WHERE s.reviewed_at IS NULL
          ORDER BY s.created_at, s.id LIMIT ${page.limit} OFFSET ${page.offset}`,
    ),
    pendingSuggestionCount(db),
  ]);
  const items = found.map((r): Omit<SuggestedEditItem, 'diff'> => ({
    id: String(r.id),
    type: r.question_id === null ? 'answer' : 'question',
    postId: String(r.question_id ?? r.answer_id),
    questionId: String(r.qid),
    suggester: r.suggester === null ? null : String(r.suggester),
    createdAt: new Date(String(r.created_at)).toISOString(),
    title: String(r.title),
    suggestedTitle: r.suggested_title === null ? null : String(r.suggested_title),
    tags: r.tags === null ? null : (r.tags as string[]).map(String),
    suggestedTags: r.suggested_tags === null ? null : (r.suggested_tags as string[]).map(String),
    text: String(r.text),
    suggestedText: String(r.suggested_text),
  }));
  return { items, total };
}
