/**
 * Deleting posts (the rules: core's `decideDelete` and `decideQuestionDelete`). The post's row
 * is locked and what the rule needs is loaded; then the row is deleted: an answer goes with its
 * votes, comments and revisions and the question's answer count drops; a comment goes alone.
 * Rows are deleted, so lists, counts, search, the sitemap and the semantic index (its rows
 * cascade) drop them; the reputations the decision names are stored in the same transaction.
 * With `keep`, an author's deletion first keeps what it deletes for undeleting (post-undelete.ts),
 * and drops the kept copies deleted before `purgeBefore`.
 */
import { sql } from 'drizzle-orm';
import { succeed, type Result } from '@fso/shared';
import type { Db } from '../client.ts';
import { decidedTransaction, type Decide, type Recount, type Rules } from './decide.ts';
import { keepDeletedAnswer, keepDeletedQuestion } from './post-undelete.ts';
import { storeReputations } from './reputation.ts';
import { idOrNull, rows, type Row } from './sql-rows.ts';

/** A post as its deletion sees it: its author (null: a deleted account); the whole post null when there is none. */
export type PostSeen = { author: number | null } | null;

/**
 * A question as its deletion sees it: also who wrote its answers, at most two of them (null: a
 * deleted account), which is enough to tell whether anybody but its asker answered it.
 */
export type QuestionSeen = { author: number | null; answerers: (number | null)[] } | null;

/** An answer as its deletion sees it: also its question's asker. */
export type AnswerSeen = { author: number | null; askedBy: number | null } | null;

export async function deleteQuestion(
  db: Db,
  questionId: number,
  rules: Rules<QuestionSeen, Recount>,
  keep?: { purgeBefore: Date },
): Promise<Result<Recount>> {
  return decidedTransaction(db, async (tx) => {
    const [question] = await rows(tx, sql`SELECT asked_by FROM questions WHERE id = ${questionId} FOR UPDATE`);
    const answerers = question
      ? await rows(tx, sql`SELECT DISTINCT ans_by FROM answers WHERE question_id = ${questionId} LIMIT 2`)
      : [];
    const decision = rules.decide(
      question ? { author: idOrNull(question.asked_by), answerers: answerers.map((r) => idOrNull(r.ans_by)) } : null,
    );
    if (!decision.ok) return decision;
    const author = idOrNull(question!.asked_by);
    if (keep && author !== null) await keepDeletedQuestion(tx, questionId, author, keep.purgeBefore);
    await tx.execute(sql`DELETE FROM questions WHERE id = ${questionId}`);
    await storeReputations(tx, decision.value.recount, rules.reputation);
    return decision;
  });
}

/** Deletes an answer as decided; answers the question it belonged to. */
export async function deleteAnswer(
  db: Db,
  answerId: number,
  rules: Rules<AnswerSeen, Recount>,
  keep?: { purgeBefore: Date },
): Promise<Result<{ questionId: number }>> {
  return decidedTransaction(db, async (tx) => {
    // The question first (answers, accepts and counts lock it in this order too), then the answer.
    const [question] = await rows(
      tx,
      sql`SELECT id, asked_by FROM questions WHERE id = (SELECT question_id FROM answers WHERE id = ${answerId}) FOR UPDATE`,
    );
    const [answer] = question ? await rows(tx, sql`SELECT ans_by FROM answers WHERE id = ${answerId} FOR UPDATE`) : [];
    const decision = rules.decide(
      question && answer ? { author: idOrNull(answer.ans_by), askedBy: idOrNull(question.asked_by) } : null,
    );
    if (!decision.ok) return decision;
    const questionId = Number(question!.id);
    const author = idOrNull(answer!.ans_by);
    if (keep && author !== null) await keepDeletedAnswer(tx, { answerId, questionId, author }, keep.purgeBefore);
    // A hidden answer is not counted (migration 0073): its deletion leaves the count.
    await tx.execute(sql`WITH gone AS (DELETE FROM answers WHERE id = ${answerId} RETURNING hidden)
      UPDATE questions SET answer_count = answer_count - (SELECT count(*) FROM gone WHERE hidden IS NULL)::int WHERE id = ${questionId}`);
    await storeReputations(tx, decision.value.recount, rules.reputation);
    return succeed({ questionId });
  });
}

/** Where a deleted comment was, for the page's live update. */
export interface CommentPlace {
  questionId: number;
  parent: 'question' | 'answer';
  parentId: number;
}

/** Where a comment is, from its row's `question_id`, `answer_id` and `owner` (its question, through its answer for an answer's). */
export function commentPlace(comment: Row): CommentPlace {
  const onQuestion = comment.question_id !== null;
  return {
    questionId: Number(comment.owner),
    parent: onQuestion ? 'question' : 'answer',
    parentId: Number(onQuestion ? comment.question_id : comment.answer_id),
  };
}

/** Deletes a comment as decided (a comment moves no reputation). */
export async function deleteComment(
  db: Db,
  commentId: number,
  decide: Decide<PostSeen, unknown>,
): Promise<Result<CommentPlace>> {
  return decidedTransaction(db, async (tx) => {
    const [comment] = await rows(
      tx,
      sql`SELECT c.comment_by, c.question_id, c.answer_id, coalesce(c.question_id, a.question_id) AS owner
          FROM comments c LEFT JOIN answers a ON a.id = c.answer_id WHERE c.id = ${commentId} FOR UPDATE OF c`,
    );
    const decision = decide(comment ? { author: idOrNull(comment.comment_by) } : null);
    if (!decision.ok) return decision;
    await tx.execute(sql`DELETE FROM comments WHERE id = ${commentId}`);
    return succeed(commentPlace(comment!));
  });
}
