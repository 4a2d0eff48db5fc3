/**
 * The realtime service as this site runs it — every feature, identity from the session
 * cookie — either attached to the web server (embedded mode) or, in split mode, alone on its
 * own port with a health check and a cluster adapter.
 */
import { createServer, type Server } from 'node:http';
import type { Database } from '@fso/db';
import { chatHandlers, createRealtimeServer, gameHandlers, sessionResolver, type RealtimeDeps, type RealtimeServer } from '@fso/realtime';
import { scaledCount, SOCKET_EVENT_LIMIT } from '@fso/shared';
import type { Config } from './config.ts';
import { handshakeRefusal } from './csrf.ts';
import { healthAnswer, watchDatabase } from './health.ts';
import type { Logger } from './logging.ts';

export function attachRealtime(httpServer: Server, config: Config, database: Database, adapter?: RealtimeDeps['adapter']): RealtimeServer {
  return createRealtimeServer(httpServer, {
    corsOrigins: config.corsOrigins,
    refuseHandshake: handshakeRefusal(config.corsOrigins),
    features: [chatHandlers(database), gameHandlers(database)],
    resolveSession: sessionResolver(database, config.sessionSecret),
    adapter,
    eventLimit: {
      burst: scaledCount(SOCKET_EVENT_LIMIT.burst, config.rateLimitFactor),
      perSecond: scaledCount(SOCKET_EVENT_LIMIT.perSecond, config.rateLimitFactor),
      disconnectAfterRefused: scaledCount(SOCKET_EVENT_LIMIT.disconnectAfterRefused, config.rateLimitFactor),
    },
  });
}

/** A realtime instance of split mode: Socket.IO, `GET /healthz` and `GET /livez` (health.ts), nothing else. */
export function createRealtimeInstance(config: Config, database: Database, adapter: RealtimeDeps['adapter'], log: Logger): { httpServer: Server; close(): Promise<void> } {
  const watch = watchDatabase(database, log);
  const httpServer = createServer((req, res) => {
    const answer = req.method === 'GET' ? healthAnswer(req.url ?? '', watch) : null;
    if (answer) res.writeHead(answer.status, answer.headers).end(answer.text);
    else res.writeHead(404, { 'Content-Type': 'text/plain' }).end('Not Found');
  });
  const realtime = attachRealtime(httpServer, config, database, adapter);
  return {
    httpServer,
    close: async () => {
      watch.stop();
      await realtime.close();
    },
  };
}
