/** Size limits the web server and the realtime service share. */

/** The one cap on a request body: REST JSON, screen forms, Socket.IO polling and messages. */
export const MAX_BODY_BYTES = 100_000;
