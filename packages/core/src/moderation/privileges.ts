/**
 * Who may do what beyond what every signed-in user may (issue 41): `isModerator` (moderators
 * and admins: every privilege, binding votes) and `can` (a privilege of the one table in
 * packages/shared/src/privileges.ts, earned by reputation). Pure: they read only the caller,
 * whose role and reputation come with its session on each request.
 */
import { isModeratorRole, MOD_MSG, PRIVILEGES, type Privilege } from '@fso/shared';
import { NOT_SIGNED_IN, type Actor } from '../caller.ts';
import type { Caller } from '../ports.ts';
import { fail, succeed, type Result } from '../result.ts';

/** Whether the caller is signed in as a moderator or an admin. */
export const isModerator = (caller: Caller): boolean => isModeratorRole(caller.user?.role);

/** Whether the caller is signed in as an admin. */
export const isAdmin = (caller: Caller): boolean => caller.user?.role === 'admin';

/**
 * Whether the caller has the privilege: moderators always, others from its reputation up
 * (`table`: the thresholds, the site's table unless a test gives another).
 */
export function can(caller: Caller, privilege: Privilege, table: Record<Privilege, number> = PRIVILEGES): boolean {
  if (!caller.user) return false;
  return isModerator(caller) || (caller.user.reputation ?? 1) >= table[privilege];
}

/** The signed-in moderator, or the failure to answer with (401 nobody signed in, 403 not a moderator). */
export function requireModerator(caller: Caller): Result<Actor> {
  if (!caller.user) return NOT_SIGNED_IN;
  return isModerator(caller) ? succeed(caller.user) : fail('forbidden', MOD_MSG.moderatorsOnly);
}
