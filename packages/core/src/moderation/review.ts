/**
 * The review queue (GET /review/getFlags, /review/getHeld, POST /review/resolveFlags and the
 * /review screen): moderators only. Resolving a post applies `decideResolve` under its lock
 * (delete: the post goes, and a spam or rude one costs its author reputation; dismiss: its flags
 * close and it is shown again, a held post approved), records the decision in the moderators'
 * log, tells open pages, and gives moderators the queue's new size.
 */
import * as db from '@fso/db';
import { FLAG_REASONS, type FlagPostType, type Paged, type ReviewDecision } from '@fso/shared';
import type { Caller, Ports } from '../ports.ts';
import { reputationOf } from '../qa/reputation.ts';
import { succeed, type Result } from '../result.ts';
import { decideResolve } from './flag-rules.ts';
import { publishPostChange } from './flags.ts';
import { isModerator, requireModerator } from './privileges.ts';
import { announceUnread } from '../notifications/notifications.ts';
import { moderationNotice, notifyRule, watchedQuestionMailTo } from '../notifications/fan-out.ts';
import { announceReviewCount } from './review-count.ts';

export type ReviewQueue = 'flagged' | 'held';

/** One page of a queue, oldest first, with how many wait in it. */
export async function reviewQueue(
  ports: Ports,
  caller: Caller,
  { queue, limit, offset }: { queue: ReviewQueue; limit: number; offset: number },
): Promise<Result<Paged<db.ReviewItem>>> {
  const moderator = requireModerator(caller);
  if (!moderator.ok) return moderator;
  const limited = await ports.limiter.hit('review', caller);
  if (limited) return limited;
  return succeed(await db.listReviewItems(ports.db, queue, { limit, offset }));
}

/** How many posts wait for review, for a moderator's header; null for everyone else. */
export async function reviewCountFor(ports: Ports, caller: Caller): Promise<number | null> {
  return isModerator(caller) ? db.pendingReviewCount(ports.db) : null;
}

export async function resolveFlags(
  ports: Ports,
  caller: Caller,
  input: { type: FlagPostType; id: number; decision: ReviewDecision },
): Promise<Result<{ type: FlagPostType; id: string; decision: ReviewDecision }>> {
  const moderator = requireModerator(caller);
  if (!moderator.ok) return moderator;
  const limited = await ports.limiter.hit('review', caller);
  if (limited) return limited;
  const { type, id, decision } = input;
  const resolved = await db.resolveFlags(
    ports.db,
    { type, id, resolverId: moderator.value.userId },
    {
      decide: (seen) => decideResolve(seen, { moderator: true, decision }),
      reputation: reputationOf,
    },
    {
      notice: (post, label, authorId) =>
        moderationNotice(authorId, moderator.value.userId, `deleted your ${post} “${label}”`),
      mailWatchers: (askerId, watchers) => watchedQuestionMailTo({ askerId, held: false }, watchers),
      notify: notifyRule,
    },
  );
  if (!resolved.ok) return resolved;
  const { remove, questionId, label, pending, hidden, notified } = resolved.value;
  await db.appendModLog(ports.db, {
    moderator: { id: moderator.value.userId, name: moderator.value.username },
    action: remove ? 'delete' : 'dismiss',
    target: { kind: type, id, label },
    reason: FLAG_REASONS.filter((r) => pending[r]).join(', ') || (hidden === 'held' ? 'held for review' : ''),
    details: { flags: pending, penalized: resolved.value.penalize },
  });
  if (remove || hidden) await publishPostChange(ports, type, id, questionId, remove ? 'gone' : 'shown');
  await announceUnread(ports, notified);
  await announceReviewCount(ports);
  return succeed({ type, id: String(id), decision });
}
