/**
 * The time tiers of a ranked search's full-text read (migration 0026, decision record 0074):
 * `question_search` cut by ask time into tiers that double in size going back from the newest,
 * each with a partial GIN index of its own over the tags and the search document. A search reads
 * its newest matches tier by tier, newest first, and stops at the first tiers that hold enough, so
 * what it reads follows what it keeps, not how many matches the whole site has. This module cuts
 * and rebuilds the tiers, tells when the newest one has outgrown its size, keeps them up in a
 * running server, and writes a tier's test.
 */
import { sql, type SQL } from 'drizzle-orm';
import type pg from 'pg';
import type { Database, Db } from '../client.ts';
import { rows } from './sql-rows.ts';

/** Rows of the newest tier when the tiers are cut; each older tier holds twice the one before it, the oldest the rest. */
export const FIRST_TIER_ROWS = 2048;
/** The tiers are cut again once the newest (open) tier holds this many times its size. */
export const TIER_GROWTH = 4;
/** A site is cut into tiers once it holds more than this many times the first tier's size. */
const TIERED_PAST = 2;

/** A tier's ask times, [lo, hi): ISO 8601 in UTC to the microsecond, null where open. */
export interface SearchTier {
  lo: string | null;
  hi: string | null;
}

/** How long a process reuses the tiers it read: a rebuild keeps the old indexes at least twice this long. */
const TIERS_TTL_MS = 60_000;
const tierCaches = new WeakMap<Db, { at: number; tiers: Promise<SearchTier[]> }>();

const isoOf = (column: string) => `to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;

async function readTiers(db: Db): Promise<SearchTier[]> {
  return rows<{ lo: string | null; hi: string | null }>(
    db,
    `SELECT ${isoOf('lo')} AS lo, ${isoOf('hi')} AS hi FROM search_tiers ORDER BY tier`,
  );
}

/** The tiers, newest first (none: the site is too small, or they were never cut), read once a minute per database. */
export function searchTiers(db: Db): Promise<SearchTier[]> {
  const known = tierCaches.get(db);
  if (known && Date.now() - known.at < TIERS_TTL_MS) return known.tiers;
  const tiers = readTiers(db);
  tiers.catch(() => tierCaches.delete(db));
  tierCaches.set(db, { at: Date.now(), tiers });
  return tiers;
}

const ISO_TIME = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{6}Z$/;
/** An ask time written into the statement (the index's predicate and the search's test must be the same constant for the planner to match them). */
function timeLiteral(iso: string): string {
  if (!ISO_TIME.test(iso)) throw new RangeError(`not a tier bound: ${iso}`);
  return `'${iso}'::timestamptz`;
}

/** The tier's test on `ask_date_time`, as its index's predicate writes it. */
export function tierCondition(tier: SearchTier): SQL {
  const parts = [
    ...(tier.lo ? [`ask_date_time >= ${timeLiteral(tier.lo)}`] : []),
    ...(tier.hi ? [`ask_date_time < ${timeLiteral(tier.hi)}`] : []),
  ];
  return sql.raw(parts.length ? parts.join(' AND ') : 'TRUE');
}

/**
 * The tiers' bounds for the questions as they are now: the ask times of the last rows of the
 * newest first × (2^k − 1), newest first (a tie there joins the newer tier), and the tiers between
 * them, the newest and the oldest open. None until the site holds more than `TIERED_PAST` times
 * `first` questions.
 */
export async function cutSearchTiers(db: Db, first = FIRST_TIER_ROWS): Promise<SearchTier[]> {
  const points = (
    await rows<{ at: string }>(
      db,
      sql`SELECT ${sql.raw(isoOf('ask_date_time'))} AS at FROM (SELECT ask_date_time, row_number() OVER (ORDER BY ask_date_time DESC, id DESC) - 1 AS r, count(*) OVER () AS n FROM question_search) o
          WHERE n > ${TIERED_PAST * first} AND r < n - 1 AND r IN (SELECT ${first}::bigint * (2::bigint ^ k - 1)::bigint - 1 FROM generate_series(1, 40) k) ORDER BY r`,
    )
  )
    .map((r) => r.at)
    .filter((at, i, all) => i === 0 || at !== all[i - 1]);
  if (!points.length) return [];
  return [
    { lo: points[0]!, hi: null },
    ...points.slice(1).map((lo, i) => ({ lo, hi: points[i]! })),
    { lo: null, hi: points.at(-1)! },
  ];
}

/** Whether the tiers should be cut (again): none yet on a site past `TIERED_PAST` times the first tier's size, or the newest one grown past `TIER_GROWTH` times it. */
export async function searchTiersStale(db: Db, first = FIRST_TIER_ROWS): Promise<boolean> {
  const [newest] = await readTiers(db);
  const past = (newest ? TIER_GROWTH : TIERED_PAST) * first;
  const where = newest ? sql`WHERE ${tierCondition(newest)}` : sql``;
  const [row] = await rows<{ n: number }>(
    db,
    sql`SELECT count(*)::int AS n FROM (SELECT 1 FROM question_search ${where} LIMIT ${past + 1}) s`,
  );
  return Number(row?.n ?? 0) > past;
}

/**
 * Cuts the tiers again and builds their indexes (without blocking writes),
 * then swaps them in and drops the old ones, at once or `dropOldAfterMs` later (a running server's
 * processes still read the old bounds for up to a minute, and their statements need the old
 * indexes meanwhile). Returns the new tiers.
 */
export async function rebuildSearchTiers(
  database: Database,
  opts: { first?: number; dropOldAfterMs?: number } = {},
): Promise<SearchTier[]> {
  const { db } = database;
  const tiers = await cutSearchTiers(db, opts.first);
  const generation = `${Date.now().toString(36)}${Math.floor(Math.random() * 1296).toString(36)}`;
  const built: string[] = [];
  let old: string[];
  try {
    for (const [i, tier] of tiers.entries()) {
      const name = `question_search_tier_${generation}_${i}`;
      await rows(
        db,
        sql`CREATE INDEX CONCURRENTLY ${sql.raw(name)} ON question_search USING gin (tag_ids, search) WHERE ${tierCondition(tier)}`,
      );
      built.push(name);
    }
    old = await db.transaction(async (tx) => {
      await rows(tx, 'LOCK TABLE search_tiers IN EXCLUSIVE MODE');
      const before = (await rows<{ index_name: string }>(tx, 'SELECT index_name FROM search_tiers')).map(
        (r) => r.index_name,
      );
      await rows(tx, 'DELETE FROM search_tiers');
      for (const [i, tier] of tiers.entries())
        await rows(
          tx,
          sql`INSERT INTO search_tiers (tier, lo, hi, index_name) VALUES (${i}, ${tier.lo}::timestamptz, ${tier.hi}::timestamptz, ${built[i]})`,
        );
      return before;
    });
  } catch (error) {
    for (const name of built) await rows(db, `DROP INDEX IF EXISTS ${name}`).catch(() => undefined);
    throw error;
  }
  tierCaches.delete(db);
  const dropOld = async () => {
    for (const name of old) await rows(db, `DROP INDEX CONCURRENTLY IF EXISTS ${name}`);
  };
  if (opts.dropOldAfterMs) setTimeout(() => void dropOld().catch(() => undefined), opts.dropOldAfterMs).unref();
  else await dropOld();
  return tiers;
}

/**
 * Keeps the tiers cut as the site grows, in a running server: a look every `intervalMs` (the
 * first soon after start), and a rebuild when they are stale (`first`: the first tier's size).
 * Server processes take turns by an advisory lock, so one of them rebuilds. Returns the stop.
 */
export function startSearchTierUpkeep(
  database: Database,
  {
    log,
    intervalMs = 10 * 60_000,
    firstLookMs = 30_000,
    first = FIRST_TIER_ROWS,
  }: { log: (message: string, error?: unknown) => void; intervalMs?: number; firstLookMs?: number; first?: number },
): () => void {
  let busy = false;
  const look = async () => {
    if (busy) return;
    busy = true;
    let client: pg.PoolClient | null = null;
    let locked = false;
    try {
      client = await database.pool.connect();
      locked = Boolean((await client.query<{ ok: boolean }>('SELECT pg_try_advisory_lock(74026) AS ok')).rows[0]?.ok);
      if (!locked) return;
      if (!(await searchTiersStale(database.db, first))) return;
      const started = Date.now();
      const tiers = await rebuildSearchTiers(database, { first, dropOldAfterMs: 2 * TIERS_TTL_MS });
      log(`Cut the search tiers again: ${tiers.length} tiers in ${((Date.now() - started) / 1000).toFixed(1)} s.`);
    } catch (error) {
      log('Cutting the search tiers failed; searches read the tiers they had.', error);
    } finally {
      if (locked) await client?.query('SELECT pg_advisory_unlock(74026)').catch(() => undefined);
      client?.release();
      busy = false;
    }
  };
  const soon = setTimeout(() => void look(), firstLookMs).unref();
  const every = setInterval(() => void look(), intervalMs).unref();
  return () => {
    clearTimeout(soon);
    clearInterval(every);
  };
}
