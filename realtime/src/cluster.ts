/**
 * How a realtime instance joins the cluster: a Socket.IO adapter over the bus of
 * @fso/platform (bus.ts; PostgreSQL LISTEN/NOTIFY, or Redis when a URL is given), which hears
 * what the web processes' emitters publish and what the other instances send.
 * See docs/decisions/0008-split-mode.md.
 */
import { createAdapter as postgresAdapter } from '@socket.io/postgres-adapter';
import { createAdapter as redisAdapter } from '@socket.io/redis-adapter';
import type pg from 'pg';
import { busPool, busReport, endPool, redisClient, type BusConfig, type Logger } from '@fso/platform';
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

/** The adapter a realtime instance joins the cluster with, and how to let go of it. */
export async function clusterAdapter(
  bus: BusConfig,
  log: Logger,
): Promise<{ adapter: NonNullable<RealtimeDeps['adapter']>; close(): Promise<void> }> {
  const report = busReport(log);
  if (bus.redisUrl) {
    const [pub, sub] = await Promise.all([redisClient(bus.redisUrl, report), redisClient(bus.redisUrl, report)]);
    return { adapter: redisAdapter(pub, sub), close: async () => void (await Promise.all([pub.quit(), sub.quit()])) };
  }
  const pool = busPool(bus.databaseUrl, report);
  return { adapter: postgresAdapter(listeningPool(pool), { errorHandler: report }), close: () => endPool(pool) };
}
