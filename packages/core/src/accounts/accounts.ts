/**
 * Account use cases shared by the REST routes and the screens' form actions: sign-up (new
 * password rules, rate limited), login (rate limited), logout, password reset (with the current
 * password, or within minutes of signing in), biography,
 * deletion (which forfeits and renames the account's games). The acting user is the caller's
 * signed-in user; a name in the payload must match it or the answer is forbidden. Sessions are
 * rows here; the transport turns a new one into its cookie.
 */
import * as db from '@fso/db';
import { MSG, type LoginInput, type SafeUser, type SignupInput } from '@fso/shared';
import { actorNamed, NOT_SIGNED_IN, type Actor } from '../caller.ts';
import { forfeitGamesOf, renameGamesOf } from '../games/games.ts';
import { reputationOf } from '../qa/reputation.ts';
import type { Caller, Ports } from '../ports.ts';
import { fail, succeed, type Failure, type Result } from '../result.ts';
import { weakPassword } from './password-policy.ts';

/** A session just started: the transport signs `id` into its cookie, which lasts until `expiresAt`. */
export interface NewSession {
  id: string;
  expiresAt: Date;
}

/** Names that are REST path segments under /user/, so no profile URL can shadow them. */
const RESERVED = new Set([
  'signup',
  'login',
  'logout',
  'getusers',
  'getuser',
  'resetpassword',
  'updatebiography',
  'deleteuser',
  'firebaselogin',
  'requestpasswordreset',
  'resetpasswordwithtoken',
  'updateemail',
  'confirmemail',
  'getmailsettings',
  'updatemailsettings',
  'getwatchedtags',
]);

export const isReservedUsername = (username: string) => RESERVED.has(username.toLowerCase());

export const startSession = (ports: Ports, userId: number): Promise<NewSession> =>
  db.createSession(ports.db, userId, ports.clock());

export async function signup(
  ports: Ports,
  caller: Caller,
  input: SignupInput,
): Promise<Result<{ user: SafeUser; session: NewSession }>> {
  const refused = weakPassword(ports, input.password) ?? (await ports.limiter.hit('signup', caller));
  if (refused) return refused;
  if (isReservedUsername(input.username)) return fail('conflict', MSG.usernameTaken);
  const passwordHash = await ports.passwords.hash(input.password);
  const user = await db.createUser(ports.db, { username: input.username, passwordHash });
  if (!user) return fail('conflict', MSG.usernameTaken);
  const session = await startSession(ports, Number(user._id));
  ports.events.toAll('userUpdate', { user, type: 'created' });
  return succeed({ user, session });
}

/**
 * Every attempt is counted as a failure before the password is checked (one atomic step per
 * key, so parallel guesses cannot pass the limit) and forgiven when it succeeds. An unknown
 * name is verified against a dummy hash, so it takes as long as a wrong password.
 */
export async function login(
  ports: Ports,
  caller: Caller,
  input: LoginInput,
): Promise<Result<{ user: SafeUser; session: NewSession }>> {
  const who = { name: input.username };
  const blocked = await ports.limiter.hit('failedLogin', caller, who);
  if (blocked) return blocked;
  const found = await db.findCredentials(ports.db, input.username);
  if (!(await ports.passwords.verify(found?.passwordHash, input.password)) || !found)
    return fail('unauthenticated', MSG.invalidCredentials);
  await ports.limiter.forgive('failedLogin', caller, who);
  const session = await startSession(ports, found.id);
  return succeed({ user: db.toSafeUser(found), session });
}

/** Ends the caller's session (row and sockets); the transport clears its cookie. */
export async function logout(ports: Ports, caller: Caller): Promise<void> {
  const sessionId = caller.user?.sessionId;
  if (sessionId === undefined) return;
  await db.deleteSession(ports.db, sessionId);
  ports.events.disconnectSession(sessionId);
}

const isOwner = (actor: Actor, username: string) => actor.username.toLowerCase() === username.trim().toLowerCase();

async function endOtherSessions(ports: Ports, actor: Actor) {
  const ended = await db.deleteOtherSessions(ports.db, actor.userId, actor.sessionId ?? '');
  for (const id of ended) ports.events.disconnectSession(id);
}

/** How long after signing in a password may be changed without the current one (GitHub's "sudo mode"). */
export const RECENT_SIGN_IN_MS = 10 * 60_000;

/** Whether changing the password needs the current one: the session's sign-in is unknown or older than RECENT_SIGN_IN_MS. */
export const needsCurrentPassword = (signedInAt: Date | null, now: Date): boolean =>
  signedInAt === null || now.getTime() - signedInAt.getTime() > RECENT_SIGN_IN_MS;

/**
 * That the one changing the password is its owner, not whoever holds a stolen session: the current
 * password, checked and counted like a login (a wrong one is a failed login for that name), or
 * else a sign-in within RECENT_SIGN_IN_MS. Null when confirmed.
 */
async function confirmOwner(
  ports: Ports,
  caller: Caller,
  actor: Actor,
  currentPassword: string | undefined,
): Promise<Failure | null> {
  if (currentPassword === undefined) {
    const signedInAt = actor.sessionId === undefined ? null : await db.sessionSignedInAt(ports.db, actor.sessionId);
    return needsCurrentPassword(signedInAt, ports.clock()) ? fail('forbidden', MSG.confirmCurrentPassword) : null;
  }
  const who = { name: actor.username };
  const blocked = await ports.limiter.hit('failedLogin', caller, who);
  if (blocked) return blocked;
  const found = await db.findCredentials(ports.db, actor.username);
  if (!(await ports.passwords.verify(found?.passwordHash, currentPassword)))
    return fail('forbidden', MSG.currentPasswordWrong);
  await ports.limiter.forgive('failedLogin', caller, who);
  return null;
}

/** Sets a new password (`currentPassword`: see confirmOwner) and ends the user's other sessions. */
export async function resetPassword(
  ports: Ports,
  caller: Caller,
  { username, password, currentPassword }: { username: string; password: string; currentPassword?: string },
): Promise<Result<SafeUser>> {
  const actor = caller.user;
  if (!actor) return NOT_SIGNED_IN;
  if (!isOwner(actor, username)) return fail('forbidden', MSG.notAllowed);
  const weak = weakPassword(ports, password);
  if (weak) return weak;
  const unconfirmed = await confirmOwner(ports, caller, actor, currentPassword);
  if (unconfirmed) return unconfirmed;
  await db.updatePasswordHash(ports.db, actor.userId, await ports.passwords.hash(password));
  await endOtherSessions(ports, actor);
  const found = await db.findUserById(ports.db, actor.userId);
  if (!found) return fail('notFound', MSG.userNotFound);
  const { id: _id, ...user } = found;
  return succeed(user);
}

export async function updateBiography(
  ports: Ports,
  caller: Caller,
  { username, biography }: { username: string; biography: string },
): Promise<Result<SafeUser>> {
  const acting = actorNamed(caller);
  if (!acting.ok) return acting;
  const actor = acting.value;
  if (!isOwner(actor, username)) return fail('forbidden', MSG.notAllowed);
  const user = await db.updateBiography(ports.db, actor.userId, biography);
  if (!user) return fail('notFound', MSG.userNotFound);
  ports.events.toAll('userUpdate', { user, type: 'updated' });
  return succeed(user);
}

/**
 * Deleting an account: there must still be one; its votes go with it, so the authors they
 * counted for have their reputation recounted (the account's posts and accepts stay, so they move
 * nobody's).
 */
export function decideAccountDelete(seen: db.AccountSeen): Result<db.Recount> {
  if (!seen) return fail('notFound', MSG.userNotFound);
  return succeed({ recount: seen.votedFor.filter((id) => id !== seen.id) });
}

/**
 * Forfeits the account's running games (their opponents win, and are told), then deletes it as
 * decided and takes its name out of all its games in one transaction (docs/decisions/0019-recycled-usernames.md).
 */
export async function deleteAccount(
  ports: Ports,
  caller: Caller,
  { username }: { username: string },
): Promise<Result<SafeUser>> {
  const actor = caller.user;
  if (!actor) return NOT_SIGNED_IN;
  if (!isOwner(actor, username)) return fail('forbidden', MSG.notAllowed);
  await forfeitGamesOf(ports, caller);
  const deleted = await db.deleteUser(
    ports.db,
    actor.userId,
    { decide: decideAccountDelete, reputation: reputationOf },
    (tx, user) => renameGamesOf(tx, user.username, actor.userId),
  );
  if (!deleted.ok) return deleted;
  const user = deleted.value;
  ports.events.disconnectUser(user.username);
  ports.events.toAll('userUpdate', { user, type: 'deleted' });
  return succeed(user);
}
