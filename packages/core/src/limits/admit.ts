/**
 * A write's rate limit counted first (issue 39 item 7): the route counts the action for its caller
 * before it reads or validates the request's body, so a refused request costs one count and no
 * parsing, checking or rendering. The use case it then calls with the admitted caller does not
 * count the action again (the limiter passes a caller admitted for it). A new account's first
 * question or answer over the limit goes on with the refusal attached: it is held for review
 * instead (moderation/new-users.ts).
 */
import * as db from '@fso/db';
import type { LimitedAction } from '@fso/shared';
import { mayBeHeld } from '../moderation/new-users.ts';
import type { Caller, Ports } from '../ports.ts';
import { succeed, type Result } from '../result.ts';

/** The caller, counted for `action` and marked so; or the limiter's `tooMany` refusal. */
export async function admit(
  ports: Pick<Ports, 'limiter' | 'db'>,
  caller: Caller,
  action: LimitedAction,
): Promise<Result<Caller>> {
  const refused = await ports.limiter.hit(action, caller);
  if (!refused) return succeed({ ...caller, admitted: action });
  const first =
    mayBeHeld(caller, action) && caller.user !== null && !(await db.hasPosted(ports.db, caller.user.userId));
  return first ? succeed({ ...caller, admitted: action, limited: refused }) : refused;
}
