/** The signed-in user a use case acts for, taken from its `Caller` (routes have already asked for a session). */
import { MSG, namesActor } from '@fso/shared';
import type { Caller } from './ports.ts';
import { fail, succeed, type Result } from './result.ts';

export type Actor = NonNullable<Caller['user']>;

/** Answered by a use case that needs somebody signed in when nobody is. */
export const NOT_SIGNED_IN = fail('unauthenticated', MSG.notSignedIn);

/**
 * The one "payload names the actor" check of every use case: the caller's signed-in user, when the
 * name a payload gives for who acts (askedBy, ansBy, commentBy, playerID…) is absent or theirs;
 * `unauthenticated` without a user, `forbidden` for a name of anybody else.
 */
export function actorNamed(caller: Caller, claimed?: string): Result<Actor> {
  if (!caller.user) return NOT_SIGNED_IN;
  return namesActor(caller.user.username, claimed) ? succeed(caller.user) : fail('forbidden', MSG.notAllowed);
}
