/**
 * Requests no route could serve are answered here, before the app, with a 4xx and a plain
 * text: an HTTP method the site does not use (TRACE, …) → 405; a NUL (`%00`) anywhere in the
 * path or query → 400 (PostgreSQL text cannot hold it); a malformed %-escape in the path →
 * 400. And whatever error still escapes a handler is answered as plain text, never as a stack
 * trace, in every mode.
 */
import type { NextFunction, Request, Response } from 'express';
import { MSG } from '@fso/shared';
import { logOf } from './logging.ts';

const METHODS = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'];

/** Whether a path's %-escapes all decode. */
export const decodes = (path: string) => {
  try {
    decodeURIComponent(path);
    return true;
  } catch {
    return false;
  }
};

const refuse = (res: Response, status: number, text: string) => void res.status(status).type('text/plain').send(text);

export function requestShape() {
  return (req: Request, res: Response, next: NextFunction) => {
    if (!METHODS.includes(req.method)) return refuse(res.set('Allow', METHODS.join(', ')), 405, MSG.methodUnsupported);
    const url = req.originalUrl;
    if (url.includes('\0') || /%00/i.test(url)) return refuse(res, 400, MSG.nulInAddress);
    if (!decodes(url.split('?')[0]!)) return refuse(res, 400, MSG.badAddress);
    next();
  };
}

/** Express's last error handler: the error's own 4xx status with a plain text, else a logged 500. */
export function plainErrors() {
  return (error: unknown, _req: Request, res: Response, next: NextFunction) => {
    if (res.headersSent) return next(error);
    const status = (error as { status?: unknown }).status ?? (error as { statusCode?: unknown }).statusCode;
    if (typeof status === 'number' && status >= 400 && status < 500)
      return refuse(res, status, status === 413 ? MSG.bodyTooLarge : MSG.badRequest);
    logOf(res).error({ err: error }, 'request failed');
    refuse(res, 500, MSG.serverError);
  };
}
