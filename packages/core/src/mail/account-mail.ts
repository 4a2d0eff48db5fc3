/**
 * Account use cases that go through the mailbox (docs/decisions/0083-email.md): asking for a
 * password-reset link (the same answer whether or not the account exists), setting a new
 * password with one (which ends every session and socket of the account and signs the user
 * in), and changing the account's address, confirmed by a link sent to the new one. `key` is
 * the site's mail key (@fso/mail's tokens.ts), which the transport derives from its session secret.
 */
import * as db from '@fso/db';
import { CONFIRM_TOKEN_MS, MAIL_MSG, MSG, RESET_TOKEN_MS, type SafeUser } from '@fso/shared';
import { hashToken, newToken } from '@fso/mail';
import { NOT_SIGNED_IN } from '../caller.ts';
import { weakPassword } from '../accounts/password-policy.ts';
import { startSession, type NewSession } from '../accounts/accounts.ts';
import type { Caller, Ports } from '../ports.ts';
import { fail, succeed, type Result } from '../result.ts';
import { tokenState, type TokenState } from './rules.ts';

const TOKEN_MESSAGE: Record<Exclude<TokenState, 'valid'>, ReturnType<typeof fail>> = {
  unknown: fail('notFound', MAIL_MSG.tokenUnknown),
  used: fail('conflict', MAIL_MSG.tokenUsed),
  expired: fail('invalid', MAIL_MSG.tokenExpired),
};

/** The rule of a link's token: it works once, before it expires (checked again under its row's lock when used). */
export function decideTokenUse(seen: db.TokenSeen, now: Date): Result<null> {
  const state = tokenState(seen, now);
  return state === 'valid' ? succeed(null) : TOKEN_MESSAGE[state];
}

/** The token of a link, while it still works for `purpose`; else why not. */
async function usableToken(ports: Ports, token: string, purpose: db.TokenPurpose): Promise<Result<db.AccountToken>> {
  const found = await db.findTokenByHash(ports.db, hashToken(token));
  const usable = decideTokenUse(found?.purpose === purpose ? found : null, ports.clock());
  if (!usable.ok) return usable;
  return found ? succeed(found) : TOKEN_MESSAGE.unknown;
}

/**
 * POST /user/requestPasswordReset: a username or an address. Refused (429) only for too many
 * requests from one client address; otherwise always the same answer, and a link is mailed
 * when the account exists, has an address, and has not had three links this hour.
 */
export async function requestPasswordReset(
  ports: Ports,
  caller: Caller,
  input: { username: string },
): Promise<Result<{ message: string }>> {
  const limited = await ports.limiter.hit('passwordReset', caller);
  if (limited) return limited;
  const target = await db.findResetTarget(ports.db, input.username);
  if (target?.email) {
    const capped = await ports.limiter.hit('passwordResetMail', caller, { name: `user:${target.id}` });
    if (!capped) {
      const now = ports.clock();
      const { salt, tokenHash } = newToken(ports.mailKey);
      const expiresAt = new Date(now.getTime() + RESET_TOKEN_MS);
      await db.createTokenMail(ports.db, {
        userId: target.id,
        purpose: 'reset',
        email: null,
        salt,
        tokenHash,
        expiresAt,
        now,
      });
    }
  }
  return succeed({ message: MAIL_MSG.resetRequested });
}

/** What a mail's link opens (a reset, or an address to confirm): whose it is and which address, or why it does not work. */
export async function checkLinkToken(
  ports: Ports,
  token: string,
  purpose: db.TokenPurpose,
): Promise<Result<{ username: string; email: string | null }>> {
  const found = await usableToken(ports, token, purpose);
  return found.ok ? succeed({ username: found.value.username, email: found.value.email }) : found;
}

/** POST /user/resetPasswordWithToken: a new password by link; every session and socket of the account ends, and a new session starts. */
export async function resetPasswordWithToken(
  ports: Ports,
  caller: Caller,
  input: { token: string; password: string },
): Promise<Result<{ user: SafeUser; session: NewSession }>> {
  const limited = await ports.limiter.hit('tokenUse', caller);
  if (limited) return limited;
  const usable = await usableToken(ports, input.token, 'reset');
  if (!usable.ok) return usable;
  const found = usable.value;
  const weak = weakPassword(ports, input.password);
  if (weak) return weak;
  const passwordHash = await ports.passwords.hash(input.password);
  const now = ports.clock();
  const outcome = await db.resetPasswordByToken(ports.db, {
    token: found,
    passwordHash,
    now,
    decide: (seen) => decideTokenUse(seen, now),
  });
  if (!outcome.ok) return outcome;
  for (const id of outcome.value.ended) ports.events.disconnectSession(id);
  ports.events.disconnectUser(found.username);
  const user = await db.findUserById(ports.db, found.userId);
  if (!user) return fail('notFound', MSG.userNotFound);
  const { id, ...safe } = user;
  return succeed({ user: safe, session: await startSession(ports, id) });
}

/** The caller's address and the one waiting for confirmation, for their profile. */
export async function emailOf(
  ports: Ports,
  caller: Caller,
): Promise<Result<{ email: string | null; pending: string | null }>> {
  if (!caller.user) return NOT_SIGNED_IN;
  return succeed(await db.emailState(ports.db, caller.user.userId, ports.clock()));
}

/**
 * PATCH /user/updateEmail: the owner asks for a new address; a confirmation link goes to it
 * (until it is opened, mail goes to the old one). Refused when another account has it.
 */
export async function requestEmailChange(
  ports: Ports,
  caller: Caller,
  input: { username: string; email: string },
): Promise<Result<{ message: string }>> {
  const actor = caller.user;
  if (!actor) return NOT_SIGNED_IN;
  if (actor.username.toLowerCase() !== input.username.trim().toLowerCase()) return fail('forbidden', MSG.notAllowed);
  const limited = await ports.limiter.hit('emailChange', caller);
  if (limited) return limited;
  const now = ports.clock();
  const current = await db.emailState(ports.db, actor.userId, now);
  if (current.email?.toLowerCase() === input.email.toLowerCase()) return fail('invalid', MAIL_MSG.emailUnchanged);
  if (await db.emailTakenByOther(ports.db, input.email, actor.userId)) return fail('conflict', MAIL_MSG.emailTaken);
  const { salt, tokenHash } = newToken(ports.mailKey);
  const expiresAt = new Date(now.getTime() + CONFIRM_TOKEN_MS);
  await db.createTokenMail(ports.db, {
    userId: actor.userId,
    purpose: 'confirm',
    email: input.email,
    salt,
    tokenHash,
    expiresAt,
    now,
  });
  return succeed({ message: MAIL_MSG.emailSent(input.email) });
}

/** POST /user/confirmEmail and the link's screen: the address becomes the account's (no sign-in needed: the link is the proof). */
export async function confirmEmail(
  ports: Ports,
  caller: Caller,
  input: { token: string },
): Promise<Result<{ username: string; email: string }>> {
  const limited = await ports.limiter.hit('tokenUse', caller);
  if (limited) return limited;
  const usable = await usableToken(ports, input.token, 'confirm');
  if (!usable.ok) return usable;
  const found = usable.value;
  if (!found.email) return TOKEN_MESSAGE.unknown;
  const now = ports.clock();
  const outcome = await db.confirmEmailByToken(ports.db, {
    token: found,
    email: found.email,
    now,
    decide: (seen) => decideTokenUse(seen, now),
  });
  if (!outcome.ok) return outcome;
  if (!outcome.value.confirmed) return fail('conflict', MAIL_MSG.emailTaken);
  return succeed({ username: found.username, email: found.email });
}
