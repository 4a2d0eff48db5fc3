/**
 * The Remix request handler for Express (as @remix-run/express builds it), with three additions:
 * the body is the one body-limit.ts has already read (counted, never past MAX_BODY_BYTES); an
 * answer to a signed-in request (or one that signs in) is `Cache-Control: private, no-store`
 * unless its route chose otherwise, so no cache keeps anyone's chats, messages or profile
 * (docs/decisions/0017); and a request that fails (5xx) because the database is away or its
 * connection was cut (a restart) gets 503 with Retry-After and a clear text instead of an error
 * page (docs/deploy.md), one whose account was deleted under it 401 (platform's failureOfError). A rendered document (app/document-body.ts) is sent in one `res.end`
 * with its Content-Length; other responses are streamed as Remix's own glue does.
 */
import { createRequestHandler, type AppLoadContext, type ServerBuild } from '@remix-run/node';
// Remix's own Express glue; its package exposes these two only from this file.
import { createRemixRequest, sendRemixResponse } from '@remix-run/express/dist/server.js';
import type { NextFunction, Request, Response } from 'express';
import { databaseReachable, readCookie, SESSION_COOKIE, type Database } from '@fso/db';
import { DATABASE_AWAY, failureOfError } from '@fso/platform';
import { documentBody } from '../app/document-body.ts';
import { failureResponse } from '../app/services/respond.server.ts';

/** Whether the answer may be about one user: the request carries the session cookie, or the answer sets a cookie. */
const isPersonal = (req: Request, response: globalThis.Response) =>
  readCookie(req.headers.cookie, SESSION_COOKIE) !== null || response.headers.has('Set-Cookie');

/** What sendRemixResponse does for a body already in memory: status, headers, then the bytes in one write. */
function sendDocument(res: Response, response: globalThis.Response, body: Buffer) {
  res.statusMessage = response.statusText;
  res.status(response.status);
  for (const [key, value] of response.headers.entries()) res.append(key, value);
  res.setHeader('Content-Length', body.length);
  res.end(body);
}

export function remixHandler(opts: {
  build: ServerBuild | (() => Promise<ServerBuild>);
  mode: 'development' | 'production';
  database: Database;
  getLoadContext: (req: Request, res: Response) => AppLoadContext;
}) {
  const handle = createRequestHandler(opts.build, opts.mode);
  const serve = async (req: Request, res: Response) => {
    const request = createRemixRequest(req, res);
    const body = res.locals.body as Buffer | undefined;
    const context = opts.getLoadContext(req, res);
    let response = await handle(body ? new Request(request, { body: new Uint8Array(body) }) : request, context);
    if (response.status >= 500) {
      const known = context.thrown.map(failureOfError).find((failure) => failure !== null);
      const failure = known ?? ((await databaseReachable(opts.database)) ? null : DATABASE_AWAY);
      if (failure) {
        await response.body?.cancel();
        response = failureResponse(failure);
      }
    }
    if (isPersonal(req, response) && !response.headers.has('Cache-Control'))
      res.setHeader('Cache-Control', 'private, no-store');
    const document = documentBody(response);
    if (document) sendDocument(res, response, document);
    else await sendRemixResponse(res, response);
  };
  // Express 4 ignores a handler's promise: a failure goes to its error handler.
  return (req: Request, res: Response, next: NextFunction) => {
    serve(req, res).catch(next);
  };
}
