/**
 * Suspensions (issue 41; POST /user/suspendUser and the profile's form): the rule is
 * `decideSuspension`; db locks the account and stores the suspension with its log entry and the
 * account's notice; then the user's pages are told live (`suspensionUpdate`, the inbox count).
 * What a suspension refuses is decided once for every write, in caller.ts's `actorNamed`.
 */
import * as db from '@fso/db';
import { MOD_MSG, MSG, rooms, suspensionDate, type Suspension, type SuspendUserInput } from '@fso/shared';
import { actorNamed } from '../caller.ts';
import { announceUnread } from '../notifications/notifications.ts';
import type { Caller, Ports } from '../ports.ts';
import { moderationNotice } from '../notifications/fan-out.ts';
import { fail, succeed, type Result } from '../result.ts';
import { isAdmin, isModerator } from './privileges.ts';

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * Moderators suspend for `days` from `now`, or lift with 0; never themselves, and only an admin
 * suspends an admin. Lifting what is not in force, or the same end again, changes nothing.
 */
export function decideSuspension(
  caller: Caller,
  seen: db.SuspensionSeen,
  input: { days: number; now: Date },
): Result<db.SuspensionDecision> {
  const acting = actorNamed(caller, undefined, input.now);
  if (!acting.ok) return acting;
  if (!isModerator(caller)) return fail('forbidden', MOD_MSG.moderatorsOnly);
  if (!seen) return fail('notFound', MSG.userNotFound);
  if (seen.id === acting.value.userId) return fail('forbidden', MOD_MSG.cannotSuspendSelf);
  if (seen.role === 'admin' && !isAdmin(caller)) return fail('forbidden', MOD_MSG.cannotSuspendAdmin);
  const inForce = seen.suspendedUntil !== null && seen.suspendedUntil.getTime() > input.now.getTime();
  if (input.days === 0) return succeed({ until: null, changed: inForce });
  return succeed({ until: new Date(input.now.getTime() + input.days * DAY_MS), changed: true });
}

/** The account's notice, after the moderator's name. */
const noticeOf = (d: db.SuspensionDecision, reason: string): string =>
  d.until
    ? `suspended your account until ${suspensionDate(d.until)}: ${reason}`
    : 'lifted the suspension of your account';

/** A suspension as pages show it, or null when there is none in force. */
export const suspensionShown = (until: Date | null, reason: string | null): Suspension | null =>
  until ? { until: until.toISOString(), reason: reason ?? '' } : null;

export async function suspendUser(
  ports: Ports,
  caller: Caller,
  input: SuspendUserInput,
): Promise<Result<{ username: string; suspension: Suspension | null }>> {
  const acting = actorNamed(caller);
  if (!acting.ok) return acting;
  if (!isModerator(caller)) return fail('forbidden', MOD_MSG.moderatorsOnly);
  const limited = await ports.limiter.hit('moderate', caller);
  if (limited) return limited;
  const now = ports.clock();
  const changed = await db.changeSuspension(
    ports.db,
    {
      username: input.username,
      reason: input.reason,
      moderator: { id: acting.value.userId, name: acting.value.username },
      at: now,
    },
    (seen) => decideSuspension(caller, seen, { days: input.days, now }),
    (d, userId) => moderationNotice(userId, acting.value.userId, noticeOf(d, input.reason)),
  );
  if (!changed.ok) return changed;
  const suspension = suspensionShown(changed.value.until, input.reason);
  if (changed.value.changed) {
    ports.events.toRoom(rooms.user(changed.value.username), 'suspensionUpdate', { suspension });
    await announceUnread(ports, changed.value.notified);
  }
  return succeed({ username: changed.value.username, suspension });
}
