/**
 * Cross-site request forgery guard (docs/decisions/0012-csrf-origin-check.md, 0016): a request
 * that can change something (any method but GET, HEAD, OPTIONS), and every Socket.IO handshake
 * (polling or websocket), is refused when a browser says it comes from another origin, unless
 * that origin is one of CORS_ORIGINS. The browser's word is, in order: Sec-Fetch-Site, then
 * Origin, then Referer, compared with the site's own origin, scheme included. A request with
 * none of them is not from a browser page and passes (it can only carry cookies its own client
 * chose to send). The rule itself is @fso/platform's (origin.ts), shared with the realtime handshake.
 */
import type { NextFunction, Request, Response } from 'express';
import { crossSiteRefusal, siteOrigin } from '@fso/platform';
import { MSG } from '@fso/shared';
import { logOf } from './logging.ts';

export function csrfGuard(trustedOrigins: readonly string[]) {
  return (req: Request, res: Response, next: NextFunction) => {
    const refusal = crossSiteRefusal(req.method, req.headers, trustedOrigins, siteOrigin(req));
    if (!refusal) return next();
    logOf(res).info({ refusal }, 'cross-site request refused');
    res.status(403).type('text/plain').send(MSG.crossSiteRefused);
  };
}
