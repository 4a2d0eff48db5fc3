/**
 * Public surface of @fso/game-engine: the rules of every game behind one set of functions
 * that dispatch on the state's game type. Pure: no I/O, no clock, randomness only from an Rng passed in.
 */
import * as battleship from './battleship/battleship.ts';
import * as nim from './nim/nim.ts';
import { playersOf } from './seats.ts';
import type { Rng } from './random.ts';
import type { Result } from './result.ts';
import type { GameType } from './types.ts';

export * from './result.ts';
export * from './types.ts';
export { moverOf, MOVE_ERRORS, renamePlayer, SEAT_ERRORS } from './seats.ts';
export { NIM_ERRORS, NIM_MAX_TAKE, NIM_PILE, type NimMove, type NimState, type NimStateView } from './nim/nim.ts';
export {
  BATTLESHIP_ERRORS,
  type BattleshipMove,
  type BattleshipState,
  type BattleshipStateView,
} from './battleship/battleship.ts';
export { BOARD_SIZE, FLEET, type Board, type Cell } from './battleship/fleet.ts';
export type { Rng } from './random.ts';

/** The whole rules state of one game, as stored (it holds secrets such as unhit ships). */
export type GameState = nim.NimState | battleship.BattleshipState;

/** A game as one viewer may see it (SPEC §3 without the server-side id). */
export type GameView =
  | { gameType: 'Nim'; players: string[]; state: nim.NimStateView }
  | { gameType: 'Battleship'; players: string[]; state: battleship.BattleshipStateView };

/** The move each game type takes (SPEC §3 Move). */
export type GameMove = nim.NimMove | battleship.BattleshipMove;

export function setupGame(gameType: GameType): GameState {
  return gameType === 'Nim' ? nim.setup() : battleship.setup();
}

/** `rng` places what a game hides (Battleship's fleets); it must be unpredictable in a real game. */
export function joinGame(state: GameState, player: string, rng: Rng): Result<GameState> {
  return state.gameType === 'Nim' ? nim.join(state, player) : battleship.join(state, player, rng);
}

export function leaveGame(state: GameState, player: string): Result<GameState> {
  return state.gameType === 'Nim' ? nim.leave(state, player) : battleship.leave(state, player);
}

/**
 * Checks, in order: game in progress, this player's turn, a legal move; then applies it.
 * `move` must have the shape of the state's game type (the callers parse it with that
 * type's schema first).
 */
export function applyMove(state: GameState, player: string, move: GameMove): Result<GameState> {
  return state.gameType === 'Nim'
    ? nim.applyMove(state, player, move as nim.NimMove)
    : battleship.applyMove(state, player, move as battleship.BattleshipMove);
}

/** Exactly what `viewer` (a player, a watcher, or nobody) may see of the game. */
export function viewGame(state: GameState, viewer: string | null): GameView {
  const players = playersOf(state);
  return state.gameType === 'Nim'
    ? { gameType: 'Nim', players, state: nim.view(state) }
    : { gameType: 'Battleship', players, state: battleship.view(state, viewer) };
}
