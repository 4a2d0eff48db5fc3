/**
 * Builds the whole web service on one HTTP server: Express with health check, body limits and
 * CORS in front of the Remix handler (screens and REST), plus the Socket.IO service on the same
 * port. Used by server.ts and by the integration tests.
 */
import { createServer, type Server } from 'node:http';
import { createRequestHandler } from '@remix-run/express';
import type { AppLoadContext, ServerBuild } from '@remix-run/node';
import compression from 'compression';
import express, { type NextFunction, type Request, type Response } from 'express';
import { findSessionUser, readSessionId, type Database } from '@fso/db';
import { chatHandlers, createRealtimeServer, gameHandlers, type RealtimeServer } from '@fso/realtime';
import { MSG } from '@fso/shared';
import '../app/context.ts';
import type { Config } from './config.ts';
import type { SemanticService } from './semantic/service.ts';

export interface WebServer {
  httpServer: Server;
  realtime: RealtimeServer;
  close(): Promise<void>;
}

const MAX_BODY_BYTES = 100_000;

export function createWebServer(opts: {
  config: Config;
  database: Database;
  semantic: SemanticService;
  build: ServerBuild | (() => Promise<ServerBuild>);
  /** Extra middleware before the Remix handler (Vite's in development). */
  before?: express.RequestHandler;
  /** Development mode shows Remix's detailed errors; never in production. */
  dev?: boolean;
}): WebServer {
  const { config, database } = opts;
  const app = express();
  app.disable('x-powered-by');
  app.set('trust proxy', config.trustProxy);
  app.use(compression());

  app.get('/healthz', (_req, res) => {
    res.type('text/plain').send('ok');
  });

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
    const length = Number(req.headers['content-length'] ?? 0);
    if (length > MAX_BODY_BYTES) {
      res.status(413).type('text/plain').send(MSG.bodyTooLarge);
      return;
    }
    next();
  });

  if (opts.before) app.use(opts.before);
  app.use('/assets', express.static('build/client/assets', { immutable: true, maxAge: '1y' }));
  app.use(express.static('build/client', { maxAge: '1h' }));

  const httpServer = createServer(app);
  const realtime = createRealtimeServer(httpServer, {
    corsOrigins: config.corsOrigins,
    features: [chatHandlers(database), gameHandlers(database)],
    resolveSession: async (cookieHeader) => {
      const id = readSessionId(cookieHeader, config.sessionSecret);
      const found = id ? await findSessionUser(database.db, id) : null;
      return found ? { userId: String(found.userId), username: found.username, sessionId: found.sessionId } : null;
    },
  });

  app.all(
    '*',
    createRequestHandler({
      build: opts.build,
      mode: opts.dev ? 'development' : 'production',
      getLoadContext: (req): AppLoadContext => ({
        database,
        events: realtime.publisher,
        config,
        clientIp: req.ip ?? 'unknown',
        semantic: opts.semantic,
      }),
    }),
  );

  return {
    httpServer,
    realtime,
    close: () => realtime.close(),
  };
}
