/**
 * Account use cases shared by the REST routes and the screens' form actions: sign-up (new
 * password rules, rate limited), login (rate limited), logout, password reset, biography,
 * deletion (which forfeits and renames the account's games). The acting user always comes
 * from the session; a name in the payload must match it or the answer is 403.
 */
import type { AppLoadContext } from '@remix-run/node';
import * as db from '@fso/db';
import { forfeitGamesOf, renameGamesOf } from '@fso/core';
import { MSG, type LoginInput, type SafeUser, type SignupInput } from '@fso/shared';
import { gameDeps } from './games.server.ts';
import { isCommonPassword } from './password-policy.server.ts';
import { hashPassword, verifyPassword } from './passwords.server.ts';
import { forgive, overLimit } from './rate-limit.server.ts';
import { fail, type Outcome } from './respond.server.ts';
import { clearSessionCookie, startSession, type SessionUser } from './session.server.ts';

/** Names that are REST path segments under /user/, so no profile URL can shadow them. */
const RESERVED = new Set(['signup', 'login', 'logout', 'getusers', 'getuser', 'resetpassword', 'updatebiography', 'deleteuser', 'firebaselogin']);

export const isReservedUsername = (username: string) => RESERVED.has(username.toLowerCase());

/** A new password's rule beyond its length (the shared schema checks that): not a common one. */
const weakPassword = (password: string) => (isCommonPassword(password) ? fail(400, MSG.passwordCommon) : null);

export async function signup(context: AppLoadContext, input: SignupInput): Promise<Outcome<{ user: SafeUser; cookie: string }>> {
  const refused = weakPassword(input.password) ?? (await overLimit(context, 'signup'));
  if (refused) return refused;
  if (isReservedUsername(input.username)) return fail(409, MSG.usernameTaken);
  const passwordHash = await hashPassword(input.password);
  const user = await db.createUser(context.database.db, { username: input.username, passwordHash });
  if (!user) return fail(409, MSG.usernameTaken);
  const cookie = await startSession(context, Number(user._id));
  context.events.toAll('userUpdate', { user, type: 'created' });
  return { ok: true, value: { user, cookie } };
}

/**
 * Every attempt is counted as a failure before the password is checked (one atomic step per
 * key, so parallel guesses cannot pass the limit) and forgiven when it succeeds. An unknown
 * name is verified against a dummy hash, so it takes as long as a wrong password.
 */
export async function login(context: AppLoadContext, input: LoginInput): Promise<Outcome<{ user: SafeUser; cookie: string }>> {
  const who = { name: input.username };
  const blocked = await overLimit(context, 'failedLogin', who);
  if (blocked) return blocked;
  const found = await db.findCredentials(context.database.db, input.username);
  if (!(await verifyPassword(found?.passwordHash, input.password)) || !found) return fail(401, MSG.invalidCredentials);
  await forgive(context, 'failedLogin', who);
  const cookie = await startSession(context, found.id);
  return { ok: true, value: { user: db.toSafeUser(found), cookie } };
}

/** Ends this session (row and sockets) and returns the cookie-clearing header. */
export async function logout(context: AppLoadContext, actor: SessionUser | null): Promise<string> {
  if (actor) {
    await db.deleteSession(context.database.db, actor.sessionId);
    context.events.disconnectSession(actor.sessionId);
  }
  return clearSessionCookie(context);
}

const isOwner = (actor: SessionUser, username: string) => actor.username.toLowerCase() === username.trim().toLowerCase();

async function endOtherSessions(context: AppLoadContext, actor: SessionUser) {
  const ended = await db.deleteOtherSessions(context.database.db, actor.userId, actor.sessionId);
  for (const id of ended) context.events.disconnectSession(id);
}

export async function resetPassword(context: AppLoadContext, actor: SessionUser, username: string, password: string): Promise<Outcome<SafeUser>> {
  if (!isOwner(actor, username)) return fail(403, MSG.notAllowed);
  const weak = weakPassword(password);
  if (weak) return weak;
  await db.updatePasswordHash(context.database.db, actor.userId, await hashPassword(password));
  await endOtherSessions(context, actor);
  const found = await db.findUserById(context.database.db, actor.userId);
  if (!found) return fail(404, MSG.userNotFound);
  const { id: _id, ...user } = found;
  return { ok: true, value: user };
}

export async function updateBiography(context: AppLoadContext, actor: SessionUser, username: string, biography: string): Promise<Outcome<SafeUser>> {
  if (!isOwner(actor, username)) return fail(403, MSG.notAllowed);
  const user = await db.updateBiography(context.database.db, actor.userId, biography);
  if (!user) return fail(404, MSG.userNotFound);
  context.events.toAll('userUpdate', { user, type: 'updated' });
  return { ok: true, value: user };
}

/**
 * Forfeits the account's running games (opponents win, and are told), then deletes it and takes
 * its name out of all its games in one transaction (docs/decisions/0019-recycled-usernames.md).
 */
export async function deleteAccount(context: AppLoadContext, actor: SessionUser, username: string): Promise<Outcome<{ user: SafeUser; cookie: string }>> {
  if (!isOwner(actor, username)) return fail(403, MSG.notAllowed);
  await forfeitGamesOf(gameDeps(context), actor.username);
  const user = await context.database.db.transaction(async (tx) => {
    const deleted = await db.deleteUser(tx, actor.userId);
    if (deleted) await renameGamesOf(tx, deleted.username, actor.userId);
    return deleted;
  });
  if (!user) return fail(404, MSG.userNotFound);
  context.events.disconnectUser(user.username);
  context.events.toAll('userUpdate', { user, type: 'deleted' });
  return { ok: true, value: { user, cookie: clearSessionCookie(context) } };
}
