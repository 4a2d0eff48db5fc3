/**
 * Who is asking: the session cookie → session row → user. Guards throw a 401 Response (REST)
 * or a redirect to the login page (screens), so loaders and actions stay straight-line.
 */
import { redirect, type AppLoadContext } from '@remix-run/node';
import {
  clearSessionCookieHeader,
  createSession,
  findSessionUser,
  readSessionId,
  sessionCookieHeader,
  signSessionId,
} from '@fso/db';
import type { Caller, NewSession } from '@fso/core';
import { MSG } from '@fso/shared';
import { textError } from './http.server.ts';

/** The session's user as the use cases' `Caller` carries it: role, reputation and suspension read with the session. */
export type SessionUser = NonNullable<Awaited<ReturnType<typeof findSessionUser>>>;

export async function getSessionUser(request: Request, context: AppLoadContext): Promise<SessionUser | null> {
  const id = readSessionId(request.headers.get('Cookie'), context.config.sessionSecret);
  return id ? findSessionUser(context.database.db, id) : null;
}

/** REST guard: 401 without a session. */
export async function requireApiUser(request: Request, context: AppLoadContext): Promise<SessionUser> {
  const user = await getSessionUser(request, context);
  if (!user) throw textError(401, MSG.notSignedIn);
  return user;
}

/** Screen guard: without a session, back to `/` and then here again after signing in. */
export async function requirePageUser(request: Request, context: AppLoadContext): Promise<SessionUser> {
  const user = await getSessionUser(request, context);
  if (!user) {
    const url = new URL(request.url);
    throw redirect(`/?redirectTo=${encodeURIComponent(url.pathname + url.search)}`);
  }
  return user;
}

/** Who asks, as the use cases of @fso/core take it: the session's user (or nobody) and the client address. */
export const callerOf = (context: AppLoadContext, user: SessionUser | null): Caller => ({ user, ip: context.clientIp });

/** The Set-Cookie header value that carries a session a use case started. */
export const sessionCookie = (context: AppLoadContext, session: NewSession): string =>
  sessionCookieHeader(signSessionId(session.id, context.config.sessionSecret), {
    secure: context.config.cookieSecure,
    expires: session.expiresAt,
  });

/** Starts a session for the user and returns the Set-Cookie header value (tests sign in this way). */
export async function startSession(context: AppLoadContext, userId: number): Promise<string> {
  return sessionCookie(context, await createSession(context.database.db, userId));
}

export const clearSessionCookie = (context: AppLoadContext) => clearSessionCookieHeader(context.config.cookieSecure);

// Any origin of our own would do: only whether a path stays on it matters.
const SITE = 'http://site.invalid';

/**
 * Only a path on this site, as a browser would resolve it (tabs and newlines dropped, `\\` read
 * as `/`), so a crafted link cannot send a user elsewhere; anything else gives `fallback`.
 * The answer is the parsed, percent-encoded path, safe to put in a Location header.
 */
export function safeRedirectTo(value: FormDataEntryValue | string | null | undefined, fallback = '/home'): string {
  if (typeof value !== 'string' || !value.startsWith('/')) return fallback;
  const url = URL.canParse(value, SITE) ? new URL(value, SITE) : null;
  if (url?.origin !== SITE) return fallback;
  return `${url.pathname}${url.search}${url.hash}`;
}
