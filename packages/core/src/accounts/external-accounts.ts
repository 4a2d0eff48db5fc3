/**
 * Accounts behind external sign-ins (GitHub, Google, ID tokens): the provider's stable id finds
 * the account; a first sign-in with a verified email creates one with a free username; an
 * existing account with the same verified email is linked only once the person confirms.
 */
import type { Rng } from '@fso/game-engine';
import * as db from '@fso/db';
import { MSG, USERNAME_MAX, type FirebaseLoginInput, type SafeUser } from '@fso/shared';
import type { Ports } from '../ports.ts';
import { fail, succeed, type Result } from '../result.ts';
import { isReservedUsername, startSession, type NewSession } from './accounts.ts';

/** Who a provider (OAuth sign-in or a verified ID token) says the person is. */
export interface ExternalProfile {
  provider: string;
  subject: string;
  login: string | null;
  /** Only an address the provider has verified; null otherwise. */
  email: string | null;
}

/** An existing account the person must confirm is theirs before the identity is linked to it. */
export interface LinkToConfirm {
  provider: string;
  subject: string;
  email: string;
  userId: number;
  username: string;
}

export type ExternalSignIn =
  { kind: 'signed-in'; user: SafeUser; session: NewSession } | { kind: 'confirm-link'; link: LinkToConfirm };

/** Checks an ID token (the transport holds the issuer's keys): who it names, or why not. */
export type IdTokenVerifier = (token: string) => Promise<Result<ExternalProfile>>;

/** Usernames to try, best first: the provider's login (or the email's local part), then numbered, then random. */
export function usernameCandidates(profile: Pick<ExternalProfile, 'login' | 'email'>, rng: Rng): string[] {
  const raw = profile.login ?? profile.email?.split('@')[0] ?? '';
  const cleaned = raw.replace(/[^A-Za-z0-9._-]+/g, '-').replace(/^[-.]+|[-.]+$/g, '');
  let base = cleaned.slice(0, USERNAME_MAX - 7) || 'user';
  if (isReservedUsername(base)) base = `${base}-user`;
  const numbered = [2, 3, 4, 5].map((n) => `${base}-${n}`);
  const random = [0, 1, 2].map(() => `${base}-${rng.int(0x1000000).toString(16).padStart(6, '0')}`);
  return [base, ...numbered, ...random];
}

async function signedIn(ports: Ports, user: SafeUser & { id: number }): Promise<ExternalSignIn> {
  const { id, ...safe } = user;
  return { kind: 'signed-in', user: safe, session: await startSession(ports, id) };
}

async function createAccount(ports: Ports, profile: ExternalProfile & { email: string }) {
  for (const username of usernameCandidates(profile, ports.rng)) {
    const created = await db.createUserWithIdentity(ports.db, { ...profile, username });
    if (created === 'username-taken') continue;
    if (created === 'identity-taken') return db.findIdentityUser(ports.db, profile);
    const { id: _id, ...user } = created;
    ports.events.toAll('userUpdate', { user, type: 'created' });
    return created;
  }
  return null;
}

/**
 * Signs in the person a provider vouched for. `linkExisting` is their confirmation that an
 * existing account with the same verified email is theirs; without it they are asked first.
 */
export async function signInExternal(
  ports: Ports,
  profile: ExternalProfile,
  opts: { linkExisting: boolean } = { linkExisting: false },
): Promise<Result<ExternalSignIn>> {
  const known = await db.findIdentityUser(ports.db, profile);
  if (known) return succeed(await signedIn(ports, known));
  const email = profile.email;
  if (!email) return fail('invalid', MSG.oauthEmailRequired);
  const existing = await db.findUserByEmail(ports.db, email);
  if (existing && !opts.linkExisting) {
    const link = {
      provider: profile.provider,
      subject: profile.subject,
      email,
      userId: existing.id,
      username: existing.username,
    };
    return succeed({ kind: 'confirm-link', link });
  }
  if (existing) return confirmLink(ports, { ...profile, email, userId: existing.id });
  const user = await createAccount(ports, { ...profile, email });
  if (!user) return fail('conflict', MSG.usernameTaken);
  return succeed(await signedIn(ports, user));
}

/** Links a confirmed identity, if the account still holds that email, and signs in to it. */
export async function confirmLink(
  ports: Ports,
  link: Omit<LinkToConfirm, 'username'>,
): Promise<Result<ExternalSignIn>> {
  const owner = await db.findUserByEmail(ports.db, link.email);
  if (!owner || owner.id !== link.userId) return fail('conflict', MSG.oauthLinkExpired);
  if (!(await db.linkIdentity(ports.db, owner.id, link))) {
    const known = await db.findIdentityUser(ports.db, link);
    if (!known || known.id !== owner.id) return fail('conflict', MSG.oauthLinkExpired);
  }
  return succeed(await signedIn(ports, owner));
}

/** POST /user/firebaseLogin: only a verified ID token signs anybody in. */
export async function firebaseLogin(
  ports: Ports,
  input: FirebaseLoginInput & { bearer: string | null },
  verify: IdTokenVerifier | null,
): Promise<Result<{ user: SafeUser; session: NewSession }>> {
  const token = input.idToken || input.bearer;
  if (!token) return fail('unauthenticated', MSG.idTokenRequired);
  if (!verify) return fail('unavailable', MSG.idTokenUnconfigured);
  const verified = await verify(token);
  if (!verified.ok) return verified;
  const profile = verified.value;
  if (input.firebaseId && input.firebaseId !== profile.subject) return fail('unauthenticated', MSG.idTokenMismatch);
  const outcome = await signInExternal(ports, profile, { linkExisting: input.linkExisting === true });
  if (!outcome.ok) return outcome;
  if (outcome.value.kind === 'confirm-link') return fail('conflict', MSG.oauthLinkRequired);
  const { user, session } = outcome.value;
  return succeed({ user: { ...user, firebaseId: profile.subject, email: profile.email }, session });
}
