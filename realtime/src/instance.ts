/**
 * The realtime service as this site runs it — every feature, identity from the session
 * cookie — either attached to the web server's HTTP server by the single-process entry
 * (entry/main.ts), or, in split mode, alone on its own port with a health check and a cluster
 * adapter (main.ts).
 */
import type { Server } from 'node:http';
import type { Database } from '@fso/db';
import {
  createHttpServer,
  handshakeRefusal,
  healthAnswer,
  watchDatabase,
  type BusWatch,
  type Logger,
  type ProcessPorts,
  type RealtimeConfig,
} from '@fso/platform';
import { scaledCount, SOCKET_EVENT_LIMIT } from '@fso/shared';
import { chatHandlers } from './chat.handlers.ts';
import { gameHandlers } from './game.handlers.ts';
import { sessionResolver } from './handshake.ts';
import { presence } from './presence.ts';
import { createRealtimeServer, type RealtimeDeps, type RealtimeServer } from './realtime-server.ts';

/** What the realtime service reads of the config: nothing of the web's (OAuth, search, metrics …). */
export type RealtimeServiceConfig = Pick<RealtimeConfig, 'corsOrigins' | 'sessionSecret' | 'rateLimitFactor'>;

/** The service on `httpServer`, over the process's ports from boot; the events port is its own publisher. */
export function attachRealtime(
  httpServer: Server,
  config: RealtimeServiceConfig,
  ports: ProcessPorts,
  adapter?: RealtimeDeps['adapter'],
): RealtimeServer {
  return createRealtimeServer(httpServer, {
    corsOrigins: config.corsOrigins,
    refuseHandshake: handshakeRefusal(config.corsOrigins),
    features: [chatHandlers(ports), gameHandlers(ports), presence(ports)],
    resolveSession: sessionResolver(ports, config.sessionSecret),
    adapter,
    eventLimit: {
      burst: scaledCount(SOCKET_EVENT_LIMIT.burst, config.rateLimitFactor),
      perSecond: scaledCount(SOCKET_EVENT_LIMIT.perSecond, config.rateLimitFactor),
      disconnectAfterRefused: scaledCount(SOCKET_EVENT_LIMIT.disconnectAfterRefused, config.rateLimitFactor),
    },
  });
}

/**
 * A realtime instance of split mode: Socket.IO, `GET /healthz` and `GET /livez` (platform's
 * health.ts), nothing else; once its bus is back after an outage its sockets get `resync`.
 */
export function createRealtimeInstance(
  config: RealtimeServiceConfig,
  database: Database,
  ports: ProcessPorts,
  cluster: { adapter: RealtimeDeps['adapter']; watch: BusWatch },
  log: Logger,
): { httpServer: Server; close(): Promise<void> } {
  const watch = watchDatabase(database, log);
  const httpServer = createHttpServer((req, res) => {
    const answer = req.method === 'GET' ? healthAnswer(req.url ?? '', watch, cluster.watch) : null;
    if (answer) res.writeHead(answer.status, answer.headers).end(answer.text);
    else res.writeHead(404, { 'Content-Type': 'text/plain' }).end('Not Found');
  });
  const realtime = attachRealtime(httpServer, config, ports, cluster.adapter);
  // Events published while the bus was down are lost: this instance's pages read again.
  cluster.watch.onBack(() => realtime.io.local.emit('resync'));
  return {
    httpServer,
    close: async () => {
      watch.stop();
      await realtime.close();
    },
  };
}
