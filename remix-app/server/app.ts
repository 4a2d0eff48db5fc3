/**
 * Builds the whole web service on one HTTP server: Express with request logging, metrics,
 * security headers, health check, body limits, CORS and the CSRF guard in front of the Remix
 * handler (screens and REST), plus Socket.IO on the same port — the realtime service itself,
 * attached by the single-process entry (entry/main.ts; this package never imports realtime),
 * or in split mode a forward of `/socket.io` to a realtime instance, with events published
 * through the cluster's emitter (web.ts); with METRICS_PORT, the metrics on a port of their own
 * too (metrics-port.ts). Used by both entries and the tests.
 */
import type { Server } from 'node:http';
import type { AppLoadContext, ServerBuild } from '@remix-run/node';
import compression from 'compression';
import { countGamesInProgress, runSpammerRemovals, type Ports } from '@fso/core';
import type { SemanticService } from '@fso/search';
import express, { type NextFunction, type Request, type Response } from 'express';
import type { Database } from '@fso/db';
import {
  closeHttpServer,
  createHttpServer,
  healthAnswer,
  keepSearchTiersCut,
  startConfiguredMailWorker,
  servingPorts,
  watchDatabase,
  startSerialVoteChecks,
  type Config,
  type Logger,
  type ProcessPorts,
} from '@fso/platform';
import type { EventPublisher } from '@fso/shared';
import '../app/context.ts';
import { bodyLimit } from './body-limit.ts';
import { clientAddress } from './client-address.ts';
import { csrfGuard } from './csrf.ts';
import { logOf, requestLogging } from './logging.ts';
import { createMetrics } from './metrics.ts';
import { serveMetricsPort } from './metrics-port.ts';
import { remixHandler } from './remix-handler.ts';
import { plainErrors, requestShape } from './request-shape.ts';
import { nonceOf, securityHeaders } from './security-headers.ts';
import { purgeExpired } from './expiry-purge.ts';
import { proxySocketUpgrades, SOCKET_PATH, socketHttpProxy } from './socket-proxy.ts';

/** Sockets served on this process's own HTTP server, as the entry attached them. */
export interface AttachedSockets {
  publisher: EventPublisher;
  /** Gives the socket handlers the process's ports, built once over `publisher` (before listening). */
  serve(ports: Ports): void;
  /** Sockets connected now (for /metrics). */
  connected(): number;
  close(): Promise<void>;
}

/** Where the sockets are: forwarded to a realtime instance (split mode), or attached here. */
export type SocketSide =
  | { realtimeUrl: URL; publisher: EventPublisher; bus: { readonly up: boolean } }
  | { attach(httpServer: Server): AttachedSockets };

export interface WebServer {
  httpServer: Server;
  /** Graceful stop: no new connections, in-flight requests and moves finish, sockets go elsewhere. */
  close(): Promise<void>;
}

export function createWebServer(opts: {
  config: Config;
  database: Database;
  logger: Logger;
  /** The process's ports from boot (one limiter per process); completed here once with the publisher, search and the logger. */
  ports: ProcessPorts;
  semantic: SemanticService;
  build: ServerBuild | (() => Promise<ServerBuild>);
  /** Extra middleware before the Remix handler (Vite's in development). */
  before?: express.RequestHandler;
  /** Development mode shows Remix's detailed errors; never in production. */
  dev?: boolean;
  sockets: SocketSide;
}): WebServer {
  const { config, database } = opts;
  const split = 'realtimeUrl' in opts.sockets ? opts.sockets : null;
  const app = express();
  app.disable('x-powered-by');
  // Exactly the proxies in front, never every hop: a client's own X-Forwarded-For entry is never believed.
  app.set('trust proxy', config.trustProxy.hops);
  if (split) app.use(SOCKET_PATH, socketHttpProxy(split.realtimeUrl));
  const metrics = createMetrics({
    token: config.metricsToken,
    routes: typeof opts.build === 'function' ? undefined : opts.build.routes,
    // In split mode the sockets are counted by the realtime instances, not here.
    socketsConnected: () => realtime?.connected() ?? 0,
    gamesInProgress: () => countGamesInProgress(opts.ports),
  });
  app.use(
    requestLogging(opts.logger),
    metrics.middleware,
    securityHeaders({
      production: config.production,
      dev: opts.dev,
      // The sign-in buttons' forms end on the configured providers' authorize pages.
      formOrigins: [
        ...new Set([config.github, config.google].flatMap((p) => (p ? [new URL(p.authorizeUrl).origin] : []))),
      ],
    }),
  );
  app.use(compression());
  app.use(requestShape());

  const databaseWatch = watchDatabase(database, opts.logger);
  app.get(['/healthz', '/livez'], (req, res) => {
    const answer = healthAnswer(req.path, databaseWatch, split?.bus)!;
    res.status(answer.status).set(answer.headers).send(answer.text);
  });
  app.get('/metrics', metrics.handler);

  app.use((req: Request, res: Response, next: NextFunction) => {
    const origin = req.headers.origin;
    if (origin && config.corsOrigins.includes(origin)) {
      res.setHeader('Access-Control-Allow-Origin', origin);
      res.setHeader('Access-Control-Allow-Credentials', 'true');
      res.setHeader('Vary', 'Origin');
      if (req.method === 'OPTIONS') {
        res.setHeader('Access-Control-Allow-Methods', 'GET, POST, PATCH, DELETE');
        res.setHeader('Access-Control-Allow-Headers', 'Content-Type');
        res.status(200).end();
        return;
      }
    }
    next();
  });

  app.use(csrfGuard(config.corsOrigins), bodyLimit());

  if (opts.before) app.use(opts.before);
  app.use('/assets', express.static('build/client/assets', { immutable: true, maxAge: '1y' }));
  // Only a path naming a file (favicon.ico, …) can be a static one: pages skip the disk lookup.
  const publicFiles = express.static('build/client', { maxAge: '1h' });
  app.use((req, res, next) => (/\.\w+$/.test(req.path) ? publicFiles(req, res, next) : next()));

  const httpServer = createHttpServer(app);
  const metricsPort =
    config.metricsPort === undefined
      ? null
      : serveMetricsPort(httpServer, metrics.registry, { port: config.metricsPort, host: config.host }, opts.logger);
  if (split) proxySocketUpgrades(httpServer, split.realtimeUrl);
  const realtime = 'attach' in opts.sockets ? opts.sockets.attach(httpServer) : null;
  const ports = servingPorts(opts.ports, {
    events: split?.publisher ?? realtime!.publisher,
    semantic: opts.semantic,
    log: opts.logger,
  });
  realtime?.serve(ports);
  const expiryPurge = purgeExpired(ports, opts.logger);
  const serialVoteChecks = startSerialVoteChecks(ports, opts.logger);
  const mailWorker = startConfiguredMailWorker(config, ports, opts.logger);
  // A spammer removal a stopped process left unfinished goes on here (its lease ends within a minute).
  void runSpammerRemovals(ports);
  // Ranked searches read time tiers; this process keeps them cut as the site grows (decision record 0074).
  const tierUpkeep = keepSearchTiersCut(database, opts.logger);

  app.all(
    '*',
    remixHandler({
      build: opts.build,
      mode: opts.dev ? 'development' : 'production',
      database,
      getLoadContext: (req, res): AppLoadContext => ({
        database,
        config,
        clientIp: clientAddress(req, config.trustProxy),
        log: logOf(res),
        cspNonce: nonceOf(res),
        // A client navigation's data (`/….data`) carries everything; a document keeps some for its render only.
        renderOnly: req.path.endsWith('.data') ? null : new Map(),
        thrown: [],
        ports,
      }),
    }),
  );

  app.use(plainErrors());

  return {
    httpServer,
    close: async () => {
      expiryPurge.stop();
      serialVoteChecks.stop();
      tierUpkeep.stop();
      await mailWorker?.stop();
      databaseWatch.stop();
      await Promise.all([closeHttpServer(httpServer), realtime?.close(), metricsPort?.close()]);
    },
  };
}
