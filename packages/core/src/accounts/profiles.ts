/**
 * Reads of people: one public profile, one user's questions and answers (each list paged), and
 * the user list by name or by reputation.
 */
import * as db from '@fso/db';
import { MSG, type SafeUser, type UserActivity } from '@fso/shared';
import type { Ports } from '../ports.ts';
import { fail, succeed, type Result } from '../result.ts';

/** The public profile of `username` (case-insensitive) with the account's id and a suspension in force, or notFound. */
export async function userProfile(
  ports: Ports,
  { username }: { username: string },
): Promise<Result<{ id: number; user: SafeUser }>> {
  const found = await db.findUser(ports.db, username);
  if (!found) return fail('notFound', MSG.userNotFound);
  const { id, ...user } = found;
  const suspended = await db.suspensionInForce(ports.db, id, ports.clock());
  return succeed({
    id,
    user: suspended
      ? { ...user, suspension: { until: suspended.until.toISOString(), reason: suspended.reason } }
      : user,
  });
}

/** The user's reputation and profile with a page of their questions and of their answers, newest first; or notFound. */
export async function userActivity(
  ports: Ports,
  { username, ...page }: { username: string; limit: number; questionOffset: number; answerOffset: number },
): Promise<Result<UserActivity>> {
  const activity = await db.getUserActivity(ports.db, username, page);
  return activity ? succeed(activity) : fail('notFound', MSG.userNotFound);
}

/** One page of users and how many match. */
export const usersPage = (ports: Ports, query: db.UserListQuery): Promise<{ users: SafeUser[]; total: number }> =>
  db.listUsers(ports.db, query);
