/**
 * Roles (issue 41): admins appoint and dismiss moderators (`setRole`, POST /user/setRole and the
 * profile's control); the first admin is made on the command line (`makeAdmin`, npm run admin).
 * The rule is `decideSetRole`; db locks the account, stores the role and its log entry together.
 * A change made on the site is published as userUpdate `updated`, so open profiles and lists show the ♦ at once.
 */
import * as db from '@fso/db';
import { MOD_MSG, MSG, type Role, type SafeUser } from '@fso/shared';
import { actorNamed, NOT_SIGNED_IN } from '../caller.ts';
import type { Caller, Ports } from '../ports.ts';
import { fail, succeed, type Result } from '../result.ts';
import { isAdmin } from './privileges.ts';

/** Only an admin changes roles, and not their own (an admin cannot leave the site without one by mistake). */
export function decideSetRole(caller: Caller, seen: db.RoleSeen, role: Role): Result<db.RoleDecision> {
  if (!caller.user) return NOT_SIGNED_IN;
  if (!isAdmin(caller)) return fail('forbidden', MOD_MSG.adminsOnly);
  if (!seen) return fail('notFound', MSG.userNotFound);
  if (seen.id === caller.user.userId) return fail('forbidden', MOD_MSG.ownRole);
  return succeed({ role, changed: seen.role !== role });
}

async function publishUser(ports: Ports, username: string): Promise<Result<SafeUser>> {
  const found = await db.findUser(ports.db, username);
  if (!found) return fail('notFound', MSG.userNotFound);
  const { id: _id, ...user } = found;
  ports.events.toAll('userUpdate', { user, type: 'updated' });
  return succeed(user);
}

export async function setRole(
  ports: Ports,
  caller: Caller,
  input: { username: string; role: Role },
): Promise<Result<SafeUser>> {
  const acting = actorNamed(caller);
  if (!acting.ok) return acting;
  const actor = acting.value;
  if (!isAdmin(caller)) return fail('forbidden', MOD_MSG.adminsOnly);
  const limited = await ports.limiter.hit('moderate', caller);
  if (limited) return limited;
  const changed = await db.changeRole(
    ports.db,
    { username: input.username, moderator: { id: actor.userId, name: actor.username }, at: ports.clock() },
    (seen) => decideSetRole(caller, seen, input.role),
  );
  if (!changed.ok) return changed;
  return publishUser(ports, changed.value.username);
}

/**
 * `npm run admin -- USERNAME`: makes the account an admin, logged as done from the command line.
 * Nothing is published (the command has no live connection); pages show it when next read.
 */
export async function makeAdmin(ports: Pick<Ports, 'db' | 'clock'>, username: string): Promise<Result<SafeUser>> {
  const changed = await db.changeRole(ports.db, { username, moderator: null, at: ports.clock() }, (seen) =>
    seen ? succeed({ role: 'admin', changed: seen.role !== 'admin' }) : fail('notFound', MSG.userNotFound),
  );
  if (!changed.ok) return changed;
  const found = await db.findUser(ports.db, changed.value.username);
  if (!found) return fail('notFound', MSG.userNotFound);
  const { id: _id, ...user } = found;
  return succeed(user);
}
