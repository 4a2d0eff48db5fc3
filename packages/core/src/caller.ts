/** The signed-in user a use case acts for, taken from its `Caller` (routes have already asked for a session). */
import { MSG } from '@fso/shared';
import type { Caller } from './ports.ts';
import { fail } from './result.ts';

export type Actor = NonNullable<Caller['user']>;

/** Answered by a use case that needs somebody signed in when nobody is. */
export const NOT_SIGNED_IN = fail('unauthenticated', MSG.notSignedIn);

/** False when a name in a payload (askedBy, ansBy, msgFrom, username…) is not the actor's: refused as forbidden. */
export function claimsActor(actor: Actor, claimed: string | undefined): boolean {
  return claimed === undefined || actor.username.toLowerCase() === claimed.toLowerCase();
}
