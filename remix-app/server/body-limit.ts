/**
 * Request bodies at the edge: every body the server reads is counted while it streams in and
 * refused with 413 the moment it passes MAX_BODY_BYTES, whatever Content-Length says (a
 * chunked body says nothing). Nothing past the limit is kept: the rest is read into nothing
 * for a moment, then the connection is cut.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { Transform, type TransformCallback } from 'node:stream';
import type { NextFunction, Request, Response } from 'express';
import { MAX_BODY_BYTES, MSG } from '@fso/shared';

/** How long the rest of a refused body is read into nothing before the connection is cut. */
export const DRAIN_MS = 2000;

/**
 * Answers 413 (if nothing was answered yet) and reads the rest of the body into nothing, so
 * the client, still sending, reads the answer instead of a reset; one still sending after
 * DRAIN_MS is cut off.
 */
export function refuseTooLarge(req: IncomingMessage, res: ServerResponse): void {
  if (!res.headersSent) res.writeHead(413, { 'Content-Type': 'text/plain; charset=utf-8' }).end(MSG.bodyTooLarge);
  const cut = setTimeout(() => req.socket.destroy(), DRAIN_MS).unref();
  req.once('end', () => clearTimeout(cut)).resume();
}

/** A pass-through that fails with `TooLarge` once more than `limit` bytes went through it. */
export class ByteLimit extends Transform {
  private seen = 0;
  constructor(private readonly limit = MAX_BODY_BYTES) {
    super();
  }
  override _transform(chunk: Buffer, _encoding: BufferEncoding, done: TransformCallback): void {
    this.seen += chunk.length;
    if (this.seen > this.limit) return done(new TooLarge());
    done(null, chunk);
  }
}

export class TooLarge extends Error {
  constructor() {
    super(MSG.bodyTooLarge);
  }
}

/**
 * Express middleware: reads the body of any request but GET and HEAD, up to `limit` bytes,
 * into `res.locals.body` (a Buffer) before the app sees it; past the limit, 413.
 */
export function bodyLimit(limit = MAX_BODY_BYTES) {
  return (req: Request, res: Response, next: NextFunction) => {
    if (req.method === 'GET' || req.method === 'HEAD') return next();
    if (Number(req.headers['content-length'] ?? 0) > limit) return refuseTooLarge(req, res);
    const chunks: Buffer[] = [];
    let size = 0;
    const onData = (chunk: Buffer) => {
      size += chunk.length;
      if (size <= limit) return void chunks.push(chunk);
      req.off('data', onData).off('end', onEnd);
      chunks.length = 0;
      refuseTooLarge(req, res);
    };
    const onEnd = () => {
      res.locals.body = Buffer.concat(chunks);
      next();
    };
    req.on('data', onData).on('end', onEnd);
  };
}
