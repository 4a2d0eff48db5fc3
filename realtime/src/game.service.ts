/**
 * Game use cases, shared by the REST routes, the screens' form actions and the socket
 * handlers: create, join, leave, move, and reading games as one viewer may see them. Every
 * change is decided on the game's latest row and stored only on that version (changeGameRow);
 * once stored, it is sent to each socket in the game's room as that socket's user may see it.
 * The acting player is always the signed-in user; a payload naming anybody else is refused (403).
 */
import * as engine from '@fso/game-engine';
import { findGame, insertGame, listGames, rewriteGamesOf, runningGameIdsOf, type Db, type GameChange, type GameDecision, type GameListQuery, type GameRow } from '@fso/db';
import { MSG, moveSchemas, namesActor, parseWith, rooms, type EventPublisher, type Game, type GameType, type GameUpdatePayload } from '@fso/shared';
import { cryptoRng } from './crypto-rng.ts';
import { changeGameRow } from './game-rows.ts';

export interface GameDeps {
  db: Db;
  events: EventPublisher;
}

export type GameOutcome = { ok: true; value: Game } | { ok: false; status: number; error: string };

type Refusal = { status: number; error: string };

const refuse = (status: number, error: string) => ({ ok: false, status, error }) as const;

const stateOf = (row: GameRow) => row.state as engine.GameState;

/** The game as `viewer` (a username, or null for nobody in particular) may see it. */
export function gameFor(row: GameRow, viewer: string | null): Game {
  return { ...engine.viewGame(stateOf(row), viewer), gameID: String(row.id), version: row.version };
}

export async function findGameFor(db: Db, id: number, viewer: string): Promise<Game | null> {
  const row = await findGame(db, id);
  return row ? gameFor(row, viewer) : null;
}

export async function listGamesFor(db: Db, query: GameListQuery, viewer: string): Promise<{ games: Game[]; total: number }> {
  const page = await listGames(db, query);
  return { games: page.games.map((row) => gameFor(row, viewer)), total: page.total };
}

function decided(result: engine.Result<engine.GameState>, status: number): GameDecision<Refusal> {
  return result.ok ? { ok: true, state: result.state, status: result.state.status } : { ok: false, error: { status, error: result.error } };
}

/**
 * Sends each socket in the game's room its own view of the stored game: players theirs, others
 * the public one. Returns the view of `actor`.
 */
function publish(deps: GameDeps, row: GameRow, actor: string): Game {
  const seen = gameFor(row, null);
  const byUser = Object.fromEntries(seen.players.map((player): [string, [GameUpdatePayload]] => [player, [{ gameInstance: gameFor(row, player) }]]));
  deps.events.toRoomViews({ room: rooms.game(row.id), event: 'gameUpdate', byUser, others: [{ gameInstance: seen }] });
  return Object.hasOwn(byUser, actor) ? byUser[actor]![0].gameInstance : seen;
}

function settle(deps: GameDeps, change: GameChange<Refusal>, actor: string): GameOutcome {
  if (!change.found) return refuse(404, MSG.gameNotFound);
  if (!change.ok) return refuse(change.error.status, change.error.error);
  return { ok: true, value: change.changed ? publish(deps, change.row, actor) : gameFor(change.row, actor) };
}

/** A new game with its creator in the first seat (docs/decisions/0005-games.md). */
export async function createGame(deps: GameDeps, actor: string, gameType: GameType): Promise<GameOutcome> {
  const joined = engine.joinGame(engine.setupGame(gameType), actor, cryptoRng);
  if (!joined.ok) throw new Error(joined.error);
  const row = await insertGame(deps.db, { gameType, status: joined.state.status, state: joined.state });
  return { ok: true, value: gameFor(row, actor) };
}

type SeatRule = (state: engine.GameState, player: string) => engine.Result<engine.GameState>;

async function changeSeat(deps: GameDeps, actor: string, input: { gameID: string; playerID: string }, rule: SeatRule): Promise<GameOutcome> {
  if (!namesActor(actor, input.playerID)) return refuse(403, MSG.notAllowed);
  const change = await changeGameRow(deps.db, Number(input.gameID), (row) => decided(rule(stateOf(row), actor), 409));
  return settle(deps, change, actor);
}

export const joinGame = (deps: GameDeps, actor: string, input: { gameID: string; playerID: string }) =>
  changeSeat(deps, actor, input, (state, player) => engine.joinGame(state, player, cryptoRng));

export const leaveGame = (deps: GameDeps, actor: string, input: { gameID: string; playerID: string }) => changeSeat(deps, actor, input, engine.leaveGame);

/**
 * Deleting an account, first step: every game of `username` not yet over is left at once, as
 * if the player had pressed Leave (an opponent wins; a waiting game ends), and each is sent to
 * its room, so both players are told.
 */
export async function forfeitGamesOf(deps: GameDeps, username: string): Promise<void> {
  for (const id of await runningGameIdsOf(deps.db, username)) {
    settle(deps, await changeGameRow(deps.db, id, (row) => decided(engine.leaveGame(stateOf(row), username), 409)), username);
  }
}

/** What a deleted account is called in its games: never a valid username, so nobody can take it. */
export const deletedPlayerName = (userId: number) => `deleted user #${userId}`;

/**
 * Deleting an account, second step (in the deletion's transaction): its name leaves every game
 * it played, so whoever signs up with the name later has no seat, fleet or move in any of them.
 */
export const renameGamesOf = (db: Db, username: string, userId: number) =>
  rewriteGamesOf(db, username, (state) => engine.renamePlayer(state as engine.GameState, username, deletedPlayerName(userId)));

/**
 * One move, checked in a fixed order: who (the session, not the payload), does the game exist,
 * is the move well formed for its type, is the game in progress, is it this player's turn, is
 * the move legal, is it based on the current version; then it is applied, stored and sent.
 */
export async function makeMove(
  deps: GameDeps,
  actor: string,
  payload: { gameID: string; move: { playerID: string; move: unknown }; version?: number },
): Promise<GameOutcome> {
  if (!namesActor(actor, payload.move.playerID)) return refuse(403, MSG.notAllowed);
  const change = await changeGameRow<Refusal>(deps.db, Number(payload.gameID), (row) => {
    const state = stateOf(row);
    const move = parseWith(moveSchemas[state.gameType], payload.move.move);
    if (!move.ok) return { ok: false, error: { status: 400, error: move.error } };
    const applied = engine.applyMove(state, actor, move.data);
    if (applied.ok && payload.version !== undefined && payload.version !== row.version) return { ok: false, error: { status: 409, error: MSG.staleMove } };
    return decided(applied, 400);
  });
  return settle(deps, change, actor);
}
