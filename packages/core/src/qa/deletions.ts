/**
 * Deleting questions, answers and comments: the rules (`decideDelete`, `decideQuestionDelete`)
 * and the use cases (an author's question or answer is kept for undeleting: undelete.ts) that have db apply them under the post's lock, then publish once committed:
 * questionDelete for a question, questionUpdate for the question that lost an answer,
 * commentUpdate for the post that lost a comment.
 */
import * as db from '@fso/db';
import { MSG } from '@fso/shared';
import { actorNamed } from '../caller.ts';
import type { Caller, Ports } from '../ports.ts';
import { fail, succeed, type Result } from '../result.ts';
import { publishQuestion } from './publish.ts';
import { loadQuestion } from './questions.ts';
import { reputationOf } from './reputation.ts';
import { undeletableSince } from './undelete.ts';

/** Only its author deletes a post (`missing`: the message when there is no such post). */
export function decideDelete(seen: db.PostSeen, actorId: number, missing: string): Result<null> {
  if (!seen) return fail('notFound', missing);
  if (seen.author !== actorId) return fail('forbidden', MSG.notYourPost);
  return succeed(null);
}

/** An asker cannot delete a question that anybody else answered; the asker's reputation is recounted. */
export function decideQuestionDelete(seen: db.QuestionSeen, actorId: number): Result<db.Recount> {
  const mine = decideDelete(seen, actorId, MSG.questionNotFound);
  if (!mine.ok) return mine;
  if (seen!.answerers.some((answerer) => answerer !== seen!.author)) return fail('conflict', MSG.questionHasAnswers);
  return succeed({ recount: [actorId] });
}

/** An answer goes with its votes and accept: the answerer's and the asker's reputation are recounted. */
export function decideAnswerDelete(seen: db.AnswerSeen, actorId: number): Result<db.Recount> {
  const mine = decideDelete(seen, actorId, MSG.answerNotFound);
  return mine.ok ? succeed({ recount: [actorId, seen!.askedBy] }) : mine;
}

/** The caller's user id, once the caller and the limit allow a deletion. */
async function mayDelete(ports: Ports, caller: Caller): Promise<Result<number>> {
  const acting = actorNamed(caller);
  if (!acting.ok) return acting;
  const actor = acting.value;
  const limited = await ports.limiter.hit('delete', caller);
  return limited ?? succeed(actor.userId);
}

export async function deleteQuestion(
  ports: Ports,
  caller: Caller,
  input: { questionId: number },
): Promise<Result<{ qid: string }>> {
  const actor = await mayDelete(ports, caller);
  if (!actor.ok) return actor;
  const deleted = await db.deleteQuestion(
    ports.db,
    input.questionId,
    {
      decide: (seen) => decideQuestionDelete(seen, actor.value),
      reputation: reputationOf,
    },
    { purgeBefore: undeletableSince(ports.clock()) },
  );
  if (!deleted.ok) return deleted;
  const qid = String(input.questionId);
  ports.events.toQa('questionDelete', { qid });
  return succeed({ qid });
}

export async function deleteAnswer(
  ports: Ports,
  caller: Caller,
  input: { answerId: number },
): Promise<Result<{ aid: string; qid: string }>> {
  const actor = await mayDelete(ports, caller);
  if (!actor.ok) return actor;
  const deleted = await db.deleteAnswer(
    ports.db,
    input.answerId,
    {
      decide: (seen) => decideAnswerDelete(seen, actor.value),
      reputation: reputationOf,
    },
    { purgeBefore: undeletableSince(ports.clock()) },
  );
  if (!deleted.ok) return deleted;
  const gone = { aid: String(input.answerId), qid: String(deleted.value.questionId) };
  // A hidden question's changes reach no live page (issue 41).
  if (!(await db.questionShown(ports.db, { questionId: deleted.value.questionId }))) return succeed(gone);
  ports.events.toQa('answerDelete', gone);
  const question = await loadQuestion(ports, deleted.value.questionId);
  if (question.ok) publishQuestion(ports, 'questionUpdate', question.value);
  return succeed(gone);
}

export async function deleteComment(
  ports: Ports,
  caller: Caller,
  input: { commentId: number },
): Promise<Result<{ cid: string }>> {
  const actor = await mayDelete(ports, caller);
  if (!actor.ok) return actor;
  const deleted = await db.deleteComment(ports.db, input.commentId, (seen) =>
    decideDelete(seen, actor.value, MSG.commentNotFound),
  );
  if (!deleted.ok) return deleted;
  await publishComments(ports, deleted.value);
  return succeed({ cid: String(input.commentId) });
}

/** The comments of the post at `place` changed: its page and SPEC clients get the post again (`commentUpdate`), unless its question is hidden (issue 41). */
export async function publishComments(ports: Ports, place: db.CommentPlace): Promise<void> {
  if (!(await db.questionShown(ports.db, { questionId: place.questionId }))) return;
  if (place.parent === 'question') {
    const question = await loadQuestion(ports, place.questionId);
    if (question.ok) ports.events.toQa('commentUpdate', { type: 'question', result: question.value });
  } else {
    const written = await db.getAnswer(ports.db, place.parentId);
    if (written)
      ports.events.toQa('commentUpdate', {
        type: 'answer',
        result: { ...written.answer, qid: String(place.questionId) },
      });
  }
}
