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
  servingPorts,
  watchDatabase,
  type BusWatch,
  type Logger,
  type ProcessPorts,
  type RealtimeConfig,
  type SocketPorts,
} from '@fso/platform';
import { scaledCount, SOCKET_EVENT_LIMIT } from '@fso/shared';
import { chatHandlers } from './chat.handlers.ts';
import { gameHandlers } from './game.handlers.ts';
import { sessionResolver } from './handshake.ts';
import { presence } from './presence.ts';
import { createRealtimeServer, type RealtimeDeps, type RealtimeServer } from './realtime-server.ts';

/** What the realtime service reads of the config: nothing of the web's (OAuth, search, metrics …). */
export type RealtimeServiceConfig = Pick<RealtimeConfig, 'corsOrigins' | 'sessionSecret' | 'rateLimitFactor'>;

/** The site's service on an HTTP server, serving its features once given the process's ports. */
export interface AttachedRealtime extends Omit<RealtimeServer, 'serve'> {
  /** Chat, games and presence over the process's ports, whose events port is this server's publisher; once, before listening. */
  serve(ports: SocketPorts): void;
}

/**
 * The service on `httpServer`: the Socket.IO server first, so that the process's ports can be
 * built once over its publisher (platform's `servingPorts`) and passed to every handler.
 */
export function attachRealtime(
  httpServer: Server,
  config: RealtimeServiceConfig,
  ports: Pick<ProcessPorts, 'db'>,
  adapter?: RealtimeDeps['adapter'],
): AttachedRealtime {
  const server = createRealtimeServer(httpServer, {
    corsOrigins: config.corsOrigins,
    refuseHandshake: handshakeRefusal(config.corsOrigins),
    resolveSession: sessionResolver(ports, config.sessionSecret),
    adapter,
    eventLimit: {
      burst: scaledCount(SOCKET_EVENT_LIMIT.burst, config.rateLimitFactor),
      perSecond: scaledCount(SOCKET_EVENT_LIMIT.perSecond, config.rateLimitFactor),
      disconnectAfterRefused: scaledCount(SOCKET_EVENT_LIMIT.disconnectAfterRefused, config.rateLimitFactor),
    },
  });
  return { ...server, serve: (all) => server.serve([chatHandlers(all), gameHandlers(all), presence(all)]) };
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
  realtime.serve(servingPorts(ports, { events: realtime.publisher, log }));
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
