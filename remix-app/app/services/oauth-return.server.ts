/**
 * Where an external sign-in ends: the page that sent the visitor to `/` to sign in. The
 * `redirectTo` of the sign-in form is kept in a short-lived cookie across the round trip to
 * the provider and checked again (a path on this site only) when the callback reads it.
 */
import { safeRedirectTo } from './session.server.ts';

const NAME = 'fso_oauth_return';
const attributes = (secure: boolean) => `Path=/auth; HttpOnly; SameSite=Lax${secure ? '; Secure' : ''}`;

/** The cookie to set when the flow starts, or null when there is nowhere particular to return. */
export function returnCookie(redirectTo: FormDataEntryValue | null, secure: boolean): string | null {
  const path = safeRedirectTo(redirectTo, '');
  return path ? `${NAME}=${encodeURIComponent(path)}; Max-Age=600; ${attributes(secure)}` : null;
}

/** Where the callback sends a signed-in visitor: the kept page, else /home. */
export function returnPath(request: Request): string {
  const raw = (request.headers.get('Cookie') ?? '')
    .split(';')
    .map((part) => part.trim())
    .find((part) => part.startsWith(`${NAME}=`))
    ?.slice(NAME.length + 1);
  if (!raw) return '/home';
  try {
    return safeRedirectTo(decodeURIComponent(raw));
  } catch {
    return '/home';
  }
}

export const clearReturnCookie = (secure: boolean) => `${NAME}=; Max-Age=0; ${attributes(secure)}`;
