/**
 * A write's rate limit counted first (issue 39 item 7): the route counts the action for its caller
 * before it reads or validates the request's body, so a refused request costs one count and no
 * parsing, checking or rendering. The use case it then calls with the admitted caller does not
 * count the action again (the limiter passes a caller admitted for it).
 */
import type { LimitedAction } from '@fso/shared';
import type { Caller, Ports } from '../ports.ts';
import { succeed, type Result } from '../result.ts';

/** The caller, counted for `action` and marked so; or the limiter's `tooMany` refusal. */
export async function admit(
  ports: Pick<Ports, 'limiter'>,
  caller: Caller,
  action: LimitedAction,
): Promise<Result<Caller>> {
  return (await ports.limiter.hit(action, caller)) ?? succeed({ ...caller, admitted: action });
}
