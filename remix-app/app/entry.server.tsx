/**
 * Server rendering with the CSP nonce: every inline script React or Remix writes carries this
 * request's nonce; what loaders kept for the render only (render-only.ts) is given to it. The
 * page is rendered whole and sent in one piece: no route suspends, so a stream would only split
 * the same bytes into many small writes. React writes into a plain collector (what its `pipe`
 * uses of a Node stream: write, end, destroy, on), not a Writable, whose per-chunk bookkeeping
 * cost more than the copy; with React's server build patched (patches/react-dom+18.3.1.patch) it
 * hands over its text as strings of ~16k characters, encoded here into one buffer. The bytes
 * leave through document-body.ts. Errors are logged with the request's id.
 */
import type { AppLoadContext, EntryContext, HandleDataRequestFunction, HandleErrorFunction } from '@remix-run/node';
import { RemixServer } from '@remix-run/react';
import { renderToPipeableStream } from 'react-dom/server';
import { failureOfError } from '@fso/platform';
import { documentBytes, documentResponse } from './document-body.ts';
import { NonceContext } from './nonce.ts';
import { RenderOnlyContext } from './render-only.ts';
import { quietRefusal } from './services/actions.server.ts';

const NOTHING_KEPT = new Map<string, unknown>();

const ABORT_DELAY = 5_000;

export default function handleRequest(
  request: Request,
  status: number,
  headers: Headers,
  remixContext: EntryContext,
  context: AppLoadContext,
) {
  const nonce = context.cspNonce;
  return new Promise<Response>((resolve, reject) => {
    let shellRendered = false;
    // Strings: React's server build is patched (patches/) to hand over its text unencoded, in pieces.
    const chunks: (string | Uint8Array)[] = [];
    const page = {
      write(chunk: string | Uint8Array) {
        chunks.push(chunk);
        return true;
      },
      end() {
        clearTimeout(timer);
        headers.set('Content-Type', 'text/html; charset=utf-8');
        resolve(documentResponse(documentBytes(chunks), { headers, status }));
      },
      destroy(error: unknown) {
        clearTimeout(timer);
        reject(error);
      },
      on() {
        return page;
      },
    };
    const { pipe, abort } = renderToPipeableStream(
      <NonceContext.Provider value={nonce}>
        <RenderOnlyContext.Provider value={context.renderOnly ?? NOTHING_KEPT}>
          <RemixServer context={remixContext} url={request.url} abortDelay={ABORT_DELAY} nonce={nonce} />
        </RenderOnlyContext.Provider>
      </NonceContext.Provider>,
      {
        nonce,
        onShellReady: () => (shellRendered = true),
        // A collector, not a stream: React uses no more of one than these four methods.
        onAllReady: () => pipe(page as unknown as NodeJS.WritableStream),
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
  context.thrown.push(error);
  // The database away or an account deleted under the request is answered 503 / 401, not a bug.
  if (failureOfError(error)) context.log.warn({ err: error }, 'request failed on the database');
  else context.log.error({ err: error }, 'request failed');
};

/** A refused form submitted by script is answered 200 with its status in the reply (services/actions.server.ts). */
export const handleDataRequest: HandleDataRequestFunction = (response, { request }) => quietRefusal(response, request);
