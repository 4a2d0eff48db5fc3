/**
 * The metrics on a port of their own (METRICS_PORT, docs/decisions/0034): `GET /metrics` in
 * Prometheus text, with no token, and nothing else (404). It is meant for a scraper inside the
 * private network (Fly's managed scrape, `[[metrics]]` in fly.toml), which sends no token; the
 * platform publishes only the site's port, so this one is never reachable from outside. The
 * site's own `/metrics` keeps asking for `Authorization: Bearer $METRICS_TOKEN`. The port opens
 * when the site's port does, on the same host, and closes with the server.
 */
import type { Server } from 'node:http';
import type { Registry } from 'prom-client';
import { createHttpServer, type Logger } from '@fso/platform';

export function serveMetricsPort(
  site: Server,
  registry: Registry,
  where: { port: number; host: string },
  log: Logger,
): { server: Server; close(): Promise<void> } {
  const server = createHttpServer((req, res) => {
    const path = (req.url ?? '').split('?')[0];
    if (req.method !== 'GET' || path !== '/metrics')
      return void res.writeHead(404, { 'Content-Type': 'text/plain; charset=utf-8' }).end('Not Found');
    registry.metrics().then(
      (text) => res.writeHead(200, { 'Content-Type': registry.contentType, 'Cache-Control': 'no-store' }).end(text),
      (error: unknown) => {
        log.error({ err: error }, 'metrics not collected');
        res.writeHead(500, { 'Content-Type': 'text/plain; charset=utf-8' }).end('The metrics could not be collected.');
      },
    );
  });
  server.on('error', (error) => log.error({ err: error }, `metrics port ${where.port} not served`));
  site.once('listening', () => server.listen(where.port, where.host));
  return {
    server,
    close: () =>
      new Promise<void>((resolve) => {
        if (!server.listening) return resolve();
        server.close(() => resolve());
        server.closeIdleConnections();
      }),
  };
}
