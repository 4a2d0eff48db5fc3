/**
 * Accounts behind external sign-ins (GitHub, Google, ID tokens): the provider's stable id finds
 * the account; a first sign-in with a verified email creates one with a free username; an
 * existing account with the same verified email is linked only once the person confirms.
 */
import { randomBytes } from 'node:crypto';
import type { AppLoadContext } from '@remix-run/node';
import * as db from '@fso/db';
import { MSG, USERNAME_MAX, type FirebaseLoginInput, type SafeUser } from '@fso/shared';
import { isReservedUsername } from './accounts.server.ts';
import type { ExternalProfile } from './external-providers.server.ts';
import { verifyIdToken } from './id-token.server.ts';
import type { PendingLink } from './pending-link.server.ts';
import { fail, type Outcome } from './respond.server.ts';
import { startSession } from './session.server.ts';

export type ExternalSignIn =
  | { kind: 'signed-in'; user: SafeUser; cookie: string }
  | { kind: 'confirm-link'; link: Omit<PendingLink, 'expiresAt'> };

/** Usernames to try, best first: the provider's login (or the email's local part), then numbered, then random. */
export function usernameCandidates(profile: Pick<ExternalProfile, 'login' | 'email'>): string[] {
  const raw = profile.login ?? profile.email?.split('@')[0] ?? '';
  const cleaned = raw.replace(/[^A-Za-z0-9._-]+/g, '-').replace(/^[-.]+|[-.]+$/g, '');
  let base = cleaned.slice(0, USERNAME_MAX - 7) || 'user';
  if (isReservedUsername(base)) base = `${base}-user`;
  const numbered = [2, 3, 4, 5].map((n) => `${base}-${n}`);
  const random = [0, 1, 2].map(() => `${base}-${randomBytes(3).toString('hex')}`);
  return [base, ...numbered, ...random];
}

async function signedIn(context: AppLoadContext, user: SafeUser & { id: number }): Promise<ExternalSignIn> {
  const { id, ...safe } = user;
  return { kind: 'signed-in', user: safe, cookie: await startSession(context, id) };
}

async function createAccount(context: AppLoadContext, profile: ExternalProfile & { email: string }) {
  for (const username of usernameCandidates(profile)) {
    const created = await db.createUserWithIdentity(context.database.db, { ...profile, username });
    if (created === 'username-taken') continue;
    if (created === 'identity-taken') return db.findIdentityUser(context.database.db, profile);
    const { id: _id, ...user } = created;
    context.events.toAll('userUpdate', { user, type: 'created' });
    return created;
  }
  return null;
}

/**
 * Signs in the person a provider vouched for. `linkExisting` is their confirmation that an
 * existing account with the same verified email is theirs; without it they are asked first.
 */
export async function signInExternal(
  context: AppLoadContext,
  profile: ExternalProfile,
  opts: { linkExisting: boolean } = { linkExisting: false },
): Promise<Outcome<ExternalSignIn>> {
  const known = await db.findIdentityUser(context.database.db, profile);
  if (known) return { ok: true, value: await signedIn(context, known) };
  const email = profile.email;
  if (!email) return fail(400, MSG.oauthEmailRequired);
  const existing = await db.findUserByEmail(context.database.db, email);
  if (existing && !opts.linkExisting) {
    const link = { provider: profile.provider, subject: profile.subject, email, userId: existing.id, username: existing.username };
    return { ok: true, value: { kind: 'confirm-link', link } };
  }
  if (existing) return confirmLink(context, { ...profile, email, userId: existing.id });
  const user = await createAccount(context, { ...profile, email });
  if (!user) return fail(409, MSG.usernameTaken);
  return { ok: true, value: await signedIn(context, user) };
}

/** Links a confirmed identity, if the account still holds that email, and signs in to it. */
export async function confirmLink(
  context: AppLoadContext,
  link: Pick<PendingLink, 'provider' | 'subject' | 'email' | 'userId'>,
): Promise<Outcome<ExternalSignIn>> {
  const owner = await db.findUserByEmail(context.database.db, link.email);
  if (!owner || owner.id !== link.userId) return fail(409, MSG.oauthLinkExpired);
  if (!(await db.linkIdentity(context.database.db, owner.id, link))) {
    const known = await db.findIdentityUser(context.database.db, link);
    if (!known || known.id !== owner.id) return fail(409, MSG.oauthLinkExpired);
  }
  return { ok: true, value: await signedIn(context, owner) };
}

/** POST /user/firebaseLogin: only a verified ID token signs anybody in. */
export async function firebaseLogin(
  context: AppLoadContext,
  input: FirebaseLoginInput & { bearer: string | null },
): Promise<Outcome<{ user: SafeUser; cookie: string }>> {
  const token = input.idToken || input.bearer;
  if (!token) return fail(401, MSG.idTokenRequired);
  if (!context.config.idToken) return fail(503, MSG.idTokenUnconfigured);
  const verified = await verifyIdToken(token, context.config.idToken);
  if (!verified.ok) return verified;
  const profile = verified.value;
  if (input.firebaseId && input.firebaseId !== profile.subject) return fail(401, MSG.idTokenMismatch);
  const outcome = await signInExternal(context, profile, { linkExisting: input.linkExisting === true });
  if (!outcome.ok) return outcome;
  if (outcome.value.kind === 'confirm-link') return fail(409, MSG.oauthLinkRequired);
  const { user, cookie } = outcome.value;
  return { ok: true, value: { user: { ...user, firebaseId: profile.subject, email: profile.email }, cookie } };
}
