/**
 * Whether a browser says a request comes from this site (docs/decisions/0012-csrf-origin-check.md,
 * 0016): the browser's word is, in order, Sec-Fetch-Site, then Origin, then Referer, compared
 * with the site's own origin, scheme included; origins in CORS_ORIGINS are trusted. Used by the
 * web server's CSRF guard and by the realtime service for every Socket.IO handshake.
 */
import type { IncomingHttpHeaders, IncomingMessage } from 'node:http';
import type { TLSSocket } from 'node:tls';

const SAFE = new Set(['GET', 'HEAD', 'OPTIONS']);

const originOf = (url: string): string | null => (URL.canParse(url) ? new URL(url).origin : null);
const first = (value: string | string[] | undefined) =>
  (Array.isArray(value) ? value[0] : value)?.split(',')[0]?.trim() || undefined;

/**
 * The origin the browser sees this site at. A proxy in front (TLS terminated by the platform,
 * the split-mode socket relay) says so in X-Forwarded-Proto / X-Forwarded-Host; a browser page
 * can set neither on a cross-origin request (a custom header needs a CORS preflight that only
 * CORS_ORIGINS pass, and a websocket handshake carries none), so they are believed here.
 */
export function siteOrigin(req: Pick<IncomingMessage, 'headers' | 'socket'>): string {
  const scheme = first(req.headers['x-forwarded-proto']) ?? ((req.socket as TLSSocket).encrypted ? 'https' : 'http');
  return `${scheme}://${first(req.headers['x-forwarded-host']) ?? req.headers.host}`;
}

type BrowserHeaders = Pick<IncomingHttpHeaders, 'origin' | 'referer' | 'sec-fetch-site'>;

/** Null when a browser says the request comes from `site` or a trusted origin (or says nothing), else why not. */
export function originRefusal(headers: BrowserHeaders, trustedOrigins: readonly string[], site: string): string | null {
  const { origin, referer } = headers;
  if (origin && trustedOrigins.includes(origin)) return null;
  const fetchSite = headers['sec-fetch-site'];
  if (fetchSite) return fetchSite === 'same-origin' || fetchSite === 'none' ? null : `Sec-Fetch-Site ${fetchSite}`;
  if (origin) return originOf(origin) === site ? null : `Origin ${origin}`;
  if (referer) return originOf(referer) === site ? null : 'Referer from another origin';
  return null;
}

/** Null when the request may proceed, else why it is refused (for the log). */
export function crossSiteRefusal(
  method: string,
  headers: BrowserHeaders,
  trustedOrigins: readonly string[],
  site: string,
): string | null {
  return SAFE.has(method) ? null : originRefusal(headers, trustedOrigins, site);
}

/** The same rule for Socket.IO handshakes (the realtime service's `refuseHandshake`). */
export const handshakeRefusal = (trustedOrigins: readonly string[]) => (req: IncomingMessage) =>
  originRefusal(req.headers, trustedOrigins, siteOrigin(req));
