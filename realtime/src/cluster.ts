/**
 * How a realtime instance joins the cluster: a Socket.IO adapter over the bus of
 * @fso/platform (bus.ts; PostgreSQL LISTEN/NOTIFY, or Redis when a URL is given), which hears
 * what the web processes' emitters publish and what the other instances send.
 * See docs/decisions/0008-split-mode.md.
 */
import { createAdapter as postgresAdapter } from '@socket.io/postgres-adapter';
import { createAdapter as redisAdapter } from '@socket.io/redis-adapter';
import type pg from 'pg';
import { busPool, endPool, redisClient, watchBus, type BusConfig, type BusWatch, type Logger } from '@fso/platform';
import type { RealtimeDeps } from './realtime-server.ts';

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

/** The adapter a realtime instance joins the cluster with, the bus's watch, and how to let go of it. */
export async function clusterAdapter(
  bus: BusConfig,
  log: Logger,
): Promise<{ adapter: NonNullable<RealtimeDeps['adapter']>; watch: BusWatch; close(): Promise<void> }> {
  const watch = watchBus(log);
  if (bus.redisUrl) {
    const [pub, sub] = await Promise.all([redisClient(bus.redisUrl, watch), redisClient(bus.redisUrl, watch)]);
    return {
      adapter: redisAdapter(pub, sub),
      watch,
      close: async () => void (await Promise.all([pub.quit(), sub.quit()])),
    };
  }
  const pool = busPool(bus.databaseUrl, watch.report);
  return {
    adapter: postgresAdapter(listeningPool(pool), { errorHandler: watch.report }),
    watch,
    close: () => endPool(pool),
  };
}
