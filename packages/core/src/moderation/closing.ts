/**
 * The rules of closing, reopening and locking questions (issue 41), pure: `decideCloseVote`,
 * `decideReopenVote`, `decideLock`, and `decidePosting` (what a closed or locked question still
 * takes). A moderator's vote is binding; others need the closeVote privilege, and
 * CLOSE_VOTES_NEEDED votes close or reopen. The reason a closure keeps is the one most voters
 * gave (the latest vote breaks a tie), and so is a duplicate's target.
 */
import type * as db from '@fso/db';
import { CLOSE_VOTES_NEEDED, MOD_MSG, MSG, type CloseReason } from '@fso/shared';
import { NOT_SIGNED_IN } from '../caller.ts';
import type { Caller } from '../ports.ts';
import { fail, succeed, type Result } from '../result.ts';
import { can, isModerator } from './privileges.ts';

type Voter = { userId: number; username: string };

function voterOf(caller: Caller): Result<Voter> {
  if (!caller.user) return NOT_SIGNED_IN;
  if (!can(caller, 'closeVote')) return fail('forbidden', MOD_MSG.closePrivilege);
  return succeed(caller.user);
}

/** The value most entries have; of equal counts, the one given last. */
function mostGiven<T extends string | number>(values: T[]): T {
  const counts = new Map<T, number>();
  for (const v of values) counts.set(v, (counts.get(v) ?? 0) + 1);
  let best = values[values.length - 1] as T;
  for (const v of values) if ((counts.get(v) ?? 0) > (counts.get(best) ?? 0)) best = v;
  return best;
}

export function decideCloseVote(
  caller: Caller,
  seen: db.ClosureSeen,
  vote: { reason: CloseReason; duplicateOf?: number },
): Result<db.ClosureDecision> {
  const voter = voterOf(caller);
  if (!voter.ok) return voter;
  const q = seen.question;
  if (!q) return fail('notFound', MSG.questionNotFound);
  if (q.locked) return fail('conflict', MOD_MSG.questionLocked);
  if (q.closed) return fail('conflict', MOD_MSG.alreadyClosed);
  if (vote.duplicateOf !== undefined) {
    if (vote.duplicateOf === q.id) return fail('invalid', MOD_MSG.duplicateOfItself);
    if (!seen.targetExists) return fail('notFound', MOD_MSG.duplicateTargetMissing);
  }
  if (seen.votes.some((v) => v.userId === voter.value.userId)) return fail('conflict', MOD_MSG.alreadyVotedClose);
  const mine = { ...voter.value, reason: vote.reason, duplicateOf: vote.duplicateOf ?? null };
  if (isModerator(caller))
    return succeed({ kind: 'close', reason: vote.reason, duplicateOf: mine.duplicateOf, by: [voter.value.username] });
  const all = [...seen.votes, mine];
  if (all.length < CLOSE_VOTES_NEEDED) return succeed({ kind: 'vote', pending: all.length });
  const reason = mostGiven(all.map((v) => v.reason).filter((r): r is CloseReason => r !== null));
  const targets = all.filter((v) => v.reason === 'duplicate' && v.duplicateOf !== null).map((v) => v.duplicateOf!);
  return succeed({
    kind: 'close',
    reason,
    duplicateOf: reason === 'duplicate' && targets.length ? mostGiven(targets) : null,
    by: all.map((v) => v.username),
  });
}

export function decideReopenVote(caller: Caller, seen: db.ClosureSeen): Result<db.ClosureDecision> {
  const voter = voterOf(caller);
  if (!voter.ok) return voter;
  const q = seen.question;
  if (!q) return fail('notFound', MSG.questionNotFound);
  if (q.locked) return fail('conflict', MOD_MSG.questionLocked);
  if (!q.closed) return fail('conflict', MOD_MSG.notClosed);
  if (seen.votes.some((v) => v.userId === voter.value.userId)) return fail('conflict', MOD_MSG.alreadyVotedReopen);
  if (isModerator(caller)) return succeed({ kind: 'reopen', by: [voter.value.username] });
  const all = [...seen.votes.map((v) => v.username), voter.value.username];
  return all.length < CLOSE_VOTES_NEEDED
    ? succeed({ kind: 'vote', pending: all.length })
    : succeed({ kind: 'reopen', by: all });
}

/** Moderators lock and unlock; `changed` false: it already was so (nothing stored or logged). */
export function decideLock(
  caller: Caller,
  seen: { locked: boolean } | null,
  locked: boolean,
): Result<{ locked: boolean; changed: boolean }> {
  if (!caller.user) return NOT_SIGNED_IN;
  if (!isModerator(caller)) return fail('forbidden', MOD_MSG.moderatorsOnly);
  if (!seen) return fail('notFound', MSG.questionNotFound);
  return succeed({ locked, changed: seen.locked !== locked });
}

/** What a write to a question's thread is refused for: a locked question takes none; a closed one no answers. */
export function decidePosting(
  state: { closed: boolean; locked: boolean },
  write: 'answer' | 'comment' | 'vote' | 'edit',
): Result<void> {
  if (state.locked) return fail('conflict', MOD_MSG.questionLocked);
  if (state.closed && write === 'answer') return fail('conflict', MOD_MSG.questionClosed);
  return succeed(undefined);
}
