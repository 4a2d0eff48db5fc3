/**
 * Split mode: how events cross between processes. The bus is PostgreSQL LISTEN/NOTIFY (the
 * default; its `socket_io_attachments` table comes from migration 0006) or Redis when a URL is
 * given. Realtime instances get a Socket.IO adapter over the bus; web processes get an
 * EventPublisher over the matching emitter, which the instances' adapters hear. Per-viewer
 * events travel as one `roomViews` server-side message that each instance delivers locally.
 * See docs/decisions/0008-split-mode.md.
 */
import { decode, encode } from '@msgpack/msgpack';
import { createAdapter as postgresAdapter } from '@socket.io/postgres-adapter';
import { Emitter as PostgresEmitter } from '@socket.io/postgres-emitter';
import { createAdapter as redisAdapter } from '@socket.io/redis-adapter';
import { Emitter as RedisEmitter } from '@socket.io/redis-emitter';
import pg from 'pg';
import { createClient } from 'redis';
import { guardPool } from '@fso/db';
import { liveRooms, qaAudience, type EventPublisher } from '@fso/shared';
import type { RealtimeDeps } from './realtime-server.ts';
import { sessionRoom, userRoom } from './realtime-server.ts';

/** Redis when `redisUrl` is set, else the PostgreSQL server the data lives in. */
export interface BusConfig {
  databaseUrl: string;
  redisUrl?: string;
}

/** A failed publish is reported and dropped: the data is committed and clients catch up on reconnect. */
const report = (error: unknown) => console.error(`realtime bus: ${(error as Error).message ?? error}`);

async function redisClient(url: string) {
  const client = createClient({ url });
  client.on('error', report);
  await client.connect();
  return client;
}

function busPool(url: string) {
  return guardPool(new pg.Pool({ connectionString: url, max: 3 }), report);
}

/**
 * The pool as the PostgreSQL adapter should use it. The adapter holds one client for LISTEN;
 * when that connection is lost it connects and LISTENs again (every 1–3 s until the server is
 * back), but never gives the dead client back, so each outage would cost the pool a place for
 * good: give it back, as broken. (On a graceful close the adapter drops this listener itself.)
 */
function listeningPool(pool: pg.Pool): pg.Pool {
  const connect = async () => {
    const client = await pool.connect();
    client.once('end', () => client.release(new Error('LISTEN connection lost')));
    return client;
  };
  return Object.assign(Object.create(pool) as pg.Pool, { connect, query: pool.query.bind(pool) });
}

/**
 * Ends the bus pool once every publish queued for a connection has one: pg's `end()` lets the
 * running queries finish but silently drops those still waiting (the last events of a stopping
 * process). The shutdown deadline bounds the wait.
 */
async function endPool(pool: pg.Pool) {
  while (pool.waitingCount > 0) await new Promise((resolve) => setTimeout(resolve, 5));
  await pool.end();
}

/** The adapter a realtime instance joins the cluster with, and how to let go of it. */
export async function clusterAdapter(bus: BusConfig): Promise<{ adapter: NonNullable<RealtimeDeps['adapter']>; close(): Promise<void> }> {
  if (bus.redisUrl) {
    const [pub, sub] = await Promise.all([redisClient(bus.redisUrl), redisClient(bus.redisUrl)]);
    return { adapter: redisAdapter(pub, sub), close: async () => void (await Promise.all([pub.quit(), sub.quit()])) };
  }
  const pool = busPool(bus.databaseUrl);
  return { adapter: postgresAdapter(listeningPool(pool), { errorHandler: report }), close: () => endPool(pool) };
}

/**
 * `@socket.io/postgres-emitter` 0.1.1 leaves out the namespace field `nsp` by which the 0.5
 * adapter routes each message, so the adapter silently drops it. The emitter only ever sends
 * `SELECT pg_notify($1, $2)` (JSON) or `INSERT … (payload)` (msgpack, large messages): stamp
 * `nsp` on both. A failing query is reported and the message dropped, never retried.
 */
function withNamespace(pool: pg.Pool, nsp = '/') {
  return {
    query: (text: string, values: unknown[]) => {
      const stamped = text.includes('pg_notify')
        ? [values[0], JSON.stringify({ ...JSON.parse(values[1] as string), nsp })]
        : [encode({ ...(decode(values[0] as Uint8Array) as object), nsp })];
      return pool.query(text, stamped).catch((error: unknown) => {
        report(error);
        return new Promise<never>(() => undefined);
      });
    },
  };
}

/** What both emitters offer, in the shape the publisher uses. */
interface Emitter {
  emit(event: string, ...args: unknown[]): unknown;
  to(room: string | string[]): { emit(event: string, ...args: unknown[]): unknown; disconnectSockets(close: boolean): void };
  serverSideEmit(event: string, ...args: unknown[]): void;
}

function emitterPublisher(emitter: Emitter): EventPublisher {
  return {
    toAll: (event, ...args) => void emitter.to(liveRooms.members).emit(event, ...args),
    toQa: (event, ...args) => void emitter.to(qaAudience(event, ...args)).emit(event, ...args),
    toRoom: (room, event, ...args) => void emitter.to(room).emit(event, ...args),
    toRoomViews: (views) => emitter.serverSideEmit('roomViews', views),
    disconnectUser: (username) => emitter.to(userRoom(username)).disconnectSockets(true),
    disconnectSession: (sessionId) => emitter.to(sessionRoom(sessionId)).disconnectSockets(true),
  };
}

/** The publisher of a web process that runs without sockets of its own. */
export async function clusterPublisher(bus: BusConfig): Promise<{ publisher: EventPublisher; close(): Promise<void> }> {
  if (bus.redisUrl) {
    const client = await redisClient(bus.redisUrl);
    return { publisher: emitterPublisher(new RedisEmitter(client) as unknown as Emitter), close: async () => void (await client.quit()) };
  }
  const pool = busPool(bus.databaseUrl);
  return { publisher: emitterPublisher(new PostgresEmitter(withNamespace(pool)) as Emitter), close: () => endPool(pool) };
}
