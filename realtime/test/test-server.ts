/**
 * Test harness: the real realtime server on a random port over a fresh test database, its
 * features built over test ports whose events port is the server's publisher (as a process
 * builds them), with helpers to make signed-in users and connect real socket.io clients as them.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { io as connect, type Socket } from 'socket.io-client';
import { createSession, createUser, signSessionId, type Database } from '@fso/db';
import { createTestDatabase } from '@fso/db/testing';
import type { Ports } from '@fso/core';
import { testPorts } from '@fso/core/testing';
import type { Ack, ClientToServerEvents, ServerToClientEvents } from '@fso/shared';
import { sessionResolver } from '../src/handshake.ts';
import { createRealtimeServer, type RealtimeFeature, type RealtimeServer } from '../src/realtime-server.ts';

const SECRET = 'test-secret-test-secret-test-secret!';
export type TestClient = Socket<ServerToClientEvents, ClientToServerEvents>;

export interface TestRealtime {
  database: Database;
  server: RealtimeServer;
  /** The ports the features were given (no rate limits; events: the server's publisher). */
  ports: Ports;
  /** A new user with a session; its cookie, ids and name. */
  signedIn(username: string): Promise<{ cookie: string; sessionId: string; userId: number }>;
  /** A session cookie for another session of an existing user. */
  anotherSession(userId: number): Promise<string>;
  open(cookie?: string): TestClient;
  /** Stops the server (its sockets drop) and starts a new one on the same database. */
  restart(): Promise<void>;
  close(): Promise<void>;
}

const cookieFor = (sessionId: string) => `fso_session=${encodeURIComponent(signSessionId(sessionId, SECRET))}`;

export async function startTestRealtime(
  features: (ports: Ports) => RealtimeFeature[] = () => [],
): Promise<TestRealtime> {
  const database = await createTestDatabase();
  const clients: TestClient[] = [];
  let server: RealtimeServer;
  let ports: Ports;
  let url: string;

  async function listen() {
    const http = createServer();
    server = createRealtimeServer(http, { corsOrigins: [], resolveSession: sessionResolver(database, SECRET) });
    ports = { ...testPorts(database, { limits: false }).ports, events: server.publisher };
    server.serve(features(ports));
    await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
    url = `http://127.0.0.1:${(http.address() as AddressInfo).port}`;
  }
  await listen();

  return {
    database,
    get server() {
      return server;
    },
    get ports() {
      return ports;
    },
    async signedIn(username) {
      const user = (await createUser(database.db, { username, passwordHash: null }))!;
      const session = await createSession(database.db, Number(user._id));
      return { cookie: cookieFor(session.id), sessionId: session.id, userId: Number(user._id) };
    },
    async anotherSession(userId) {
      return cookieFor((await createSession(database.db, userId)).id);
    },
    open(cookie) {
      const socket: TestClient = connect(url, {
        transports: ['websocket'],
        reconnection: false,
        extraHeaders: cookie ? { cookie } : {},
      });
      clients.push(socket);
      return socket;
    },
    async restart() {
      await server.close();
      await listen();
    },
    async close() {
      for (const c of clients) c.disconnect();
      await server.close();
      await database.close();
    },
  };
}

/** 'connected', or the handshake's refusal message. */
export const outcome = (socket: TestClient) =>
  new Promise<string>((resolve) => {
    socket.once('connect', () => resolve('connected'));
    socket.once('connect_error', (err) => resolve(err.message));
  });

/** An event sent with an acknowledgement (`send` emits it with `ack` last): its answer. */
export const ask = <T = undefined>(send: (ack: (reply: Ack<T>) => void) => void) =>
  new Promise<Ack<T>>((resolve) => send(resolve));
