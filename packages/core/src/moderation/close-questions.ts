/**
 * Closing, reopening and locking as use cases (POST /question/closeQuestion, reopenQuestion,
 * lockQuestion and the question page's forms): count the action against the `moderate` limit,
 * have db decide it by the rules of closing.ts under the question's lock (with the log entry of
 * a moderator's action and the author's notice), then publish the question and the author's
 * unread count once committed.
 */
import * as db from '@fso/db';
import type { CloseReason, Question } from '@fso/shared';
import { actorNamed } from '../caller.ts';
import { announceUnread } from '../notifications/notifications.ts';
import type { Caller, Ports } from '../ports.ts';
import type { Result } from '../result.ts';
import { publishQuestion as publishLive } from '../qa/publish.ts';
import { loadQuestion } from '../qa/questions.ts';
import { moderationNotice } from '../notifications/fan-out.ts';
import { decideCloseVote, decideLock, decideReopenVote } from './closing.ts';
import { isModerator } from './privileges.ts';

const REASON_WORDS: Record<CloseReason, string> = {
  duplicate: 'a duplicate',
  offTopic: 'off-topic',
  needsDetails: 'needing details or clarity',
  opinionBased: 'opinion-based',
};

/** The author's notice of a closure or a reopening, after the actor's name. */
function closureNotice(decision: db.ClosureDecision, title: string): string {
  const others = 'by' in decision && decision.by.length > 1 ? ` (with ${decision.by.length - 1} others)` : '';
  return decision.kind === 'close'
    ? `closed your question “${title}”${others} as ${REASON_WORDS[decision.reason]}`
    : `reopened your question “${title}”${others}`;
}

/** Re-reads the question and publishes it (questionUpdate and its list row): open pages show its new state; a hidden one reaches nobody. */
async function publishQuestion(ports: Ports, questionId: number): Promise<Result<Question>> {
  const outcome = await loadQuestion(ports, questionId);
  if (outcome.ok) publishLive(ports, 'questionUpdate', outcome.value);
  return outcome;
}

/** The question as it is now, with what changed in the votes or its state. */
export type ClosureResult = { question: Question; outcome: db.ClosureDecision['kind'] };

async function vote(
  ports: Ports,
  caller: Caller,
  input: { questionId: number; kind: db.ClosureVoteKind; reason?: CloseReason; duplicateOf?: number },
): Promise<Result<ClosureResult>> {
  const acting = actorNamed(caller);
  if (!acting.ok) return acting;
  const actor = acting.value;
  const limited = await ports.limiter.hit('moderate', caller);
  if (limited) return limited;
  const act = { moderator: { id: actor.userId, name: actor.username }, logged: isModerator(caller), at: ports.clock() };
  const changed = await db.changeClosure(
    ports.db,
    input,
    act,
    (seen) =>
      input.kind === 'close'
        ? decideCloseVote(caller, seen, { reason: input.reason!, duplicateOf: input.duplicateOf })
        : decideReopenVote(caller, seen),
    (d, title, authorId) => moderationNotice(authorId, actor.userId, closureNotice(d, title)),
  );
  if (!changed.ok) return changed;
  await announceUnread(ports, changed.value.notified);
  const question = await publishQuestion(ports, input.questionId);
  return question.ok ? { ok: true, value: { question: question.value, outcome: changed.value.kind } } : question;
}

/** A vote to close; binding from a moderator, and the CLOSE_VOTES_NEEDED-th vote closes. */
export function closeQuestion(
  ports: Ports,
  caller: Caller,
  input: { questionId: number; reason: CloseReason; duplicateOf?: number },
): Promise<Result<ClosureResult>> {
  return vote(ports, caller, { ...input, kind: 'close' });
}

export function reopenQuestion(
  ports: Ports,
  caller: Caller,
  input: { questionId: number },
): Promise<Result<ClosureResult>> {
  return vote(ports, caller, { ...input, kind: 'reopen' });
}

/** Moderators lock (no answers, comments, votes or edits) and unlock a question. */
export async function lockQuestion(
  ports: Ports,
  caller: Caller,
  input: { questionId: number; locked: boolean },
): Promise<Result<Question>> {
  const acting = actorNamed(caller);
  if (!acting.ok) return acting;
  const actor = acting.value;
  const limited = await ports.limiter.hit('moderate', caller);
  if (limited) return limited;
  const act = { moderator: { id: actor.userId, name: actor.username }, logged: true, at: ports.clock() };
  const changed = await db.changeLock(
    ports.db,
    input,
    act,
    (seen) => decideLock(caller, seen, input.locked),
    (title, authorId) => moderationNotice(authorId, actor.userId, `locked your question “${title}”`),
  );
  if (!changed.ok) return changed;
  await announceUnread(ports, changed.value.notified);
  return publishQuestion(ports, input.questionId);
}
