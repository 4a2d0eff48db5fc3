/**
 * Game use cases, shared by the REST routes, the screens' form actions and the socket
 * handlers: create, join, leave, move, and reading games as one viewer may see them. Every
 * change is decided on the game's latest row and stored only on that version (changeGameRow);
 * once stored, it is sent to each socket in the game's room as that socket's user may see it.
 * The acting player is always the signed-in user; a payload naming anybody else is refused
 * (`forbidden`). Failures are values (`Result`); each transport maps their kinds. A change that
 * moves a game's row on the games list (created, joined, started, over) also goes to every
 * signed-in socket as `gameListUpdate`; a game cancelled by its only player is removed.
 */
import * as engine from '@fso/game-engine';
import {
  deleteFinishedGame,
  findGame,
  insertGame,
  listGames,
  rewriteGamesOf,
  runningGameIdsOf,
  type Db,
  type GameChange,
  type GameDecision,
  type GameListQuery,
  type GameRow,
} from '@fso/db';
import { gameSummaryOf, MSG, parseMoveOf, rooms, type Game, type GameType, type GameUpdatePayload } from '@fso/shared';
import { actorNamed } from '../caller.ts';
import type { Caller, Ports } from '../ports.ts';
import { fail, succeed, type Result } from '../result.ts';
import { changeGameRow } from './game-rows.ts';

/** What the game use cases reach: the database, the event publisher, the limiter (creating) and randomness for fleets. */
export type GamePorts = Pick<Ports, 'db' | 'events' | 'limiter' | 'rng'>;

/**
 * The row's rules state, or "Unknown game type" (SPEC §8) for a game of a type this build has no
 * rules for (a type since removed from the registry): shown, joined or moved in, it is refused.
 */
function stateOf(row: GameRow): Result<engine.GameState> {
  return engine.isGameType(row.gameType)
    ? succeed(row.state as engine.GameState)
    : fail('invalid', MSG.unknownGameType);
}

/** The game as `viewer` (a username, or null for nobody in particular) may see it; `row` is of a known type. */
export function gameFor(row: GameRow, viewer: string | null): Game {
  return { ...engine.viewGame(row.state as engine.GameState, viewer), gameID: String(row.id), version: row.version };
}

/** Whom a read shows the games to: the caller's user, or nobody in particular. */
const viewerOf = (caller: Caller): string | null => caller.user?.username ?? null;

/** One game as the caller may see it: a player their own view, anybody else the public one. */
export async function findGameFor(
  ports: Pick<GamePorts, 'db'>,
  caller: Caller,
  input: { gameID: string },
): Promise<Result<Game>> {
  const row = await findGame(ports.db, Number(input.gameID));
  if (!row) return fail('notFound', MSG.gameNotFound);
  const state = stateOf(row);
  return state.ok ? succeed(gameFor(row, viewerOf(caller))) : state;
}

/** One page of games of the types this build knows, newest first, each as the caller may see it. */
export async function listGamesFor(
  ports: Pick<GamePorts, 'db'>,
  caller: Caller,
  query: Omit<GameListQuery, 'types'>,
): Promise<{ games: Game[]; total: number }> {
  const page = await listGames(ports.db, { ...query, types: engine.GAME_TYPES });
  return { games: page.games.map((row) => gameFor(row, viewerOf(caller))), total: page.total };
}

/** How many games are being played now (the metrics' gauge). */
export const countGamesInProgress = async (ports: Pick<GamePorts, 'db'>): Promise<number> =>
  (await listGames(ports.db, { status: 'IN_PROGRESS', types: engine.GAME_TYPES, limit: 1, offset: 0 })).total;

/** The verdict of `rule` on the row's state as a change's decision: the new state with its status, or a refusal. */
function decide(row: GameRow, rule: (state: engine.GameState) => Result<engine.GameState>): GameDecision {
  const state = stateOf(row);
  const result = state.ok ? rule(state.value) : state;
  return result.ok ? succeed({ state: result.value, status: result.value.status }) : result;
}

/**
 * Sends each socket in the game's room its own view of the stored game: players theirs, others
 * the public one. Returns the view of `actor`.
 */
function publish(ports: Pick<GamePorts, 'events'>, row: GameRow, actor: string): Game {
  const seen = gameFor(row, null);
  const byUser = Object.fromEntries(
    seen.players.map((player): [string, [GameUpdatePayload]] => [player, [{ gameInstance: gameFor(row, player) }]]),
  );
  ports.events.toRoomViews({ room: rooms.game(row.id), event: 'gameUpdate', byUser, others: [{ gameInstance: seen }] });
  // A move changes no list row, except the one that starts or ends the game.
  if (row.status !== 'IN_PROGRESS' || seen.state.moves.length === 0) publishListRow(ports, seen);
  return Object.hasOwn(byUser, actor) ? byUser[actor]![0].gameInstance : seen;
}

/** The games lists' row of the game (public view); a cancelled game's is its removal (removeIfCancelled). */
function publishListRow(ports: Pick<GamePorts, 'events'>, seen: Game): void {
  if (seen.state.cancelled) return;
  ports.events.toAll('gameListUpdate', { game: gameSummaryOf(seen) });
}

function settle(ports: Pick<GamePorts, 'events'>, change: GameChange, actor: string): Result<Game> {
  if (!change) return fail('notFound', MSG.gameNotFound);
  if (!change.ok) return change;
  const { row, changed } = change.value;
  return succeed(changed ? publish(ports, row, actor) : gameFor(row, actor));
}

/** A new game with its creator in the first seat (docs/decisions/0005-games.md), within the game-creation rate limit. */
export async function createGame(
  ports: Pick<GamePorts, 'db' | 'events' | 'limiter' | 'rng'>,
  caller: Caller,
  input: { gameType: GameType },
): Promise<Result<Game>> {
  const acting = actorNamed(caller);
  if (!acting.ok) return acting;
  const actor = acting.value.username;
  const limited = await ports.limiter.hit('gameCreate', caller);
  if (limited) return limited;
  const { gameType } = input;
  const joined = engine.joinGame(engine.setupGame(gameType), actor, ports.rng);
  if (!joined.ok) throw new Error(joined.message);
  const row = await insertGame(ports.db, { gameType, status: joined.value.status, state: joined.value });
  publishListRow(ports, gameFor(row, null));
  return succeed(gameFor(row, actor));
}

type SeatRule = (state: engine.GameState, player: string) => Result<engine.GameState>;

/** A seat taken or given up: `playerID` must name the signed-in user. */
export type SeatChange = (
  ports: Pick<GamePorts, 'db' | 'events' | 'rng'>,
  caller: Caller,
  input: { gameID: string; playerID: string },
) => Promise<Result<Game>>;

async function changeSeat(
  ports: Pick<GamePorts, 'db' | 'events'>,
  caller: Caller,
  input: { gameID: string; playerID: string },
  rule: SeatRule,
): Promise<Result<Game>> {
  const player = actorNamed(caller, input.playerID);
  if (!player.ok) return player;
  const actor = player.value.username;
  const change = await changeGameRow(ports.db, Number(input.gameID), (row) =>
    decide(row, (state) => rule(state, actor)),
  );
  return settle(ports, change, actor);
}

export const joinGame: SeatChange = (ports, caller, input) =>
  changeSeat(ports, caller, input, (state, player) => engine.joinGame(state, player, ports.rng));

export const leaveGame: SeatChange = async (ports, caller, input) =>
  removeIfCancelled(ports, await changeSeat(ports, caller, input, engine.leaveGame));

/** A game its only player left before anybody joined leaves no row behind (issue 42). */
async function removeIfCancelled(ports: Pick<GamePorts, 'db' | 'events'>, left: Result<Game>): Promise<Result<Game>> {
  if (left.ok && left.value.state.cancelled) {
    await deleteFinishedGame(ports.db, Number(left.value.gameID));
    ports.events.toAll('gameListUpdate', { removed: left.value.gameID });
  }
  return left;
}

/**
 * Deleting an account, first step: every game of the caller not yet over is left at once, as
 * if the player had pressed Leave (an opponent wins; a waiting game ends), and each is sent to
 * its room, so both players are told.
 */
export async function forfeitGamesOf(ports: Pick<GamePorts, 'db' | 'events'>, caller: Caller): Promise<void> {
  const username = caller.user?.username;
  if (!username) return;
  for (const id of await runningGameIdsOf(ports.db, username)) {
    const change = await changeGameRow(ports.db, id, (row) =>
      decide(row, (state) => engine.leaveGame(state, username)),
    );
    await removeIfCancelled(ports, settle(ports, change, username));
  }
}

/** What a deleted account is called in its games: never a valid username, so nobody can take it. */
export const deletedPlayerName = (userId: number) => `deleted user #${userId}`;

/**
 * Deleting an account, second step (in the deletion's transaction): its name leaves every game
 * it played, so whoever signs up with the name later has no seat, fleet or move in any of them.
 */
export const renameGamesOf = (db: Db, username: string, userId: number) =>
  rewriteGamesOf(db, username, (state) =>
    engine.renamePlayer(state as engine.GameState, username, deletedPlayerName(userId)),
  );

/**
 * One move, checked in a fixed order: who (the session, not the payload), does the game exist,
 * is the move well formed for its type, is the game in progress, is it this player's turn, is
 * the move legal, is it based on the current version; then it is applied, stored and sent.
 */
export async function makeMove(
  ports: Pick<GamePorts, 'db' | 'events'>,
  caller: Caller,
  payload: { gameID: string; move: { playerID: string; move: unknown }; version?: number },
): Promise<Result<Game>> {
  const player = actorNamed(caller, payload.move.playerID);
  if (!player.ok) return player;
  const actor = player.value.username;
  const change = await changeGameRow(ports.db, Number(payload.gameID), (row) =>
    decide(row, (state) => {
      const move = parseMoveOf(state.gameType, payload.move.move);
      if (!move.ok) return move;
      const applied = engine.applyMove(state, actor, move.value);
      if (applied.ok && payload.version !== undefined && payload.version !== row.version)
        return fail('conflict', MSG.staleMove);
      return applied;
    }),
  );
  return settle(ports, change, actor);
}
