/**
 * The account link a person is asked to confirm: after an external sign-in whose verified email
 * belongs to an existing account, this signed, httpOnly, ten-minute cookie carries who signed in
 * and which account they may link to, until they confirm or cancel on /auth/link.
 */
import type { AppLoadContext } from '@remix-run/node';
import { cookieHeader, readCookie, signValue, verifySignedValue } from '@fso/db';
import { z } from 'zod';

const COOKIE = 'fso_oauth_link';
const TTL_MS = 10 * 60 * 1000;

const pendingLinkSchema = z.object({
  provider: z.string(),
  subject: z.string(),
  email: z.string(),
  userId: z.number().int(),
  username: z.string(),
  expiresAt: z.number(),
});

export type PendingLink = z.infer<typeof pendingLinkSchema>;

export function pendingLinkCookie(
  context: AppLoadContext,
  link: Omit<PendingLink, 'expiresAt'>,
  now = Date.now(),
): string {
  const value = Buffer.from(JSON.stringify({ ...link, expiresAt: now + TTL_MS })).toString('base64url');
  return cookieHeader(COOKIE, signValue(value, context.config.sessionSecret), {
    secure: context.config.cookieSecure,
    expires: new Date(now + TTL_MS),
  });
}

export function readPendingLink(request: Request, context: AppLoadContext, now = Date.now()): PendingLink | null {
  const signed = readCookie(request.headers.get('Cookie'), COOKIE);
  const value = signed === null ? null : verifySignedValue(signed, context.config.sessionSecret);
  if (value === null) return null;
  let json: unknown;
  try {
    json = JSON.parse(Buffer.from(value, 'base64url').toString('utf8'));
  } catch {
    return null;
  }
  const parsed = pendingLinkSchema.safeParse(json);
  return parsed.success && parsed.data.expiresAt > now ? parsed.data : null;
}

export const clearPendingLinkCookie = (context: AppLoadContext) =>
  cookieHeader(COOKIE, '', { secure: context.config.cookieSecure, expires: new Date(0) });
