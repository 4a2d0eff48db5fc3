/**
 * Accepting an answer: only the asker; the same answer again un-accepts, another moves the
 * mark. Commits (with the answerer's notification), then publishes acceptUpdate and the
 * answerer's unread count.
 */
import type { AppLoadContext } from '@remix-run/node';
import * as db from '@fso/db';
import { MSG } from '@fso/shared';
import { announceUnread } from './notifications.server.ts';
import { fail, type Outcome } from './respond.server.ts';
import type { SessionUser } from './session.server.ts';

export async function acceptAnswer(
  context: AppLoadContext,
  actor: SessionUser,
  input: { questionId: number; answerId: number },
): Promise<Outcome<{ qid: string; acceptedAnswer: string | null }>> {
  const result = await db.acceptAnswer(context.database.db, { ...input, userId: actor.userId });
  if (result.status === 'questionMissing') return fail(404, MSG.questionNotFound);
  if (result.status === 'forbidden') return fail(403, MSG.onlyAskerAccepts);
  if (result.status === 'answerMissing') return fail(404, MSG.answerNotOfQuestion);
  const qid = String(input.questionId);
  const aid = result.acceptedAnswer === null ? null : String(result.acceptedAnswer);
  context.events.toQa('acceptUpdate', { qid, aid });
  await announceUnread(context, result.notified);
  return { ok: true, value: { qid, acceptedAnswer: aid } };
}
