/**
 * Deleting posts, author only (Stack Overflow's rules): a question with answers by anybody
 * else cannot be deleted by its author (`conflict`); an answer goes with its votes, comments
 * and revisions, and the question's answer count drops; a comment goes alone. Rows are deleted,
 * so lists, counts, search, the sitemap and the semantic index (its rows cascade) drop them;
 * reputations earned on a deleted post are recomputed away in the same transaction.
 */
import { sql } from 'drizzle-orm';
import type { Db } from '../client.ts';
import { storeReputations, type ReputationRule } from './reputation.ts';
import { idOrNull, rows } from './sql-rows.ts';

export type DeleteOutcome =
  { status: 'done'; questionId: number } | { status: 'missing' } | { status: 'forbidden' } | { status: 'conflict' };

export async function deleteQuestion(
  db: Db,
  input: { questionId: number; userId: number },
  reputation: ReputationRule,
): Promise<DeleteOutcome> {
  return db.transaction(async (tx) => {
    const [question] = await rows(tx, sql`SELECT asked_by FROM questions WHERE id = ${input.questionId} FOR UPDATE`);
    if (!question) return { status: 'missing' };
    if (idOrNull(question.asked_by) !== input.userId) return { status: 'forbidden' };
    const [others] = await rows(
      tx,
      sql`SELECT 1 FROM answers WHERE question_id = ${input.questionId} AND ans_by IS DISTINCT FROM ${input.userId} LIMIT 1`,
    );
    if (others) return { status: 'conflict' };
    await tx.execute(sql`DELETE FROM questions WHERE id = ${input.questionId}`);
    await storeReputations(tx, [input.userId], reputation);
    return { status: 'done', questionId: input.questionId };
  });
}

export async function deleteAnswer(
  db: Db,
  input: { answerId: number; userId: number },
  reputation: ReputationRule,
): Promise<DeleteOutcome> {
  return db.transaction(async (tx) => {
    // The question first (answers, accepts and counts lock it in this order too), then the answer.
    const [question] = await rows(
      tx,
      sql`SELECT id, asked_by FROM questions WHERE id = (SELECT question_id FROM answers WHERE id = ${input.answerId}) FOR UPDATE`,
    );
    if (!question) return { status: 'missing' };
    const [answer] = await rows(tx, sql`SELECT ans_by FROM answers WHERE id = ${input.answerId} FOR UPDATE`);
    if (!answer) return { status: 'missing' };
    if (idOrNull(answer.ans_by) !== input.userId) return { status: 'forbidden' };
    const questionId = Number(question.id);
    await tx.execute(sql`DELETE FROM answers WHERE id = ${input.answerId}`);
    await tx.execute(sql`UPDATE questions SET answer_count = answer_count - 1 WHERE id = ${questionId}`);
    await storeReputations(tx, [input.userId, idOrNull(question.asked_by)], reputation);
    return { status: 'done', questionId };
  });
}

/** Deletes a comment; `parent` says where it was, for the page's live update. */
export async function deleteComment(
  db: Db,
  input: { commentId: number; userId: number },
): Promise<
  | { status: 'done'; questionId: number; parent: 'question' | 'answer'; parentId: number }
  | { status: 'missing' }
  | { status: 'forbidden' }
> {
  return db.transaction(async (tx) => {
    const [comment] = await rows(
      tx,
      sql`SELECT c.comment_by, c.question_id, c.answer_id, coalesce(c.question_id, a.question_id) AS owner
          FROM comments c LEFT JOIN answers a ON a.id = c.answer_id WHERE c.id = ${input.commentId} FOR UPDATE OF c`,
    );
    if (!comment) return { status: 'missing' };
    if (idOrNull(comment.comment_by) !== input.userId) return { status: 'forbidden' };
    await tx.execute(sql`DELETE FROM comments WHERE id = ${input.commentId}`);
    const onQuestion = comment.question_id !== null;
    return {
      status: 'done',
      questionId: Number(comment.owner),
      parent: onQuestion ? 'question' : 'answer',
      parentId: Number(onQuestion ? comment.question_id : comment.answer_id),
    };
  });
}
