/**
 * Accepting an answer: only the asker; the same answer again un-accepts, another moves the
 * mark. Commits (with the answerer's notification), then publishes acceptUpdate and the
 * answerer's unread count.
 */
import * as db from '@fso/db';
import { MSG } from '@fso/shared';
import { announceUnread } from '../notifications/notifications.ts';
import { NOT_SIGNED_IN } from '../caller.ts';
import type { Caller, Ports } from '../ports.ts';
import { fail, succeed, type Result } from '../result.ts';
import { reputationOf } from './reputation.ts';

export async function acceptAnswer(
  ports: Ports,
  caller: Caller,
  input: { questionId: number; answerId: number },
): Promise<Result<{ qid: string; acceptedAnswer: string | null }>> {
  const actor = caller.user;
  if (!actor) return NOT_SIGNED_IN;
  const limited = await ports.limiter.hit('accept', caller);
  if (limited) return limited;
  const result = await db.acceptAnswer(ports.db, { ...input, userId: actor.userId }, reputationOf);
  if (result.status === 'questionMissing') return fail('notFound', MSG.questionNotFound);
  if (result.status === 'forbidden') return fail('forbidden', MSG.onlyAskerAccepts);
  if (result.status === 'answerMissing') return fail('notFound', MSG.answerNotOfQuestion);
  const qid = String(input.questionId);
  const aid = result.acceptedAnswer === null ? null : String(result.acceptedAnswer);
  ports.events.toQa('acceptUpdate', { qid, aid });
  await announceUnread(ports, result.notified);
  return succeed({ qid, acceptedAnswer: aid });
}
