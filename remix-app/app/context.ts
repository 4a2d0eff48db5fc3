/** What the Express server hands every loader and action (see server/app.ts). */
import type { Ports } from '@fso/core';
import type { Database } from '@fso/db';
import type { Config, Logger } from '@fso/platform';

export interface AppContext {
  database: Database;
  config: Config;
  clientIp: string;
  /** This request's logger (its lines carry the request id). */
  log: Logger;
  /** This response's Content-Security-Policy nonce, for Remix's inline scripts. */
  cspNonce: string;
  /** What the use cases of @fso/core reach: the process's ports, built once (platform's ports.ts), the same object for every request. */
  ports: Ports;
  /** For a request for a whole document, what loaders keep for its server render only (render-only.ts); absent for data requests. */
  renderOnly?: Map<string, unknown> | null;
  /** What this request's loaders and actions threw (entry.server's handleError keeps it), for server/remix-handler.ts to answer. */
  thrown: unknown[];
}

declare module '@remix-run/server-runtime' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type
  interface AppLoadContext extends AppContext {}
}
