/**
 * Opens the database: a PostgreSQL server through node-postgres, at a URL (DATABASE_URL, a test
 * database) or the embedded server in a data directory (embedded-server.ts), which is started for
 * the caller, or used as it is when already running. One driver and one drizzle type everywhere.
 */
import { createHash } from 'node:crypto';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import * as schema from './schema/index.ts';
import { startEmbeddedServer } from './embedded-server.ts';

export type Schema = typeof schema;
/** What `execute` answers: node-postgres's result carries the rows. */
export interface RowsResult<Row> {
  rows: Row[];
}
interface RowsResultHKT extends PgQueryResultHKT {
  type: RowsResult<this['row']>;
}
export type Db = PgDatabase<RowsResultHKT, Schema>;

/** An open database: drizzle over a node-postgres pool. */
export interface Database {
  db: Db;
  pool: pg.Pool;
  /** Runs raw SQL text (several statements allowed); for migrations and test set-up. */
  exec(sqlText: string): Promise<void>;
  close(): Promise<void>;
}

export type ServerConfig = { url: string; poolSize?: number };
/** The embedded server whose cluster is in `dataDir` (DATA_DIR), started if it is not running. */
export type EmbeddedConfig = { dataDir: string; poolSize?: number };
export type DatabaseConfig = ServerConfig | EmbeddedConfig;

// Dates come back as JS Dates, bigint ids as numbers (identity values stay far below 2^53).
pg.types.setTypeParser(20, (v: string) => Number(v));

/** Distinct statements a connection keeps prepared; past this, further ones run unnamed. */
export const PREPARED_PER_CONNECTION = 200;

/**
 * Makes a pooled connection prepare each parameterised statement once, named by a hash of its
 * text: PostgreSQL then parses and plans a page's query once per connection instead of on
 * every request (planning was a third of the question list's database time).
 */
function prepareStatements(client: pg.PoolClient): void {
  const prepared = new Set<string>();
  const query = client.query.bind(client) as (config: unknown, ...rest: unknown[]) => unknown;
  const named = (config: unknown, values: unknown): unknown => {
    if (typeof config !== 'object' || config === null || !('text' in config) || typeof config.text !== 'string')
      return config;
    const params = values ?? ('values' in config ? config.values : undefined);
    if (('name' in config && config.name) || !Array.isArray(params) || params.length === 0) return config;
    const name = `fso_${createHash('sha1').update(config.text).digest('base64url')}`;
    if (!prepared.has(name)) {
      if (prepared.size >= PREPARED_PER_CONNECTION) return config;
      prepared.add(name);
    }
    return { ...config, name };
  };
  Object.assign(client, { query: (config: unknown, ...rest: unknown[]) => query(named(config, rest[0]), ...rest) });
}

/**
 * Makes a node-postgres pool survive its server going away: the pool and every client it ever
 * makes get an `error` listener. A client checked out (between two queries of a transaction,
 * or holding a LISTEN) has none of pg's own, and an unheard `error` event ends the process.
 * The query that used a lost connection fails on its own; `onError` hears the rest.
 */
export function guardPool(pool: pg.Pool, onError: (error: Error) => void = () => undefined): pg.Pool {
  pool.on('error', onError);
  pool.on('connect', (client) => void client.on('error', onError));
  return pool;
}

export async function openDatabase(config: DatabaseConfig): Promise<Database> {
  if ('url' in config) return openServerDatabase(config);
  const server = await startEmbeddedServer(config.dataDir);
  const database = await openServerDatabase({ url: server.url, poolSize: config.poolSize });
  return {
    ...database,
    close: async () => {
      await database.close();
      await server.stop();
    },
  };
}

/**
 * How long a pooled connection may sit idle before it is closed. A connection is worth keeping:
 * it holds its prepared statements and plans (above), and its backend's warmed caches and page
 * tables. A new one parses and plans every statement again (3–27 ms for the question page's) and,
 * until its backend has touched the shared buffers it reads, each read faults in memory: on
 * 16 new connections the question page's statement ran at half the rate of 16 old ones for ~30 s
 * (decision record 0076). node-postgres's default, 10 s, closed them at every lull.
 */
const POOL_IDLE_MS = 5 * 60_000;

export async function openServerDatabase(config: ServerConfig): Promise<Database> {
  // A server that is down answers at once; one that is unreachable must not hold a request forever.
  const pool = new pg.Pool({
    connectionString: config.url,
    max: config.poolSize ?? 10,
    connectionTimeoutMillis: 5000,
    idleTimeoutMillis: POOL_IDLE_MS,
  });
  // A lost connection is reported by the query that used it; the next query reconnects.
  guardPool(pool);
  pool.on('connect', prepareStatements);
  const db: Db = drizzle({ client: pool, schema });
  return {
    db,
    pool,
    exec: async (text) => {
      await pool.query(text);
    },
    close: () => pool.end(),
  };
}
