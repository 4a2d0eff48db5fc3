/**
 * Opens the database: node-postgres when a URL is given (production, CI), otherwise PGlite
 * (PostgreSQL in WASM) in a data directory, with a cache sized from its data and the ANALYZE
 * autovacuum would run (pglite-analyze.ts). Both are handed out as one drizzle type so every
 * query runs unchanged on either. PGlite carries pgvector; a PostgreSQL server may not.
 */
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { PGlite, types } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { vector } from '@electric-sql/pglite-pgvector';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import * as schema from './schema/index.ts';
import { ANALYZE_CHECK_MS, analyzeWhenStale } from './pglite-analyze.ts';
import { TurnTakingPGlite } from './pglite-turns.ts';

export type Schema = typeof schema;
/** What `execute` answers on either driver: node-postgres and PGlite both carry the rows. */
export interface RowsResult<Row> {
  rows: Row[];
}
interface RowsResultHKT extends PgQueryResultHKT {
  type: RowsResult<this['row']>;
}
export type Db = PgDatabase<RowsResultHKT, Schema>;

interface OpenDatabase {
  db: Db;
  /** Runs raw SQL text (several statements allowed); for migrations and test set-up. */
  exec(sqlText: string): Promise<void>;
  close(): Promise<void>;
}

/** An open database, by driver: embedded PGlite (tests clone its data directory) or a server's pool. */
export type Database = EmbeddedDatabase | ServerDatabase;
export type EmbeddedDatabase = OpenDatabase & { kind: 'pglite'; pglite: PGlite };
export type ServerDatabase = OpenDatabase & { kind: 'postgres'; pool: pg.Pool };

export type ServerConfig = { url: string; poolSize?: number };
export type EmbeddedConfig = { dataDir?: string; loadDataDir?: Blob | File };
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

export function openDatabase(config: DatabaseConfig): Promise<Database> {
  return 'url' in config ? openServerDatabase(config) : openEmbeddedDatabase(config);
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

export async function openServerDatabase(config: ServerConfig): Promise<ServerDatabase> {
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
  const db: Db = drizzlePg({ client: pool, schema });
  return {
    db,
    kind: 'postgres',
    pool,
    exec: async (text) => {
      await pool.query(text);
    },
    close: () => pool.end(),
  };
}

/** Bounds of PGlite's shared buffers, in MB, and the share of the database's files they are sized to. */
export const EMBEDDED_BUFFERS = { min: 16, max: 256, share: 1 / 8 } as const;

/**
 * PGlite's shared buffers for the data in `dataDir`: an eighth of its database files, between
 * 16 and 256 MB. PGlite touches all of its buffers when it starts, so PostgreSQL's default of
 * 128 MB would dominate a small site's process; but a page missing from them is read through
 * the WASM file system, on the Node thread, one 8 kB block per call: at 100,000 questions
 * (1.8 GB of files) a two-word search read ~3,300 blocks that way with 16 MB and none with
 * 216 MB, and cost 41% less CPU (decision record 0044). Taken at each start: it grows with the site.
 */
export function embeddedSharedBuffersMb(dataDir: string | undefined): number {
  const base = dataDir ? join(dataDir, 'base') : null;
  if (!base || !existsSync(base)) return EMBEDDED_BUFFERS.min;
  let bytes = 0;
  for (const entry of readdirSync(base, { recursive: true, withFileTypes: true }))
    if (entry.isFile()) bytes += statSync(join(entry.parentPath, entry.name)).size;
  const mb = Math.round((bytes * EMBEDDED_BUFFERS.share) / 2 ** 20);
  return Math.min(EMBEDDED_BUFFERS.max, Math.max(EMBEDDED_BUFFERS.min, mb));
}

export async function openEmbeddedDatabase(config: EmbeddedConfig): Promise<EmbeddedDatabase> {
  // PGlite's own bytea parser calls parseInt per byte: loading 20k stored vectors took seconds.
  const bytea = (hex: string) => {
    const bytes = Buffer.from(hex.slice(2), 'hex');
    return new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  };
  const pglite = new TurnTakingPGlite({
    dataDir: config.dataDir,
    loadDataDir: config.loadDataDir,
    extensions: { pg_trgm, vector },
    postgresqlconf: [`shared_buffers=${embeddedSharedBuffersMb(config.dataDir)}MB`],
    parsers: { [types.BYTEA]: bytea },
  });
  await pglite.waitReady;
  // No autovacuum here: statistics are refreshed at open and checked every ANALYZE_CHECK_MS.
  await analyzeWhenStale(pglite);
  // A failed check (the database closing meanwhile) is simply tried again at the next tick.
  const analyzing = setInterval(() => void analyzeWhenStale(pglite).catch(() => undefined), ANALYZE_CHECK_MS).unref();
  const db: Db = drizzlePglite({ client: pglite, schema });
  return {
    db,
    kind: 'pglite',
    pglite,
    exec: async (text) => {
      await pglite.exec(text);
    },
    close: () => {
      clearInterval(analyzing);
      return pglite.close();
    },
  };
}
