/**
 * The session cookie: the session row's id, signed with HMAC-SHA256 so a forged or altered
 * value is rejected before any query. Read by the web server and by the socket handshake.
 * The same signing and cookie helpers serve the other short-lived server cookies.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';

export const SESSION_COOKIE = 'fso_session';

const sign = (value: string, secret: string) => createHmac('sha256', secret).update(value).digest('base64url');

/** `value.signature`; also used for other short-lived server cookies (pending account links). */
export function signValue(value: string, secret: string): string {
  return `${value}.${sign(value, secret)}`;
}

/** The value inside a `signValue` result, or null when the signature does not match. */
export function verifySignedValue(signed: string, secret: string): string | null {
  const dot = signed.lastIndexOf('.');
  if (dot <= 0) return null;
  const value = signed.slice(0, dot);
  const given = Buffer.from(signed.slice(dot + 1));
  const expected = Buffer.from(sign(value, secret));
  return given.length === expected.length && timingSafeEqual(given, expected) ? value : null;
}

export const signSessionId = signValue;

/** One cookie's decoded value from a Cookie header, or null when absent. */
export function readCookie(cookieHeader: string | null | undefined, cookieName: string): string | null {
  if (!cookieHeader) return null;
  for (const part of cookieHeader.split(';')) {
    const [name, ...rest] = part.trim().split('=');
    if (name !== cookieName) continue;
    // A value that is not valid %-encoding was never set by us: as good as absent.
    try {
      return decodeURIComponent(rest.join('='));
    } catch {
      return null;
    }
  }
  return null;
}

/** The session id from a Cookie header, or null when absent or badly signed. */
export function readSessionId(cookieHeader: string | null | undefined, secret: string): string | null {
  const value = readCookie(cookieHeader, SESSION_COOKIE);
  return value === null ? null : verifySignedValue(value, secret);
}

/** A Set-Cookie value: httpOnly, SameSite=Lax, whole site, Secure when asked. */
export function cookieHeader(name: string, value: string, opts: { secure: boolean; expires: Date }): string {
  const parts = [
    `${name}=${encodeURIComponent(value)}`,
    'Path=/',
    'HttpOnly',
    'SameSite=Lax',
    `Expires=${opts.expires.toUTCString()}`,
  ];
  if (opts.secure) parts.push('Secure');
  return parts.join('; ');
}

export const sessionCookieHeader = (value: string, opts: { secure: boolean; expires: Date }) =>
  cookieHeader(SESSION_COOKIE, value, opts);

export function clearSessionCookieHeader(secure: boolean): string {
  return sessionCookieHeader('', { secure, expires: new Date(0) });
}
