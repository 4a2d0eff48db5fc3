import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Server } from 'socket.io';
import { Adapter } from 'socket.io-adapter';
import { createLogger } from '@fso/platform';
import { io as connect, type Socket as ClientSocket } from 'socket.io-client';
import { clusterAdapter } from './cluster.ts';
import { pendingBroadcasts, SLICE_SOCKETS, sliceLargeBroadcasts } from './sliced-broadcast.ts';

const CLIENTS = SLICE_SOCKETS * 2 + 10;
const httpServer = createServer();
const server = new Server(httpServer);
const clients: ClientSocket[] = [];
/** What each client received, in order. */
const received = new Map<ClientSocket, number[]>();
/** Packets the server has written to its sockets so far. */
let written = 0;

beforeAll(async () => {
  sliceLargeBroadcasts();
  server.on('connection', (socket) => {
    socket.conn.on('packetCreate', (packet: { type: string }) => {
      if (packet.type === 'message') written += 1;
    });
    void socket.join(['everyone', socket.handshake.auth.first ? 'first' : 'rest']);
  });
  await new Promise<void>((resolve) => httpServer.listen(0, '127.0.0.1', resolve));
  const { port } = httpServer.address() as AddressInfo;
  for (let i = 0; i < CLIENTS; i++) {
    const client = connect(`http://127.0.0.1:${port}`, { transports: ['websocket'], auth: { first: i === 0 } });
    received.set(client, []);
    client.on('n', (n: number) => received.get(client)!.push(n));
    clients.push(client);
    await new Promise<void>((resolve) => client.once('connect', () => resolve()));
  }
});

afterAll(async () => {
  clients.forEach((c) => c.close());
  await new Promise((resolve) => void server.close(resolve));
});

const settled = async () => {
  while (pendingBroadcasts() > 0) await new Promise((resolve) => setImmediate(resolve));
  await new Promise((resolve) => setTimeout(resolve, 200));
};

describe('sliced broadcasts', () => {
  it("fences its target: socket.io-adapter 2.5.8's in-memory broadcast, which writes each socket through this.apply", () => {
    const adapter = new URL('../../node_modules/socket.io-adapter/', import.meta.url);
    const { version } = JSON.parse(readFileSync(new URL('package.json', adapter), 'utf8')) as { version: string };
    // A new version: check the override still only defers the writes, measure it again (docs/decisions/0038, 0089).
    expect(version).toBe('2.5.8');
    const source = readFileSync(new URL('dist/in-memory-adapter.js', adapter), 'utf8');
    expect(source).toMatch(/broadcast\(packet, opts\) \{[^]*?this\.apply\(opts, \(socket\) => \{/);
    expect(Adapter.prototype.broadcast.name).toBe('slicedBroadcast');
  });

  it('writes a large broadcast a slice per turn of the event loop, so other work runs in between', async () => {
    written = 0;
    server.to('everyone').emit('n', 0);
    const atOnce = written;
    const afterOneTurn = await new Promise<number>((resolve) => setImmediate(() => resolve(written)));
    expect(atOnce).toBe(SLICE_SOCKETS);
    expect(afterOneTurn).toBeLessThan(CLIENTS);
    await settled();
    expect(written).toBe(CLIENTS);
  });

  it('delivers every broadcast to every socket in the order it was made, small ones queued behind large ones', async () => {
    for (const list of received.values()) list.length = 0;
    server.to('everyone').emit('n', 1);
    server.to('first').emit('n', 2);
    server.to(['rest', 'first']).emit('n', 3);
    server.to('first').emit('n', 4);
    await settled();
    const [first, ...rest] = clients;
    expect(received.get(first!)).toEqual([1, 2, 3, 4]);
    for (const client of rest) expect(received.get(client)).toEqual([1, 3]);
  });
});

describe.skipIf(!process.env.TEST_REDIS_URL)('sliced broadcasts across instances (Redis adapter)', () => {
  it('slices what an instance hears from another, as it does its own', async () => {
    const log = createLogger({ level: 'silent' });
    const [a, b] = await Promise.all(
      [0, 1].map(() => clusterAdapter({ databaseUrl: '', redisUrl: process.env.TEST_REDIS_URL }, log)),
    );
    const http = createServer();
    const sender = new Server(createServer(), { adapter: a!.adapter });
    const receiver = new Server(http, { adapter: b!.adapter });
    const room = `sliced-${Date.now()}`;
    let heard = 0;
    let atNextTurn = -1;
    receiver.on('connection', (socket) => {
      void socket.join(room);
      socket.conn.on('packetCreate', (packet: { type: string }) => {
        if (packet.type !== 'message') return;
        if ((heard += 1) === 1) setImmediate(() => (atNextTurn = heard));
      });
    });
    await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
    const { port } = http.address() as AddressInfo;
    const remote: ClientSocket[] = [];
    try {
      for (let i = 0; i < CLIENTS; i++) {
        const client = connect(`http://127.0.0.1:${port}`, { transports: ['websocket'] });
        remote.push(client);
        await new Promise<void>((resolve) => client.once('connect', () => resolve()));
      }
      const all = Promise.all(remote.map((c) => new Promise((resolve) => c.once('n', resolve))));
      await new Promise((resolve) => setTimeout(resolve, 500)); // the subscriptions are in place
      sender.to(room).emit('n', 1);
      await all;
      expect(atNextTurn).toBe(SLICE_SOCKETS);
      expect(heard).toBe(CLIENTS);
    } finally {
      remote.forEach((c) => c.close());
      await new Promise((resolve) => void receiver.close(resolve));
      await new Promise((resolve) => void sender.close(resolve));
      await Promise.all([a!.close(), b!.close()]);
    }
  });
});
