/**
 * The reader's theme cookie: read on every document request so the server writes the chosen
 * theme on <html> before the first byte (no flash), and written by POST /theme.
 */
import { createCookie, type AppLoadContext } from '@remix-run/node';
import { themeSchema, type Theme } from '@fso/shared';

const YEAR = 60 * 60 * 24 * 365;
const cookie = (secure: boolean) =>
  createCookie('theme', { path: '/', sameSite: 'lax', httpOnly: true, secure, maxAge: YEAR });

export async function themeOf(request: Request): Promise<Theme | null> {
  const parsed = themeSchema.safeParse(await cookie(false).parse(request.headers.get('Cookie')));
  return parsed.success ? parsed.data : null;
}

export const themeCookieHeader = (context: AppLoadContext, theme: Theme) =>
  cookie(context.config.cookieSecure).serialize(theme);
