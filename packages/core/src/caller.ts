/** The signed-in user a use case acts for, taken from its `Caller` (routes have already asked for a session). */
import { MSG, namesActor, suspendedMessage } from '@fso/shared';
import type { Caller } from './ports.ts';
import { fail, succeed, type Result } from './result.ts';

export type Actor = NonNullable<Caller['user']>;

/** Answered by a use case that needs somebody signed in when nobody is. */
export const NOT_SIGNED_IN = fail('unauthenticated', MSG.notSignedIn);

/** The caller's suspension in force at `now` (issue 41), or null: none, or it has ended. */
export function suspensionOf(caller: Caller, now: Date = new Date()): { until: Date; reason: string } | null {
  const until = caller.user?.suspendedUntil;
  return until && until.getTime() > now.getTime() ? { until, reason: caller.user?.suspensionReason ?? '' } : null;
}

/**
 * The one actor check of every write: the caller's signed-in user, when the name a payload gives
 * for who acts (askedBy, ansBy, commentBy, playerID…) is absent or theirs; `unauthenticated`
 * without a user, `forbidden` for a name of anybody else, and `forbidden` "Your account is
 * suspended until DATE: REASON" while a moderator's suspension lasts (reads never ask this).
 */
export function actorNamed(caller: Caller, claimed?: string, now?: Date): Result<Actor> {
  if (!caller.user) return NOT_SIGNED_IN;
  if (!namesActor(caller.user.username, claimed)) return fail('forbidden', MSG.notAllowed);
  const suspended = suspensionOf(caller, now);
  return suspended ? fail('forbidden', suspendedMessage(suspended.until, suspended.reason)) : succeed(caller.user);
}
