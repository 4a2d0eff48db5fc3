import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { io as connect, type Socket } from 'socket.io-client';
import { createSession, createUser, findSessionUser, readSessionId, signSessionId, type Database } from '@fso/db';
import { createTestDatabase } from '@fso/db/testing';
import type { UserUpdatePayload } from '@fso/shared';
import { createRealtimeServer, type RealtimeServer } from './realtime-server.ts';

const SECRET = 'test-secret-test-secret-test-secret!';
let database: Database;
let server: RealtimeServer;
let url: string;
const clients: Socket[] = [];

beforeAll(async () => {
  database = await createTestDatabase();
  const http = createServer();
  server = createRealtimeServer(http, {
    corsOrigins: [],
    resolveSession: async (cookie) => {
      const id = readSessionId(cookie, SECRET);
      const found = id ? await findSessionUser(database.db, id) : null;
      return found ? { userId: String(found.userId), username: found.username, sessionId: found.sessionId } : null;
    },
  });
  await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(http.address() as AddressInfo).port}`;
});

afterAll(async () => {
  for (const c of clients) c.disconnect();
  await server.close();
  await database.close();
});

async function sessionCookie(username: string) {
  const user = (await createUser(database.db, { username, passwordHash: null }))!;
  const session = await createSession(database.db, Number(user._id));
  return { cookie: `fso_session=${encodeURIComponent(signSessionId(session.id, SECRET))}`, sessionId: session.id };
}

function open(cookie?: string): Socket {
  const socket = connect(url, { transports: ['websocket'], reconnection: false, extraHeaders: cookie ? { cookie } : {} });
  clients.push(socket);
  return socket;
}

const outcome = (socket: Socket) =>
  new Promise<string>((resolve) => {
    socket.once('connect', () => resolve('connected'));
    socket.once('connect_error', (err) => resolve(err.message));
  });

describe('realtime handshake and publishing', () => {
  it('refuses sockets without a session, or with a forged one', async () => {
    expect(await outcome(open())).toBe('unauthorized');
    expect(await outcome(open('fso_session=abc.def'))).toBe('unauthorized');
  });

  it('accepts a signed-in socket and delivers userUpdate to it', async () => {
    const { cookie } = await sessionCookie('gina');
    const socket = open(cookie);
    expect(await outcome(socket)).toBe('connected');
    const received = new Promise<UserUpdatePayload>((resolve) => socket.once('userUpdate', resolve));
    const user = { _id: '9', username: 'hal', biography: '', dateJoined: new Date(0).toISOString() };
    server.publisher.toAll('userUpdate', { user, type: 'created' });
    expect(await received).toEqual({ user, type: 'created' });
  });

  it('disconnects one session, or every socket of a user', async () => {
    const a = await sessionCookie('ivan');
    const first = open(a.cookie);
    const second = open(`fso_session=${encodeURIComponent(signSessionId((await createSession(database.db, Number((await findSessionUser(database.db, a.sessionId))!.userId))).id, SECRET))}`);
    await Promise.all([outcome(first), outcome(second)]);
    const firstGone = new Promise((resolve) => first.once('disconnect', resolve));
    server.publisher.disconnectSession(a.sessionId);
    expect(await firstGone).toBe('io server disconnect');
    expect(second.connected).toBe(true);
    const secondGone = new Promise((resolve) => second.once('disconnect', resolve));
    server.publisher.disconnectUser('IVAN');
    expect(await secondGone).toBe('io server disconnect');
  });
});
