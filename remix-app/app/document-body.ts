/**
 * A rendered document's bytes, handed from entry.server.tsx to the Express handler
 * (server/remix-handler.ts) on the Response that Remix passes along unchanged, so the handler
 * sends them in one `res.end` with their length: no web stream is made for them and read back
 * chunk by chunk into a chunked answer. A global symbol, as the server build and the server each
 * have their own copy of this module.
 */
const BODY = Symbol.for('fso.document-body');

type WithBody = Response & { [BODY]?: Buffer };

/** A Response for `body`; only documentBody() reads its bytes (its own body is empty). */
export function documentResponse(body: Buffer, init: ResponseInit): Response {
  const response: WithBody = new Response(null, init);
  response[BODY] = body;
  return response;
}

export const documentBody = (response: Response): Buffer | undefined => (response as WithBody)[BODY];
