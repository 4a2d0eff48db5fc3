/**
 * Accepting an answer: the rule (`decideAccept`), and the use case that has db apply it under
 * the question's lock, then publishes acceptUpdate and the answerer's unread count.
 */
import * as db from '@fso/db';
import { MSG } from '@fso/shared';
import { planNotifications } from '../notifications/fan-out.ts';
import { announceUnread } from '../notifications/notifications.ts';
import { actorNamed } from '../caller.ts';
import type { Caller, Ports } from '../ports.ts';
import { fail, succeed, type Result } from '../result.ts';
import { reputationOf } from './reputation.ts';

/**
 * Stack Overflow's rule: only the asker accepts, an answer of that question; accepting the
 * accepted answer again un-accepts it, another answer moves the mark. The asker, the answerer
 * and the answer that loses the mark see their reputation recounted; the answerer is notified
 * (unless the asker accepted their own).
 */
export function decideAccept(seen: db.AcceptSeen, actorId: number): Result<db.AcceptDecision> {
  const { question, answer } = seen;
  if (!question) return fail('notFound', MSG.questionNotFound);
  if (question.askedBy !== actorId) return fail('forbidden', MSG.onlyAskerAccepts);
  if (!answer) return fail('notFound', MSG.answerNotOfQuestion);
  const accepted = question.accepted?.id === answer.id ? null : answer.id;
  return succeed({
    accepted,
    recount: [actorId, answer.author, question.accepted?.author ?? null],
    notify: accepted === null ? [] : planNotifications({ kind: 'accepted', actorId, ownerIds: [answer.author] }),
  });
}

export async function acceptAnswer(
  ports: Ports,
  caller: Caller,
  input: { questionId: number; answerId: number },
): Promise<Result<{ qid: string; acceptedAnswer: string | null }>> {
  const acting = actorNamed(caller);
  if (!acting.ok) return acting;
  const actor = acting.value;
  const limited = await ports.limiter.hit('accept', caller);
  if (limited) return limited;
  const stored = await db.changeAccept(
    ports.db,
    { ...input, actorId: actor.userId },
    { decide: (seen) => decideAccept(seen, actor.userId), reputation: reputationOf },
  );
  if (!stored.ok) return stored;
  const qid = String(input.questionId);
  const aid = stored.value.accepted === null ? null : String(stored.value.accepted);
  // A hidden question's accepts reach no live page (issue 41).
  if (await db.questionShown(ports.db, { questionId: input.questionId }))
    ports.events.toQa('acceptUpdate', { qid, aid });
  await announceUnread(ports, stored.value.notified);
  return succeed({ qid, acceptedAnswer: aid });
}
