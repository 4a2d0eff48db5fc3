/** The signed-in user a use case acts for, taken from its `Caller` (routes have already asked for a session). */
import { MSG } from '@fso/shared';
import type { Caller } from './ports.ts';
import { fail } from './result.ts';

export type Actor = NonNullable<Caller['user']>;

/** Answered by a use case that needs somebody signed in when nobody is. */
export const NOT_SIGNED_IN = fail('unauthenticated', MSG.notSignedIn);
