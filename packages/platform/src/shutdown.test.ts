import { connect, type Socket } from 'node:net';
import { describe, expect, it } from 'vitest';
import { closeHttpServer } from './shutdown.ts';
import { listen } from '../test/listen.ts';

describe('closeHttpServer', () => {
  it('stops taking connections but answers the request in flight', async () => {
    const server = await listen((_req, res) => void setTimeout(() => res.end('done'), 500));
    const inFlight = fetch(server.url).then((r) => r.text());
    await new Promise((resolve) => setTimeout(resolve, 100));
    const closed = closeHttpServer(server.server);
    await expect(fetch(server.url)).rejects.toThrow();
    expect(await inFlight).toBe('done');
    await closed;
  });

  it('cuts a connection still busy after the grace period', async () => {
    const server = await listen(() => undefined);
    const hanging = fetch(server.url).catch((error: Error) => error.message);
    await new Promise((resolve) => setTimeout(resolve, 100));
    const started = Date.now();
    await closeHttpServer(server.server, 300);
    expect(Date.now() - started).toBeLessThan(2000);
    expect(await hanging).toMatch(/fetch failed|terminated|socket/i);
  });

  it('answers requests sent on idle keep-alive connections after the close, then closes them; none is reset', async () => {
    const server = await listen((_req, res) => void res.end('ok'));
    const port = Number(new URL(server.url).port);
    const request = 'GET / HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n';
    // 5 keep-alive clients, each with one request answered: their connections are now idle.
    const clients = await Promise.all(
      Array.from({ length: 5 }, async () => {
        const socket: Socket = connect(port, '127.0.0.1');
        let received = '';
        const errors: string[] = [];
        socket.on('data', (d) => (received += d));
        socket.on('error', (error: NodeJS.ErrnoException) => errors.push(error.code ?? error.message));
        const ended = new Promise<void>((resolve) => socket.on('close', () => resolve()));
        socket.write(request);
        await expect.poll(() => received).toContain('\r\n\r\nok');
        return { socket, errors, ended, received: () => received };
      }),
    );
    const closed = closeHttpServer(server.server);
    // Socket.IO closes the same server when it stops: that must not cut them either.
    server.server.close();
    // Each client sends its next request on its open connection just after the close began.
    for (const client of clients) client.socket.write(request);
    await closed;
    for (const client of clients) {
      await client.ended;
      const answers = client.received().split('HTTP/1.1 200 OK');
      expect(answers).toHaveLength(3);
      expect(answers[2]).toMatch(/Connection: close/i);
      expect(client.errors).toEqual([]);
    }
  });

  it('closes a keep-alive connection that stays idle once the grace is over', async () => {
    const server = await listen((_req, res) => void res.end('ok'));
    const socket = connect(Number(new URL(server.url).port), '127.0.0.1');
    const errors: string[] = [];
    socket.on('error', (error: NodeJS.ErrnoException) => errors.push(error.code ?? error.message));
    socket.write('GET / HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n');
    await new Promise((resolve) => socket.once('data', resolve));
    const ended = new Promise<void>((resolve) => socket.on('close', () => resolve()));
    await closeHttpServer(server.server, 5000, 100);
    await ended;
    expect(errors).toEqual([]);
  });
});
