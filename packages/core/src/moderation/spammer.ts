/**
 * Removing a spammer in one step (POST /user/deleteSpammer; the rule: `decideSpammerRemoval`).
 * The account is closed at once (db: it can no longer sign in) and its sockets end; its votes,
 * comments, answers, questions and chat messages are then removed in the background, a batch per
 * transaction, the event loop free between batches, so other requests are served meanwhile.
 * Each process runs one removal loop at a time: it claims an unfinished job (a lease, so a job
 * whose process died is taken up again by the next loop, e.g. at the next start) and drains
 * it, telling the moderator who asked the progress after each batch and open pages each deleted
 * question.
 */
import * as db from '@fso/db';
import {
  FLAG_MSG,
  isModeratorRole,
  MOD_MSG,
  MODERATION_RULES,
  rooms,
  type Role,
  type SpammerRemovalProgress,
} from '@fso/shared';
import { actorNamed } from '../caller.ts';
import type { Caller, Ports } from '../ports.ts';
import { reputationOf } from '../qa/reputation.ts';
import { isModerator } from './privileges.ts';
import { fail, succeed, type Result } from '../result.ts';

/** A batch's lease: long enough for any batch; a job whose process died waits this long at most. */
const LEASE_MS = 60_000;

/** Moderators remove spammers; never themselves, another moderator or an admin. */
export function decideSpammerRemoval(
  seen: db.SpammerSeen,
  actor: { userId: number; moderator: boolean },
): Result<null> {
  if (!actor.moderator) return fail('forbidden', MOD_MSG.moderatorsOnly);
  if (!seen.target) return fail('notFound', FLAG_MSG.spammerNotFound);
  if (seen.target.id === actor.userId) return fail('forbidden', FLAG_MSG.spammerOwn);
  if (isModeratorRole(seen.target.role as Role)) return fail('forbidden', FLAG_MSG.spammerIsModerator);
  return succeed(null);
}

/** What a spammer removal's log entry says it removes. */
export const spammerLogReason = (items: number): string =>
  `${items} ${items === 1 ? 'post, comment, message or vote' : 'posts, comments, messages and votes'}`;

const progressOf = (job: db.SpammerRemoval): SpammerRemovalProgress => ({
  username: job.username,
  removed: job.removed,
  total: job.total,
  done: job.done,
});

export async function deleteSpammer(
  ports: Ports,
  caller: Caller,
  input: { username: string },
): Promise<Result<SpammerRemovalProgress>> {
  const acting = actorNamed(caller);
  if (!acting.ok) return acting;
  const actor = acting.value;
  const limited = await ports.limiter.hit('deleteSpammer', caller);
  if (limited) return limited;
  const started = await db.startSpammerRemoval(
    ports.db,
    { username: input.username, moderatorId: actor.userId },
    (seen) => decideSpammerRemoval(seen, { userId: actor.userId, moderator: isModerator(caller) }),
  );
  if (!started.ok) return started;
  const job = started.value;
  // The moderators' log: who, when (the entry's time), whom, and how much goes (a job asked again is not logged twice).
  if (job.removed === 0 && !job.done)
    await db.appendModLog(ports.db, {
      moderator: { id: actor.userId, name: actor.username },
      action: 'deleteSpammer',
      target: { kind: 'user', id: job.userId, label: job.username },
      reason: spammerLogReason(job.total),
      details: { items: job.total },
    });
  ports.events.disconnectUser(started.value.username);
  void runSpammerRemovals(ports);
  return succeed(progressOf(started.value));
}

/** The removals' progress, newest first, for the moderators' screen. */
export async function spammerRemovals(ports: Ports): Promise<SpammerRemovalProgress[]> {
  return (await db.listSpammerRemovals(ports.db, 20)).map(progressOf);
}

const running = new WeakMap<db.Db, Promise<void>>();

/**
 * Drains every unfinished removal this process can claim; answers the loop already running in
 * this process, if one is (tests await it; servers start it at boot and after each request).
 */
export function runSpammerRemovals(ports: Ports): Promise<void> {
  const current = running.get(ports.db);
  if (current) return current;
  const loop = drainAll(ports)
    .catch((error: unknown) => ports.log.error({ err: error }, 'spammer removal stopped; it resumes on the next run'))
    .finally(() => running.delete(ports.db));
  running.set(ports.db, loop);
  return loop;
}

async function drainAll(ports: Ports): Promise<void> {
  for (
    let job = await db.claimSpammerRemoval(ports.db, LEASE_MS);
    job;
    job = await db.claimSpammerRemoval(ports.db, LEASE_MS)
  )
    for (let done = false; !done;) {
      const batch = await db.removeSpammerBatch(
        ports.db,
        { jobId: job.jobId, size: MODERATION_RULES.spammerBatch, leaseMs: LEASE_MS },
        reputationOf,
      );
      for (const id of batch.deletedQuestions) ports.events.toQa('questionDelete', { qid: String(id) });
      const moderator = batch.job.moderatorId === null ? null : await db.findUserById(ports.db, batch.job.moderatorId);
      if (moderator) ports.events.toRoom(rooms.user(moderator.username), 'spammerRemoval', progressOf(batch.job));
      done = batch.job.done;
      // Other requests get the event loop (and the pool) between two batches.
      await new Promise((resolve) => setImmediate(resolve));
    }
}
