/**
 * Server rendering (Remix's default for Node, plus the CSP nonce): bots get the whole page at
 * once, browsers a stream. Every inline script React or Remix writes carries this request's
 * nonce, and errors are logged with the request's id.
 */
import { PassThrough } from 'node:stream';
import { createReadableStreamFromReadable, type AppLoadContext, type EntryContext, type HandleErrorFunction } from '@remix-run/node';
import { RemixServer } from '@remix-run/react';
import { isbot } from 'isbot';
import { renderToPipeableStream } from 'react-dom/server';
import { NonceContext } from './nonce.ts';

const ABORT_DELAY = 5_000;

export default function handleRequest(request: Request, status: number, headers: Headers, remixContext: EntryContext, context: AppLoadContext) {
  const nonce = context.cspNonce;
  const readyEvent = isbot(request.headers.get('user-agent') ?? '') ? 'onAllReady' : 'onShellReady';
  return new Promise<Response>((resolve, reject) => {
    let shellRendered = false;
    const { pipe, abort } = renderToPipeableStream(
      <NonceContext.Provider value={nonce}>
        <RemixServer context={remixContext} url={request.url} abortDelay={ABORT_DELAY} nonce={nonce} />
      </NonceContext.Provider>,
      {
        nonce,
        [readyEvent]() {
          shellRendered = true;
          const body = new PassThrough();
          headers.set('Content-Type', 'text/html');
          resolve(new Response(createReadableStreamFromReadable(body), { headers, status }));
          pipe(body);
        },
        onShellError: reject,
        onError(error: unknown) {
          status = 500;
          // Errors before the shell reject and are logged by handleError.
          if (shellRendered) context.log.error({ err: error }, 'render failed');
        },
      },
    );
    setTimeout(abort, ABORT_DELAY);
  });
}

export const handleError: HandleErrorFunction = (error, { request, context }) => {
  if (request.signal.aborted) return;
  context.log.error({ err: error }, 'request failed');
};
