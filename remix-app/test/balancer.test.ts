/** The local round-robin balancer (balancer.ts) and the relay under it (socket-proxy.ts), against two small targets. */
import type { AddressInfo } from 'node:net';
import { Agent, request } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WebSocket, WebSocketServer } from 'ws';
import { createBalancer } from './balancer.ts';
import { listen } from '@fso/platform/testing';

type Target = Awaited<ReturnType<typeof listen>>;

/** POSTs `bytes` bytes to `path` and resolves with the status (or the error's code). */
const postBody = (url: string, path: string, bytes: number, agent: Agent) =>
  new Promise<number | string>((resolve) => {
    const req = request(`${url}${path}`, { method: 'POST', agent, headers: { 'Content-Length': bytes } }, (res) => {
      res.resume();
      res.on('end', () => resolve(res.statusCode!));
    });
    req.on('error', (error: NodeJS.ErrnoException) => resolve(error.code ?? error.message));
    req.end(Buffer.alloc(bytes, 'y'));
  });

describe('round-robin balancer', () => {
  const targets: Target[] = [];
  let balancer: Target['server'];
  let url: string;

  beforeAll(async () => {
    for (const name of ['a', 'b']) {
      const target = await listen((req, res) => {
        // Like the web server's body limit: answer at once, never read the body.
        if (req.url === '/big') return void res.writeHead(413).end('too large');
        res.end(JSON.stringify({ name, host: req.headers.host, url: req.url }));
      });
      const sockets = new WebSocketServer({ server: target.server });
      sockets.on('connection', (ws) => ws.on('message', (data) => ws.send(`${name}:${String(data)}`)));
      targets.push(target);
    }
    balancer = createBalancer(targets.map((t) => new URL(t.url)));
    await new Promise<void>((resolve) => balancer.listen(0, '127.0.0.1', resolve));
    url = `http://127.0.0.1:${(balancer.address() as AddressInfo).port}`;
  });

  afterAll(async () => {
    balancer.close();
    for (const target of targets) {
      target.server.closeAllConnections();
      await target.close();
    }
  });

  it('sends each request to the next target in turn, with its path and Host unchanged', async () => {
    const seen = await Promise.all([1, 2, 3, 4].map(() => fetch(`${url}/q?x=1`).then((r) => r.json())));
    expect(seen.map((s) => s.name).sort()).toEqual(['a', 'a', 'b', 'b']);
    expect(seen.every((s) => s.url === '/q?x=1' && s.host === new URL(url).host)).toBe(true);
  });

  it('relays websocket upgrades, also in turn', async () => {
    const answers = await Promise.all(
      [1, 2].map(
        () =>
          new Promise<string>((resolve, reject) => {
            const ws = new WebSocket(`${url.replace('http', 'ws')}/socket.io/`);
            ws.on('open', () => ws.send('hi'));
            ws.on('message', (data) => {
              resolve(String(data));
              ws.close();
            });
            ws.on('error', reject);
          }),
      ),
    );
    expect(answers.sort()).toEqual(['a:hi', 'b:hi']);
  });

  it('passes on an answer sent before the request body was read (413), and the connection stays usable', async () => {
    const agent = new Agent({ keepAlive: true, maxSockets: 1 });
    const statuses = [];
    for (let i = 0; i < 10; i++)
      statuses.push(await postBody(url, '/big', 1_000_000, agent), await postBody(url, '/small', 10, agent));
    agent.destroy();
    expect(statuses).toEqual(Array(10).fill([413, 200]).flat());
  });

  it('answers 502 when a target is down', async () => {
    const down = createBalancer([new URL('http://127.0.0.1:1')]);
    await new Promise<void>((resolve) => down.listen(0, '127.0.0.1', resolve));
    const res = await fetch(`http://127.0.0.1:${(down.address() as AddressInfo).port}/`);
    expect(res.status).toBe(502);
    down.close();
  });
});
