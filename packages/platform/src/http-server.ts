/**
 * The HTTP server of every process that serves HTTP (the web server, a realtime instance, the
 * metrics port): Node's, with time limits no real client meets. A request must arrive whole within
 * 30 s (a 100 kB body takes well under a second even on a slow phone connection) and its headers
 * within 10 s; past that Node answers 408 and closes the connection, so a client dribbling bytes
 * holds a connection for 30 s, not Node's default 300 s. What comes after the request (a long
 * poll's wait, a websocket after its upgrade, a slow answer) is not limited by these.
 */
import { createServer, type RequestListener, type Server } from 'node:http';

export const REQUEST_TIME_LIMITS = {
  requestTimeout: 30_000,
  headersTimeout: 10_000,
  /** How often Node looks for requests past their limit: a late one is cut within this much. */
  connectionsCheckingInterval: 5_000,
} as const;

export const createHttpServer = (listener?: RequestListener): Server => createServer(REQUEST_TIME_LIMITS, listener);
