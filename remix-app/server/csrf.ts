/**
 * Cross-site request forgery guard (docs/decisions/0012-csrf-origin-check.md): a request that can change
 * something (any method but GET, HEAD, OPTIONS) is refused with 403 when a browser says it
 * comes from another origin, unless that origin is one of CORS_ORIGINS. The browser's word is,
 * in order: Sec-Fetch-Site, then Origin, then Referer. A request with none of them is not from
 * a browser page and passes (it can only carry cookies its own client chose to send).
 */
import type { NextFunction, Request, Response } from 'express';
import { MSG } from '@fso/shared';
import { logOf } from './logging.ts';

const SAFE = new Set(['GET', 'HEAD', 'OPTIONS']);

const hostOf = (url: string): string | null => {
  try {
    return new URL(url).host;
  } catch {
    return null;
  }
};

/** Null when the request may proceed, else why it is refused (for the log). */
export function crossSiteRefusal(
  method: string,
  headers: { host?: string; origin?: string; referer?: string; 'sec-fetch-site'?: string },
  trustedOrigins: readonly string[],
): string | null {
  if (SAFE.has(method)) return null;
  const { origin, referer, host } = headers;
  if (origin && trustedOrigins.includes(origin)) return null;
  const site = headers['sec-fetch-site'];
  if (site) return site === 'same-origin' || site === 'none' ? null : `Sec-Fetch-Site ${site}`;
  if (origin) return hostOf(origin) === host ? null : `Origin ${origin}`;
  if (referer) return hostOf(referer) === host ? null : 'Referer from another host';
  return null;
}

export function csrfGuard(trustedOrigins: readonly string[]) {
  return (req: Request, res: Response, next: NextFunction) => {
    const refusal = crossSiteRefusal(req.method, req.headers, trustedOrigins);
    if (!refusal) return next();
    logOf(res).info({ refusal }, 'cross-site request refused');
    res.status(403).type('text/plain').send(MSG.crossSiteRefused);
  };
}
