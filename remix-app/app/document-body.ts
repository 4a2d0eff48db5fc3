/**
 * A rendered document's bytes, made from React's text, and handed from entry.server.tsx to the Express handler
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

const encoder = new TextEncoder();

/**
 * A document's UTF-8 bytes. React's text is a string joined from ~1,500 pieces, whose UTF-8
 * length `Buffer.from` measures first, slowly (about half its time on a question page, 0062);
 * here the text is encoded straight into a buffer a quarter longer than it, which holds it unless
 * the page is mostly non-ASCII text; the rest is then encoded apart.
 */
export function documentBytes(text: string): Buffer {
  const bytes = Buffer.allocUnsafe(text.length + (text.length >> 2));
  const { read, written } = encoder.encodeInto(text, bytes);
  const head = bytes.subarray(0, written);
  return read === text.length ? head : Buffer.concat([head, Buffer.from(text.slice(read))]);
}
