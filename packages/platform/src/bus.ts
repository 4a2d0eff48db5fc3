/**
 * Split mode: how events cross between processes. The bus is PostgreSQL LISTEN/NOTIFY (the
 * default; its `socket_io_attachments` table comes from migration 0006) or Redis when a URL is
 * given. Web processes get an EventPublisher over the bus's emitter; realtime instances join
 * through a Socket.IO adapter over the same connections (realtime/src/cluster.ts), which hears
 * it. Per-viewer events travel as one `roomViews` server-side message that each instance
 * delivers locally. See docs/decisions/0008-split-mode.md.
 */
import { decode, encode } from '@msgpack/msgpack';
import { Emitter as PostgresEmitter } from '@socket.io/postgres-emitter';
import { Emitter as RedisEmitter } from '@socket.io/redis-emitter';
import pg from 'pg';
import { createClient } from 'redis';
import { guardPool } from '@fso/db';
import { liveRooms, qaAudience, rooms, type EventPublisher } from '@fso/shared';
import type { Logger } from './logging.ts';

/** Redis when `redisUrl` is set, else the PostgreSQL server the data lives in. */
export interface BusConfig {
  databaseUrl: string;
  redisUrl?: string;
}

/** How the bus reports a failure: logged and dropped (the data is committed; clients catch up on reconnect). */
export type BusReport = (error: unknown) => void;

/** A failing bus's errors are logged at most once per this many milliseconds, with how many were not. */
export const BUS_LOG_EVERY_MS = 30_000;

/**
 * Whether the bus carries events: down from a Redis connection's first error until every one is
 * ready again, when `onBack`'s listeners run (the realtime instances tell their pages to read
 * again: events published meanwhile were lost). Its errors are logged at most once per
 * `logEveryMs`, however often the client retries.
 */
export interface BusWatch {
  readonly up: boolean;
  report: BusReport;
  onBack(listener: () => void): void;
  /** Follows a Redis client's connection. */
  track(client: { on(event: 'error' | 'ready', listener: (error?: unknown) => void): unknown }): void;
}

export function watchBus(log: Logger, logEveryMs = BUS_LOG_EVERY_MS, now = Date.now): BusWatch {
  const down = new Set<object>();
  const listeners: (() => void)[] = [];
  let loggedAt = -Infinity;
  let unlogged = 0;
  const report: BusReport = (error) => {
    if (now() - loggedAt < logEveryMs) return void unlogged++;
    log.error({ err: error, ...(unlogged > 0 ? { unlogged } : {}) }, 'realtime bus');
    loggedAt = now();
    unlogged = 0;
  };
  return {
    get up() {
      return down.size === 0;
    },
    report,
    onBack: (listener) => void listeners.push(listener),
    track(client) {
      client.on('error', (error) => {
        down.add(client);
        report(error);
      });
      client.on('ready', () => {
        if (!down.delete(client) || down.size > 0) return;
        log.info({ unlogged }, 'realtime bus back');
        loggedAt = -Infinity;
        unlogged = 0;
        for (const listener of listeners) listener();
      });
    },
  };
}

export async function redisClient(url: string, watch: BusWatch) {
  const client = createClient({ url });
  watch.track(client);
  await client.connect();
  return client;
}

export function busPool(url: string, report: BusReport) {
  return guardPool(new pg.Pool({ connectionString: url, max: 3 }), report);
}

/**
 * Ends the bus pool once every publish queued for a connection has one: pg's `end()` lets the
 * running queries finish but silently drops those still waiting (the last events of a stopping
 * process). The shutdown deadline bounds the wait.
 */
export async function endPool(pool: pg.Pool) {
  while (pool.waitingCount > 0) await new Promise((resolve) => setTimeout(resolve, 5));
  await pool.end();
}

/**
 * `@socket.io/postgres-emitter` 0.1.1 leaves out the namespace field `nsp` by which the 0.5
 * adapter routes each message, so the adapter silently drops it. The emitter only ever sends
 * `SELECT pg_notify($1, $2)` (JSON) or `INSERT … (payload)` (msgpack, large messages): stamp
 * `nsp` on both. A failing query is reported and the message dropped, never retried.
 */
function withNamespace(pool: pg.Pool, report: BusReport, nsp = '/') {
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
  to(room: string | string[]): {
    emit(event: string, ...args: unknown[]): unknown;
    except(room: string): { emit(event: string, ...args: unknown[]): unknown };
    disconnectSockets(close: boolean): void;
  };
  serverSideEmit(event: string, ...args: unknown[]): void;
}

function emitterPublisher(emitter: Emitter): EventPublisher {
  return {
    toAll: (event, ...args) => void emitter.to(liveRooms.members).emit(event, ...args),
    toQa: (event, ...args) => void emitter.to(qaAudience(event, ...args)).emit(event, ...args),
    toRoom: (room, event, ...args) => void emitter.to(room).emit(event, ...args),
    toUsersOutside: (usernames, room, event, ...args) =>
      void emitter
        .to(usernames.map(rooms.user))
        .except(room)
        .emit(event, ...args),
    toRoomViews: (views) => emitter.serverSideEmit('roomViews', views),
    disconnectUser: (username) => emitter.to(rooms.user(username)).disconnectSockets(true),
    disconnectSession: (sessionId) => emitter.to(rooms.session(sessionId)).disconnectSockets(true),
  };
}

/** The publisher of a web process that runs without sockets of its own. */
export async function clusterPublisher(
  bus: BusConfig,
  log: Logger,
): Promise<{ publisher: EventPublisher; watch: BusWatch; close(): Promise<void> }> {
  const watch = watchBus(log);
  if (bus.redisUrl) {
    const client = await redisClient(bus.redisUrl, watch);
    return {
      publisher: emitterPublisher(new RedisEmitter(client)),
      watch,
      close: async () => void (await client.quit()),
    };
  }
  const pool = busPool(bus.databaseUrl, watch.report);
  return {
    publisher: emitterPublisher(new PostgresEmitter(withNamespace(pool, watch.report))),
    watch,
    close: () => endPool(pool),
  };
}
