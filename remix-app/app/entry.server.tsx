/**
 * Server rendering with the CSP nonce: every inline script React or Remix writes carries this
 * request's nonce. The page is rendered whole and sent in one piece: no route suspends, so a
 * stream would only split the same bytes into many small writes. Errors are logged with the
 * request's id.
 */
import { Writable } from 'node:stream';
import type { AppLoadContext, EntryContext, HandleErrorFunction } from '@remix-run/node';
import { RemixServer } from '@remix-run/react';
import { renderToPipeableStream } from 'react-dom/server';
import { NonceContext } from './nonce.ts';

const ABORT_DELAY = 5_000;

export default function handleRequest(request: Request, status: number, headers: Headers, remixContext: EntryContext, context: AppLoadContext) {
  const nonce = context.cspNonce;
  return new Promise<Response>((resolve, reject) => {
    let shellRendered = false;
    const chunks: Buffer[] = [];
    const page = new Writable({
      write(chunk: Buffer, _encoding, done) {
        chunks.push(chunk);
        done();
      },
      final(done) {
        clearTimeout(timer);
        headers.set('Content-Type', 'text/html; charset=utf-8');
        resolve(new Response(Buffer.concat(chunks), { headers, status }));
        done();
      },
    });
    const { pipe, abort } = renderToPipeableStream(
      <NonceContext.Provider value={nonce}>
        <RemixServer context={remixContext} url={request.url} abortDelay={ABORT_DELAY} nonce={nonce} />
      </NonceContext.Provider>,
      {
        nonce,
        onShellReady: () => (shellRendered = true),
        onAllReady: () => pipe(page),
        onShellError(error: unknown) {
          clearTimeout(timer);
          reject(error);
        },
        onError(error: unknown) {
          status = 500;
          // Errors before the shell reject and are logged by handleError.
          if (shellRendered) context.log.error({ err: error }, 'render failed');
        },
      },
    );
    const timer = setTimeout(abort, ABORT_DELAY);
  });
}

export const handleError: HandleErrorFunction = (error, { request, context }) => {
  if (request.signal.aborted) return;
  context.log.error({ err: error }, 'request failed');
};
