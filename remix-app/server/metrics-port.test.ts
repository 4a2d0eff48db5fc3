/** METRICS_PORT serves the metrics without a token on a port of its own; the site's /metrics still wants one. */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import express from 'express';
import { describe, expect, it } from 'vitest';
import { createLogger } from '@fso/platform';
import { createMetrics } from './metrics.ts';
import { serveMetricsPort } from './metrics-port.ts';

describe('metrics port', () => {
  it('opens with the site, answers GET /metrics with no token and nothing else, closes with it', async () => {
    const metrics = createMetrics({ token: 'scrape-token', socketsConnected: () => 2 });
    const app = express();
    app.get('/metrics', metrics.handler);
    const site = createServer(app);
    const port = serveMetricsPort(
      site,
      metrics.registry,
      { port: 0, host: '127.0.0.1' },
      createLogger({ level: 'silent' }),
    );
    expect(port.server.listening).toBe(false);
    await new Promise<void>((resolve) => site.listen(0, '127.0.0.1', resolve));
    try {
      await expect.poll(() => port.server.listening).toBe(true);
      const siteUrl = `http://127.0.0.1:${(site.address() as AddressInfo).port}`;
      const metricsUrl = `http://127.0.0.1:${(port.server.address() as AddressInfo).port}`;

      const scraped = await fetch(`${metricsUrl}/metrics`);
      expect(scraped.status).toBe(200);
      expect(scraped.headers.get('content-type')).toContain('text/plain');
      expect(await scraped.text()).toContain('fso_sockets_connected 2');
      for (const [method, path] of [
        ['GET', '/'],
        ['GET', '/healthz'],
        ['POST', '/metrics'],
      ] as const) {
        expect((await fetch(`${metricsUrl}${path}`, { method })).status, `${method} ${path}`).toBe(404);
      }
      // The site's own /metrics keeps the token rule.
      expect((await fetch(`${siteUrl}/metrics`)).status).toBe(401);
      expect((await fetch(`${siteUrl}/metrics`, { headers: { Authorization: 'Bearer scrape-token' } })).status).toBe(
        200,
      );
    } finally {
      await port.close();
      await new Promise((resolve) => site.close(resolve));
    }
    expect(port.server.listening).toBe(false);
  });
});
