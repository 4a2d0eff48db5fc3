/**
 * Test support for the multi-process tests (split-mode.test.ts, cluster-faults.test.ts): the
 * local cluster (local-cluster.ts) on TEST_DATABASE_URL, signed-in users, sockets and waiting
 * for what they receive.
 */
import { io as connect, type Socket } from 'socket.io-client';
import { expect } from 'vitest';
import type { ClientToServerEvents, ServerToClientEvents } from '@fso/shared';
import { query as queryAt, startCluster as startClusterAt, type Cluster } from './local-cluster.ts';

export { sleep, stopService, type Cluster, type Service } from './local-cluster.ts';
export type Client = Socket<ServerToClientEvents, ClientToServerEvents>;
export type Received = { event: string; args: unknown[] }[];

export const serverUrl = process.env.TEST_DATABASE_URL;
export const json = { 'Content-Type': 'application/json' };

/** One query on `url` (TEST_DATABASE_URL's default database unless given). */
export const query = <T extends Record<string, unknown>>(text: string, values: unknown[] = [], url = serverUrl!) =>
  queryAt<T>(url, text, values);

/** 2 realtime + 2 web processes in a new database on TEST_DATABASE_URL; `busEnv` adds REDIS_URL. */
export const startCluster = (prefix: string, busEnv: Record<string, string> = {}): Promise<Cluster> =>
  startClusterAt(serverUrl!, prefix, busEnv);

/** A socket at `base` with the session `cookie`; it does not reconnect by itself. */
export const socketAt = (
  base: string,
  cookie: string,
  transports: ('websocket' | 'polling')[] = ['websocket'],
): Client => connect(base, { path: '/socket.io', transports, reconnection: false, extraHeaders: { cookie } });

/** A socket at `base` with the session `cookie`, recording every event it receives. */
export function open(base: string, cookie: string, transports?: ('websocket' | 'polling')[]) {
  const socket = socketAt(base, cookie, transports);
  const received: Received = [];
  socket.onAny((event: string, ...args: unknown[]) => received.push({ event, args }));
  return { socket, received };
}

export const connected = (socket: Client) =>
  new Promise<void>((resolve, reject) => {
    if (socket.connected) return resolve();
    socket.once('connect', () => resolve());
    socket.once('connect_error', reject);
  });

/** Resolves with `check`'s first defined answer; fails after `timeoutMs` with `what`. */
export function until<T>(check: () => T | undefined, what: () => string, timeoutMs = 5000): Promise<T> {
  return new Promise((resolve, reject) => {
    const started = Date.now();
    const look = () => {
      const found = check();
      if (found !== undefined) return resolve(found);
      if (Date.now() - started > timeoutMs) return reject(new Error(what()));
      setTimeout(look, 10);
    };
    look();
  });
}

/** The first matching event, already received or still to come. */
export const eventually = (received: Received, match: (e: Received[number]) => boolean) =>
  until(
    () => received.find(match),
    () => `not received; got ${JSON.stringify(received).slice(0, 500)}`,
  );

export const carries = (text: string) => (e: Received[number]) => JSON.stringify(e.args).includes(text);

/** POSTs JSON with the session `cookie` and expects 200; resolves with the answer's body. */
export async function post(base: string, cookie: string, path: string, body: unknown) {
  const res = await fetch(`${base}${path}`, {
    method: 'POST',
    headers: { ...json, cookie },
    body: JSON.stringify(body),
  });
  expect(res.status, `${path}: ${await res.clone().text()}`).toBe(200);
  return res.json();
}

/** Signs `username` up and returns the session cookie. */
export async function signUp(base: string, username: string) {
  const res = await fetch(`${base}/user/signup`, {
    method: 'POST',
    headers: json,
    body: JSON.stringify({ username, password: 'split-mode-password' }),
  });
  expect(res.status).toBe(200);
  return res.headers.get('set-cookie')!.split(';')[0]!;
}
