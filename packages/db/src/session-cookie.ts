/**
 * The session cookie: the session row's id, signed with HMAC-SHA256 so a forged or altered
 * value is rejected before any query. Read by the web server and by the socket handshake.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';

export const SESSION_COOKIE = 'fso_session';

const sign = (value: string, secret: string) => createHmac('sha256', secret).update(value).digest('base64url');

export function signSessionId(sessionId: string, secret: string): string {
  return `${sessionId}.${sign(sessionId, secret)}`;
}

/** The session id from a Cookie header, or null when absent or badly signed. */
export function readSessionId(cookieHeader: string | null | undefined, secret: string): string | null {
  if (!cookieHeader) return null;
  for (const part of cookieHeader.split(';')) {
    const [name, ...rest] = part.trim().split('=');
    if (name !== SESSION_COOKIE) continue;
    const value = decodeURIComponent(rest.join('='));
    const dot = value.lastIndexOf('.');
    if (dot <= 0) return null;
    const id = value.slice(0, dot);
    const given = Buffer.from(value.slice(dot + 1));
    const expected = Buffer.from(sign(id, secret));
    return given.length === expected.length && timingSafeEqual(given, expected) ? id : null;
  }
  return null;
}

export function sessionCookieHeader(value: string, opts: { secure: boolean; expires: Date }): string {
  const parts = [`${SESSION_COOKIE}=${encodeURIComponent(value)}`, 'Path=/', 'HttpOnly', 'SameSite=Lax', `Expires=${opts.expires.toUTCString()}`];
  if (opts.secure) parts.push('Secure');
  return parts.join('; ');
}

export function clearSessionCookieHeader(secure: boolean): string {
  return sessionCookieHeader('', { secure, expires: new Date(0) });
}
