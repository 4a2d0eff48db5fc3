import express from 'express';
import type { ServerBuild } from '@remix-run/node';
import { describe, expect, it } from 'vitest';
import { createMetrics, routeLabeller } from './metrics.ts';
import { listen } from '@fso/platform/testing';

const route = (id: string, path: string | undefined, parentId?: string, index?: boolean) => ({
  id,
  path,
  parentId,
  index,
  module: {},
});
const routes = Object.fromEntries(
  [
    route('root', ''),
    route('routes/_index', undefined, 'root', true),
    route('routes/_app', undefined, 'root'),
    route('routes/_app.question.$qid', 'question/:qid', 'routes/_app'),
    route('routes/user.getUser.$username', 'user/getUser/:username', 'root'),
  ].map((r) => [r.id, r]),
) as unknown as ServerBuild['routes'];

describe('metrics', () => {
  it('labels requests by route pattern, never by raw path', () => {
    const label = routeLabeller(routes);
    expect(label('/question/42')).toBe('/question/:qid');
    expect(label('/question/42.data')).toBe('/question/:qid');
    expect(label('/user/getUser/ann')).toBe('/user/getUser/:username');
    expect(label('/')).toBe('/');
    expect(label('/assets/entry-abc.js')).toBe('/assets');
    expect(label('/healthz')).toBe('/healthz');
    expect(label('/no/such/page')).toBe('(unmatched)');
    expect(label('/%FF')).toBe('(unmatched)');
  });

  it('serves Prometheus text with latency histograms, sockets connected and games in progress', async () => {
    const metrics = createMetrics({
      routes,
      socketsConnected: () => 3,
      gamesInProgress: async () => 7,
      token: 'scrape-token',
    });
    const app = express();
    app.use(metrics.middleware);
    app.get('/metrics', metrics.handler);
    app.get('/question/:qid', (_req, res) => void res.send('q'));
    const server = await listen(app);
    try {
      await fetch(`${server.url}/question/1`);
      await fetch(`${server.url}/question/2`);
      const res = await fetch(`${server.url}/metrics`, { headers: { Authorization: 'Bearer scrape-token' } });
      expect(res.headers.get('content-type')).toContain('text/plain');
      const text = await res.text();
      expect(text).toMatch(
        /http_request_duration_seconds_count\{method="GET",route="\/question\/:qid",status="200"\} 2/,
      );
      expect(text).toContain('fso_sockets_connected 3');
      expect(text).toContain('fso_games_in_progress 7');
      expect(text).toContain('process_cpu_seconds_total');
    } finally {
      await server.close();
    }
  });

  it('answers only a scrape with the configured bearer token; with no token configured, there is no /metrics', async () => {
    const serve = async (token: string | undefined) => {
      const metrics = createMetrics({ routes, token });
      const app = express();
      app.get('/metrics', metrics.handler);
      return listen(app);
    };
    const guarded = await serve('scrape-token');
    const open = await serve(undefined);
    try {
      const scrape = (url: string, authorization?: string) =>
        fetch(`${url}/metrics`, { headers: authorization ? { Authorization: authorization } : {} });
      const anonymous = await scrape(guarded.url);
      expect(anonymous.status).toBe(401);
      expect(anonymous.headers.get('www-authenticate')).toContain('Bearer');
      expect(await anonymous.text()).not.toContain('process_cpu');
      expect((await scrape(guarded.url, 'Bearer wrong-token')).status).toBe(401);
      expect((await scrape(guarded.url, 'scrape-token')).status).toBe(401);
      expect((await scrape(guarded.url, 'Bearer scrape-token')).status).toBe(200);
      expect((await scrape(open.url)).status).toBe(404);
      expect((await scrape(open.url, 'Bearer anything')).status).toBe(404);
    } finally {
      await Promise.all([guarded.close(), open.close()]);
    }
  });
});
