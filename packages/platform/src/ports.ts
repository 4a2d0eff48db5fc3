/**
 * The ports of packages/core a process builds once, at boot (boot.ts), alike for the web
 * process, the realtime process and the single process: the database, the clock, the rate
 * limiter, which is one per process since it remembers refusals in memory, the key of mailed links, and the post renderer
 * (its thread starts when a post is first rendered, so a process that renders none has none). Each transport adds
 * what only it knows: the events publisher once its sockets exist, natural-language search (web)
 * and, per request, the request's logger.
 */
import { createLimiter, createPostRenderer, mailKey, type Ports } from '@fso/core';
import type { Database } from '@fso/db';

export type ProcessPorts = Pick<Ports, 'db' | 'clock' | 'limiter' | 'renderer' | 'mailKey'>;

export function buildPorts(
  database: Database,
  config: { rateLimitFactor: number; sessionSecret: string },
): ProcessPorts {
  return {
    db: database.db,
    clock: () => new Date(),
    limiter: createLimiter({ db: database.db, factor: config.rateLimitFactor }),
    renderer: createPostRenderer(),
    mailKey: mailKey(config.sessionSecret),
  };
}
