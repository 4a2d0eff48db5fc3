/**
 * Accepting an answer (the rule: core's `decideAccept`). The question row is locked, so
 * concurrent accepts are decided one after another, each on the mark the one before stored; the
 * reputations the decision names and the notifications it plans are stored in the same
 * transaction.
 */
import { sql } from 'drizzle-orm';
import type { Result } from '@fso/shared';
import type { Db } from '../client.ts';
import { decidedTransaction, type Recount, type Rules } from './decide.ts';
import { storeNotifications, type NotificationPlan } from './notifications.ts';
import { storeReputations } from './reputation.ts';
import { idOrNull, rows } from './sql-rows.ts';

/** An answer and its author (null: a deleted account). */
export interface AnswerOf {
  id: number;
  author: number | null;
}

/** What an accept is decided on: the locked question (null: none) and the answer, when it is one of that question's. */
export interface AcceptSeen {
  question: { askedBy: number | null; accepted: AnswerOf | null } | null;
  answer: AnswerOf | null;
}

export interface AcceptDecision extends Recount {
  /** The question's accepted answer from now on; null: none. */
  accepted: number | null;
  /** The notifications the accept causes. */
  notify: NotificationPlan;
}

export async function changeAccept(
  db: Db,
  target: { questionId: number; answerId: number; actorId: number },
  rules: Rules<AcceptSeen, AcceptDecision>,
): Promise<Result<AcceptDecision & { notified: number[] }>> {
  return decidedTransaction(db, async (tx) => {
    const [question] = await rows(
      tx,
      sql`SELECT asked_by, accepted_answer_id FROM questions WHERE id = ${target.questionId} FOR UPDATE`,
    );
    // Read after the lock, as statements of their own: they see what the lock's last holder stored.
    const accepted = idOrNull(question?.accepted_answer_id);
    const answers = question
      ? await rows(
          tx,
          sql`SELECT id, ans_by FROM answers WHERE question_id = ${target.questionId} AND id IN (${target.answerId}, ${accepted ?? target.answerId})`,
        )
      : [];
    const answerOf = (id: number | null): AnswerOf | null => {
      const found = answers.find((a) => Number(a.id) === id);
      return found ? { id: Number(found.id), author: idOrNull(found.ans_by) } : null;
    };
    const decision = rules.decide({
      question: question
        ? {
            askedBy: idOrNull(question.asked_by),
            accepted: accepted === null ? null : { id: accepted, author: answerOf(accepted)?.author ?? null },
          }
        : null,
      answer: answerOf(target.answerId),
    });
    if (!decision.ok) return decision;
    const next = decision.value.accepted;
    await tx.execute(sql`UPDATE questions SET accepted_answer_id = ${next} WHERE id = ${target.questionId}`);
    await storeReputations(tx, decision.value.recount, rules.reputation);
    const notified = await storeNotifications(
      tx,
      decision.value.notify,
      target.actorId,
      { questionId: target.questionId, answerId: next },
      '',
    );
    return { ok: true, value: { ...decision.value, notified } };
  });
}
