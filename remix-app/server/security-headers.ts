/**
 * Security headers on every response (docs/decisions/0011-content-security-policy.md): a
 * Content-Security-Policy whose only inline scripts are the ones carrying this request's nonce
 * (Remix's hydration scripts; the nonce reaches them through the load context), no framing,
 * forms posting only to this site (and the sign-in providers it redirects them to), a referrer
 * policy, nosniff, and HSTS in production.
 */
import { randomBytes } from 'node:crypto';
import type { NextFunction, Request, Response } from 'express';

/** The per-request nonce, kept in `res.locals` for the load context. */
export const nonceOf = (res: Response): string => res.locals.cspNonce as string;

/**
 * `formOrigins`: where a form of ours may end up besides our own routes. The sign-in buttons post to
 * /auth/:provider, which redirects to the provider's authorize page, and a browser holds that redirect
 * to `form-action` too: the configured providers' origins are listed, nothing else.
 */
export function contentSecurityPolicy(nonce: string, dev = false, formOrigins: readonly string[] = []): string {
  return [
    "default-src 'self'",
    `script-src 'self' 'nonce-${nonce}'`,
    // Vite injects <style> tags while developing; the production build links stylesheets only.
    `style-src 'self'${dev ? " 'unsafe-inline'" : ''}`,
    // Imported posts show images from any https host (the sanitizer allows no other scheme).
    "img-src 'self' data: https:",
    "font-src 'self'",
    // 'self' covers the page's own ws:/wss: origin (Socket.IO); development adds Vite's HMR socket.
    `connect-src 'self'${dev ? ' ws: wss:' : ''}`,
    "object-src 'none'",
    "base-uri 'self'",
    // Forms post only to this site (and through its sign-in redirects, to the providers it is configured with).
    ["form-action 'self'", ...formOrigins].join(' '),
    "frame-ancestors 'none'",
  ].join('; ');
}

export function securityHeaders(opts: { production: boolean; dev?: boolean; formOrigins?: readonly string[] }) {
  return (_req: Request, res: Response, next: NextFunction) => {
    const nonce = randomBytes(16).toString('base64');
    res.locals.cspNonce = nonce;
    res.setHeader('Content-Security-Policy', contentSecurityPolicy(nonce, opts.dev, opts.formOrigins));
    res.setHeader('Referrer-Policy', 'strict-origin-when-cross-origin');
    res.setHeader('X-Content-Type-Options', 'nosniff');
    res.setHeader('X-Frame-Options', 'DENY');
    if (opts.production) res.setHeader('Strict-Transport-Security', 'max-age=31536000; includeSubDomains');
    next();
  };
}
