/**
 * Game rows: create, read, list (filtered, paged, with the total), change under a row lock,
 * and store a state decided on a known version. The rules state is opaque JSON here; `version`
 * counts stored changes. A locked change runs in a transaction holding `SELECT … FOR UPDATE`
 * on its row, so each decision sees the latest state; `storeGameAt` is the one-statement
 * alternative for a caller that already holds the latest row: it stores only if the version is
 * still the one the state was decided on, and states of many games arriving together share
 * one UPDATE. The games whose seats name a user are found through the seat indexes (migration
 * 0010), for deleting that user's account.
 */
import { and, count, desc, eq, inArray, ne, or, sql } from 'drizzle-orm';
import { succeed, type GameStatus, type GameType, type Result } from '@fso/shared';
import type { Db } from '../client.ts';
import { games } from '../schema/index.ts';

export interface GameRow {
  id: number;
  /** A type createGame checked, but maybe one a later build no longer has: core checks it on each read. */
  gameType: string;
  status: GameStatus;
  state: unknown;
  version: number;
}

const columns = {
  id: games.id,
  gameType: games.gameType,
  status: games.status,
  state: games.state,
  version: games.version,
};

// The status CHECK guarantees the status; the type is left as stored (see GameRow).
const toRow = (r: { id: number; gameType: string; status: string; state: unknown; version: number }): GameRow =>
  r as GameRow;

export async function insertGame(
  db: Db,
  input: { gameType: GameType; status: GameStatus; state: unknown },
): Promise<GameRow> {
  const [row] = await db.insert(games).values(input).returning(columns);
  return toRow(row!);
}

export async function findGame(db: Db, id: number): Promise<GameRow | null> {
  const [row] = await db.select(columns).from(games).where(eq(games.id, id)).limit(1);
  return row ? toRow(row) : null;
}

export interface GameListQuery {
  gameType?: GameType;
  status?: GameStatus;
  /** Only games of these types (the ones the build has rules for). */
  types: readonly string[];
  limit: number;
  offset: number;
}

/** Newest first, one page, plus how many games match the filters. */
export async function listGames(db: Db, q: GameListQuery): Promise<{ games: GameRow[]; total: number }> {
  const where = and(
    q.gameType ? eq(games.gameType, q.gameType) : undefined,
    q.status ? eq(games.status, q.status) : undefined,
    inArray(games.gameType, [...q.types]),
  );
  const [rows, totals] = await Promise.all([
    db
      .select(columns)
      .from(games)
      .where(where)
      .orderBy(desc(games.createdAt), desc(games.id))
      .limit(Math.min(q.limit, 200))
      .offset(q.offset),
    db.select({ n: count() }).from(games).where(where),
  ]);
  return { games: rows.map(toRow), total: totals[0]?.n ?? 0 };
}

/** What a change decides, seeing the locked row: a new state and status, or a refusal (the one result shape). */
export type GameDecision = Result<{ state: unknown; status: GameStatus }>;

/** The stored row and whether it changed, the decision's refusal, or null when there is no such game. */
export type GameChange = Result<{ row: GameRow; changed: boolean }> | null;

/**
 * Locks the game's row, lets `decide` look at it, and stores the decided state with the next
 * version. A decision that returns the row's own state object changes nothing (no write).
 */
export async function changeGame(db: Db, id: number, decide: (row: GameRow) => GameDecision): Promise<GameChange> {
  return db.transaction(async (tx) => {
    const [locked] = await tx.select(columns).from(games).where(eq(games.id, id)).for('update');
    if (!locked) return null;
    const row = toRow(locked);
    const decision = decide(row);
    if (!decision.ok) return decision;
    const { state, status } = decision.value;
    if (state === row.state) return succeed({ row, changed: false });
    const [updated] = await tx
      .update(games)
      .set({ state, status, version: sql`${games.version} + 1`, updatedAt: sql`now()` })
      .where(eq(games.id, id))
      .returning(columns);
    return succeed({ row: toRow(updated!), changed: true });
  });
}

interface PendingStore {
  row: GameRow;
  change: { state: unknown; status: GameStatus };
  done(stored: GameRow | null): void;
  fail(error: unknown): void;
}

/** The states waiting to be stored in one database, how many statements run, whether one is about to start. */
interface Writer {
  queue: PendingStore[];
  running: number;
  starting: boolean;
}

const MAX_RUNNING = 2;
const MAX_BATCH = 200;
const writers = new WeakMap<Db, Writer>();

/** Stores each game of `batch` still at its version, in one UPDATE; returns the new version of each game stored. */
async function storeBatch(db: Db, batch: PendingStore[]): Promise<Map<number, number>> {
  // State objects go inside one JSON text: serialised once, parsed once by PostgreSQL, no escaping.
  const input = JSON.stringify(
    batch.map((p) => ({ id: p.row.id, version: p.row.version, status: p.change.status, state: p.change.state })),
  );
  const result = await db.execute<{
    id: number | bigint;
    version: number;
  }>(sql`UPDATE games AS g SET state = v.state, status = v.status, version = g.version + 1, updated_at = now()
    FROM jsonb_to_recordset(${input}::text::jsonb) AS v(id bigint, version integer, status text, state jsonb)
    WHERE g.id = v.id AND g.version = v.version
    RETURNING g.id, g.version`);
  return new Map(result.rows.map((r) => [Number(r.id), r.version]));
}

/** Runs batches while states wait; each caller learns whether its own game was stored. */
async function drain(db: Db, writer: Writer): Promise<void> {
  writer.running += 1;
  try {
    while (writer.queue.length > 0) {
      const batch = writer.queue.splice(0, MAX_BATCH);
      // A second change of one game in a batch was decided on the same version: it loses.
      const games = new Set<number>();
      const first = new Set(batch.filter((p) => !games.has(p.row.id) && games.add(p.row.id)));
      try {
        const stored = await storeBatch(db, [...first]);
        for (const p of batch) {
          const version = first.has(p) ? stored.get(p.row.id) : undefined;
          p.done(version === undefined ? null : { ...p.row, state: p.change.state, status: p.change.status, version });
        }
      } catch (error) {
        for (const p of batch) p.fail(error);
      }
    }
  } finally {
    writer.running -= 1;
  }
}

/**
 * Stores `change` as the next version of game `row.id` if it is still at `row.version`: no lock,
 * no read. Returns the stored row, or null when the game has moved on (or is gone). Changes
 * that arrive in the same round of the event loop, or while MAX_RUNNING statements run, are
 * stored together, in one statement.
 */
export function storeGameAt(
  db: Db,
  row: GameRow,
  change: { state: unknown; status: GameStatus },
): Promise<GameRow | null> {
  let writer = writers.get(db);
  if (!writer) writers.set(db, (writer = { queue: [], running: 0, starting: false }));
  const w = writer;
  return new Promise((done, fail) => {
    w.queue.push({ row, change, done, fail });
    if (w.running >= MAX_RUNNING || w.starting) return;
    // Started after the event loop's current round of I/O, so the moves read in that round share
    // the statement (an embedded database answers before the next message is even read).
    w.starting = true;
    setImmediate(() => {
      w.starting = false;
      void drain(db, w);
    });
  });
}

const seatedIn = (username: string) =>
  or(sql`${games.state}->>'player1' = ${username}`, sql`${games.state}->>'player2' = ${username}`);

/** The games not yet over in which `username` holds a seat. */
export async function runningGameIdsOf(db: Db, username: string): Promise<number[]> {
  const rows = await db
    .select({ id: games.id })
    .from(games)
    .where(and(seatedIn(username), ne(games.status, 'OVER')));
  return rows.map((r) => r.id);
}

/**
 * Rewrites every game in which `username` holds a seat with `rewrite` (its next version, so a
 * state remembered elsewhere is stale), in one UPDATE; answers how many.
 */
export async function rewriteGamesOf(db: Db, username: string, rewrite: (state: unknown) => unknown): Promise<number> {
  const rows = await db
    .select({ id: games.id, state: games.state })
    .from(games)
    .where(seatedIn(username))
    .for('update');
  if (rows.length === 0) return 0;
  const input = JSON.stringify(rows.map((r) => ({ id: r.id, state: rewrite(r.state) })));
  await db.execute(sql`UPDATE games AS g SET state = v.state, version = g.version + 1, updated_at = now()
    FROM jsonb_to_recordset(${input}::text::jsonb) AS v(id bigint, state jsonb) WHERE g.id = v.id`);
  return rows.length;
}

/** Removes a game that is over (a cancelled one: core decides which); a game still played stays. */
export async function deleteFinishedGame(db: Db, id: number): Promise<void> {
  await db.delete(games).where(and(eq(games.id, id), eq(games.status, 'OVER')));
}
