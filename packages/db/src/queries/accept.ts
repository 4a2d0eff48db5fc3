/**
 * Accepting an answer (Stack Overflow's rule): only the asker; accepting the accepted answer
 * again un-accepts it, another answer moves the mark. The question row is locked, so concurrent
 * accepts apply one after another; the reputations involved are recomputed, and the newly accepted
 * answer's author notified, in the same transaction.
 */
import { sql } from 'drizzle-orm';
import type { Db } from '../client.ts';
import { notifyAccepted } from './notifications.ts';
import { storeReputations, type ReputationRule } from './reputation.ts';
import { idOrNull, rows } from './sql-rows.ts';

export type AcceptOutcome =
  /** `notified`: the users given a notification (the accepted answer's author). */
  | { status: 'done'; acceptedAnswer: number | null; answerAuthor: number | null; notified: number[] }
  | { status: 'questionMissing' }
  | { status: 'answerMissing' }
  | { status: 'forbidden' };

export async function acceptAnswer(
  db: Db,
  input: { questionId: number; answerId: number; userId: number },
  reputation: ReputationRule,
): Promise<AcceptOutcome> {
  return db.transaction(async (tx) => {
    const [question] = await rows(
      tx,
      sql`SELECT asked_by, accepted_answer_id FROM questions WHERE id = ${input.questionId} FOR UPDATE`,
    );
    if (!question) return { status: 'questionMissing' };
    if (idOrNull(question.asked_by) !== input.userId) return { status: 'forbidden' };
    const [answer] = await rows(
      tx,
      sql`SELECT ans_by FROM answers WHERE id = ${input.answerId} AND question_id = ${input.questionId}`,
    );
    if (!answer) return { status: 'answerMissing' };
    const previous = idOrNull(question.accepted_answer_id);
    const next = previous === input.answerId ? null : input.answerId;
    const [before] = previous === null ? [] : await rows(tx, sql`SELECT ans_by FROM answers WHERE id = ${previous}`);
    await tx.execute(sql`UPDATE questions SET accepted_answer_id = ${next} WHERE id = ${input.questionId}`);
    await storeReputations(tx, [input.userId, idOrNull(answer.ans_by), idOrNull(before?.ans_by)], reputation);
    const notified = next === null ? [] : await notifyAccepted(tx, { answerId: next, actorId: input.userId });
    return { status: 'done', acceptedAnswer: next, answerAuthor: idOrNull(answer.ans_by), notified };
  });
}
