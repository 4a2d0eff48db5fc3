/**
 * Game rows: create, read, list (filtered, paged, with the total), change under a row lock,
 * and store a state decided on a known version. The rules state is opaque JSON here; `version`
 * counts stored changes. A locked change runs in a transaction holding `SELECT … FOR UPDATE`
 * on its row, so each decision sees the latest state; `storeGameAt` is the one-statement
 * alternative for a caller that already holds the latest row: it stores only if the version is
 * still the one the state was decided on.
 */
import { and, count, desc, eq, sql } from 'drizzle-orm';
import type { GameStatus, GameType } from '@fso/shared';
import type { Db } from '../client.ts';
import { games } from '../schema/index.ts';

export interface GameRow {
  id: number;
  gameType: GameType;
  status: GameStatus;
  state: unknown;
  version: number;
}

const columns = { id: games.id, gameType: games.gameType, status: games.status, state: games.state, version: games.version };

// The CHECK constraints on the table guarantee the type and status values.
const toRow = (r: { id: number; gameType: string; status: string; state: unknown; version: number }): GameRow => r as GameRow;

export async function insertGame(db: Db, input: { gameType: GameType; status: GameStatus; state: unknown }): Promise<GameRow> {
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
  limit: number;
  offset: number;
}

/** Newest first, one page, plus how many games match the filters. */
export async function listGames(db: Db, q: GameListQuery): Promise<{ games: GameRow[]; total: number }> {
  const where = and(q.gameType ? eq(games.gameType, q.gameType) : undefined, q.status ? eq(games.status, q.status) : undefined);
  const [rows, totals] = await Promise.all([
    db.select(columns).from(games).where(where).orderBy(desc(games.createdAt), desc(games.id)).limit(Math.min(q.limit, 200)).offset(q.offset),
    db.select({ n: count() }).from(games).where(where),
  ]);
  return { games: rows.map(toRow), total: totals[0]?.n ?? 0 };
}

/** What a change decides, seeing the locked row: a new state and status, or a refusal. */
export type GameDecision<E> = { ok: true; state: unknown; status: GameStatus } | { ok: false; error: E };

export type GameChange<E> = { found: false } | { found: true; ok: false; error: E } | { found: true; ok: true; row: GameRow; changed: boolean };

/**
 * Locks the game's row, lets `decide` look at it, and stores the decided state with the next
 * version. A decision that returns the row's own state object changes nothing (no write).
 */
export async function changeGame<E>(db: Db, id: number, decide: (row: GameRow) => GameDecision<E>): Promise<GameChange<E>> {
  return db.transaction(async (tx) => {
    const [locked] = await tx.select(columns).from(games).where(eq(games.id, id)).for('update');
    if (!locked) return { found: false };
    const row = toRow(locked);
    const decision = decide(row);
    if (!decision.ok) return { found: true, ok: false, error: decision.error };
    if (decision.state === row.state) return { found: true, ok: true, row, changed: false };
    const [updated] = await tx
      .update(games)
      .set({ state: decision.state, status: decision.status, version: sql`${games.version} + 1`, updatedAt: sql`now()` })
      .where(eq(games.id, id))
      .returning(columns);
    return { found: true, ok: true, row: toRow(updated!), changed: true };
  });
}

const storeAt = (db: Db) =>
  db
    .update(games)
    // The state arrives as JSON text: both drivers pass text through unchanged.
    .set({ state: sql`${sql.placeholder('state')}::text::jsonb`, status: sql`${sql.placeholder('status')}`, version: sql`${games.version} + 1`, updatedAt: sql`now()` })
    .where(and(eq(games.id, sql.placeholder('id')), eq(games.version, sql.placeholder('version'))))
    .returning({ version: games.version })
    .prepare('fso_store_game_at');

const prepared = new WeakMap<Db, ReturnType<typeof storeAt>>();

/**
 * Stores `change` as the next version of game `id` if it is still at `version`: one UPDATE, no
 * lock, no read. Returns the stored row, or null when the game has moved on (or is gone).
 */
export async function storeGameAt(db: Db, row: GameRow, change: { state: unknown; status: GameStatus }): Promise<GameRow | null> {
  let statement = prepared.get(db);
  if (!statement) prepared.set(db, (statement = storeAt(db)));
  const [stored] = await statement.execute({ id: row.id, version: row.version, state: JSON.stringify(change.state), status: change.status });
  return stored ? { ...row, state: change.state, status: change.status, version: stored.version } : null;
}
