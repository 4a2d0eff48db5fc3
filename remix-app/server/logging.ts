/**
 * Request logs over the JSON logger (@fso/platform): one line per request with its id, method, path, status and
 * duration, and a child logger per request (`res.locals.log`, handed to loaders as
 * `context.log`) so everything logged while serving it carries the same id. The id comes from
 * a well-formed incoming X-Request-Id (a proxy's) or is made here, and is sent back in
 * X-Request-Id. Never logged: query strings, headers, cookies, bodies.
 */
import { randomUUID } from 'node:crypto';
import type { NextFunction, Request, Response } from 'express';
import type { Logger } from '@fso/platform';

const REQUEST_ID = /^[\w.:-]{1,100}$/;
/** Polled every few seconds by the platform: logged only at debug level. */
const QUIET = new Set(['/healthz', '/livez', '/metrics']);

/** The request's own logger (set by requestLogging). */
export const logOf = (res: Response): Logger => res.locals.log as Logger;

export function requestLogging(logger: Logger) {
  return (req: Request, res: Response, next: NextFunction) => {
    const incoming = req.headers['x-request-id'];
    const reqId = typeof incoming === 'string' && REQUEST_ID.test(incoming) ? incoming : randomUUID();
    const log = logger.child({ reqId });
    res.locals.log = log;
    res.setHeader('X-Request-Id', reqId);
    const started = process.hrtime.bigint();
    res.on('close', () => {
      const ms = Number(process.hrtime.bigint() - started) / 1e6;
      const fields = {
        method: req.method,
        path: req.path,
        status: res.statusCode,
        ms: Math.round(ms * 10) / 10,
        aborted: !res.writableFinished || undefined,
      };
      log[res.statusCode >= 500 ? 'warn' : QUIET.has(req.path) ? 'debug' : 'info'](fields, 'request');
    });
    next();
  };
}
