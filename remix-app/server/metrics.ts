/**
 * Prometheus metrics (prom-client) served at GET /metrics: request latency by method, route
 * pattern and status; sockets connected to this instance; games in progress (from the
 * database, read when scraped); and Node's process metrics. Routes are labelled by their Remix
 * pattern (`/question/:qid`), never by the raw path, so the label set stays small. Only a
 * scraper with `Authorization: Bearer <METRICS_TOKEN>` reads them; without a token configured
 * the path does not exist (404) (docs/decisions/0017-metrics-and-private-caching.md).
 */
import type { ServerBuild } from '@remix-run/node';
import { matchRoutes, type AgnosticRouteObject as RouteObject } from '@remix-run/router';
import { createHash, timingSafeEqual } from 'node:crypto';
import type { NextFunction, Request, Response } from 'express';
import { decodes } from './request-shape.ts';
import { collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';

export interface MetricsSources {
  /** METRICS_TOKEN: the bearer token a scrape must carry; unset, /metrics answers 404. */
  token?: string;
  /** The Remix build's routes, to label requests by pattern (absent in development). */
  routes?: ServerBuild['routes'];
  socketsConnected?: () => number;
  gamesInProgress?: () => Promise<number>;
}

const FIXED = new Set(['/healthz', '/livez', '/metrics']);

const digest = (text: string) => createHash('sha256').update(text).digest();

/** Whether the Authorization header carries `Bearer <token>`, compared in constant time. */
function bearerMatches(header: string | undefined, token: string): boolean {
  const given = /^Bearer (.+)$/.exec(header ?? '')?.[1];
  return given !== undefined && timingSafeEqual(digest(given), digest(token));
}

function routeTree(routes: ServerBuild['routes'], parentId?: string): RouteObject[] {
  return Object.values(routes)
    .filter((r) => r?.parentId === parentId)
    .map((r) =>
      r.index ? { id: r.id, path: r.path, index: true } : { id: r.id, path: r.path, children: routeTree(routes, r.id) },
    );
}

/** Paths labelled at most once each: matching against every route costs more than the request's own routing. */
const LABEL_CACHE = 2000;

/** Labels a path with the pattern of the Remix route serving it. */
export function routeLabeller(routes: ServerBuild['routes'] | undefined): (path: string) => string {
  const tree = routes ? routeTree(routes) : [];
  const known = new Map<string, string>();
  return (path) => {
    if (FIXED.has(path)) return path;
    if (path.startsWith('/assets/')) return '/assets';
    if (!routes) return '(development)';
    // A malformed %-escape (answered 400 by request-shape.ts) names no route; the router would warn.
    if (!decodes(path)) return '(unmatched)';
    // Single-fetch data requests (`/home.data`, `/_root.data`) are labelled as their page; a
    // numeric segment is an id, so `/question/7` and `/question/8` share one entry.
    const page = path === '/_root.data' ? '/' : path.replace(/\.data$/, '');
    const key = page.replace(/\/\d+(?=\/|$)/g, '/0');
    const cached = known.get(key);
    if (cached) return cached;
    const matches = matchRoutes(tree, key);
    const label = matches
      ? `/${matches
          .map((m) => m.route.path)
          .filter(Boolean)
          .join('/')}`
      : '(unmatched)';
    if (known.size >= LABEL_CACHE) known.clear();
    known.set(key, label);
    return label;
  };
}

export function createMetrics(sources: MetricsSources) {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  const duration = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'HTTP request latency by method, route pattern and status',
    labelNames: ['method', 'route', 'status'] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [registry],
  });
  new Gauge({
    name: 'fso_sockets_connected',
    help: 'Socket.IO connections open on this instance',
    registers: [registry],
    collect() {
      this.set(sources.socketsConnected?.() ?? 0);
    },
  });
  new Gauge({
    name: 'fso_games_in_progress',
    help: 'Games whose status is IN_PROGRESS',
    registers: [registry],
    async collect() {
      // With the database away the gauge keeps its last value; the scrape still answers.
      await sources.gamesInProgress?.().then(
        (n) => this.set(n),
        () => undefined,
      );
    },
  });
  const label = routeLabeller(sources.routes);

  return {
    registry,
    /** Times every request; mount first. */
    middleware(req: Request, res: Response, next: NextFunction) {
      const end = duration.startTimer();
      res.on('finish', () => end({ method: req.method, route: label(req.path), status: String(res.statusCode) }));
      next();
    },
    handler(req: Request, res: Response, next: NextFunction) {
      if (!sources.token) return void res.status(404).type('text/plain').send('Not Found');
      if (!bearerMatches(req.headers.authorization, sources.token)) {
        return void res
          .status(401)
          .set('WWW-Authenticate', 'Bearer realm="metrics"')
          .type('text/plain')
          .send('A bearer token is required to read the metrics.');
      }
      registry.metrics().then((text) => void res.type(registry.contentType).send(text), next);
    },
  };
}
