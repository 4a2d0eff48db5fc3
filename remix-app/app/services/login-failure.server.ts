/**
 * A failed login, carried across the redirect back to the login screen (POST, then GET `/`):
 * the address bar shows `/` (not `/?index`) with or without JavaScript, a reload does not post
 * the password again, and the screen still says why and keeps the username. A signed,
 * httpOnly cookie that lives a minute and is read once (docs/decisions/0032).
 */
import { createCookie, redirect, type AppLoadContext } from '@remix-run/node';
import { z } from 'zod';
import { safeRedirectTo } from './session.server.ts';

// Enough for any username; a longer paste is cut so the cookie stays far below 4 kB.
const USERNAME_KEPT = 100;
const failureSchema = z.object({ error: z.string().max(1000), username: z.string().max(USERNAME_KEPT) });
export type LoginFailure = z.infer<typeof failureSchema>;

const cookie = (context: AppLoadContext) =>
  createCookie('fso_login_failed', {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    secure: context.config.cookieSecure,
    maxAge: 60,
    secrets: [context.config.sessionSecret],
  });

/** Back to the login screen (keeping where to go after signing in) with the failure to show. */
export async function backToLogin(
  context: AppLoadContext,
  failure: LoginFailure,
  redirectTo: string | undefined,
): Promise<Response> {
  const next = safeRedirectTo(redirectTo, '');
  const location = next ? `/?redirectTo=${encodeURIComponent(next)}` : '/';
  return redirect(location, {
    headers: {
      'Set-Cookie': await cookie(context).serialize({ ...failure, username: failure.username.slice(0, USERNAME_KEPT) }),
    },
  });
}

/** The failure that brought this request here, if any, and the header that forgets it. */
export async function takeLoginFailure(
  request: Request,
  context: AppLoadContext,
): Promise<{ failure: LoginFailure; clear: string } | null> {
  const jar = cookie(context);
  const parsed = failureSchema.safeParse(await jar.parse(request.headers.get('Cookie')));
  return parsed.success ? { failure: parsed.data, clear: await jar.serialize('', { maxAge: 0 }) } : null;
}
