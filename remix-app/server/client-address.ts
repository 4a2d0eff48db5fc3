/**
 * The client's address, which every per-address rate limit counts (TRUST_PROXY, config.ts).
 * Behind N proxies that each append the address they saw to X-Forwarded-For, the client is the
 * N-th entry from the right (Express's numeric `trust proxy`); whatever a client writes into the
 * header itself sits further left and is never read. Behind a proxy that sets a header of its own
 * to the client's address (Fly-Client-IP), that header, when it holds an address. Without a
 * proxy, the connection's own address. Express's `trust proxy` is set to the same hop count
 * (app.ts), so `req.protocol` too reads only what those proxies added.
 */
import { isIP } from 'node:net';
import type { Request } from 'express';
import type { TrustProxy } from '@fso/platform';

export function clientAddress(req: Request, trust: TrustProxy): string {
  if ('header' in trust) {
    const value = req.headers[trust.header];
    if (typeof value === 'string' && isIP(value.trim())) return value.trim();
    return req.socket.remoteAddress ?? 'unknown';
  }
  return req.ip ?? 'unknown';
}
