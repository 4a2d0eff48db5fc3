/**
 * What a request that threw answers when the cause is not a bug: the database away or its
 * connection cut (a restart, a failover) is `unavailable` with the seconds to wait, and a write
 * naming an account deleted under it is `unauthenticated`; anything else stays a server error.
 * Both transports ask it: remix-app for REST and forms, realtime for socket acknowledgements.
 */
import { isConnectionFailure, isUserGone } from '@fso/db';
import { fail, MSG, type Failure } from '@fso/shared';

/** How long a client waits before asking again while the database is away (Retry-After). */
export const DATABASE_RETRY_AFTER_SECONDS = 5;

/** The answer while the database is away. */
export const DATABASE_AWAY: Failure = fail('unavailable', MSG.databaseUnavailable, DATABASE_RETRY_AFTER_SECONDS);

export function failureOfError(error: unknown): Failure | null {
  if (isConnectionFailure(error)) return DATABASE_AWAY;
  if (isUserGone(error)) return fail('unauthenticated', MSG.notSignedIn);
  return null;
}
