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
 * A document's UTF-8 bytes, from the pieces React handed over (strings; bytes are copied as they
 * are). React's text is joined from ~1,500 small pieces, and the patched React hands it over in
 * pieces of ~16k characters (patches/react-dom+18.3.1.patch): encoding flattens each, and a
 * flat string of over 128 kB (64k characters once one is outside Latin-1, as on every page with
 * the menu's icons) is made in V8's large-object space, at ~0.7 ms a time against ~0.04 for a
 * smaller one (0076). `Buffer.from` would measure each string's UTF-8 length first, slowly (0062);
 * here each is encoded straight into one buffer a quarter longer than the text, which holds it
 * unless the page is mostly non-ASCII text; what does not fit is then encoded apart.
 */
export function documentBytes(pieces: readonly (string | Uint8Array)[]): Buffer {
  let length = 0;
  for (const piece of pieces) length += piece.length;
  const bytes = Buffer.allocUnsafe(length + (length >> 2));
  let at = 0;
  for (let i = 0; i < pieces.length; i++) {
    const piece = pieces[i]!;
    if (typeof piece === 'string') {
      const { read, written } = encoder.encodeInto(piece, bytes.subarray(at));
      at += written;
      if (read < piece.length) return overflow(bytes.subarray(0, at), [piece.slice(read), ...pieces.slice(i + 1)]);
    } else if (at + piece.length <= bytes.length) {
      bytes.set(piece, at);
      at += piece.length;
    } else return overflow(bytes.subarray(0, at), pieces.slice(i));
  }
  return bytes.subarray(0, at);
}

/** The bytes encoded so far, then the rest encoded apart: only for pages mostly outside ASCII. */
const overflow = (head: Buffer, rest: readonly (string | Uint8Array)[]) =>
  Buffer.concat([head, ...rest.map((piece) => (typeof piece === 'string' ? Buffer.from(piece) : piece))]);
