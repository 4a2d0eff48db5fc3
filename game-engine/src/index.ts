/**
 * Public surface of @fso/game-engine: the rules of every game (registry.ts) behind one set of
 * functions that dispatch on the state's game type. Pure: no I/O, no clock, randomness only from an Rng passed in.
 */
import { rulesOf, type GameMove, type GameState, type GameType, type GameView } from './registry.ts';
import { playersOf } from './seats.ts';
import type { Rng } from './random.ts';
import type { Result } from './result.ts';

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
export {
  GAME_TYPES,
  GAMES,
  isGameType,
  type GameMove,
  type GameRules,
  type GameState,
  type GameType,
  type GameView,
} from './registry.ts';

/** `fields` (an object of a form's texts or a socket's numbers) as a move of `gameType`, or why not. */
export function parseMove(gameType: GameType, fields: Readonly<Record<string, unknown>>): Result<GameMove> {
  return rulesOf(gameType).parseMove(fields);
}

export function setupGame(gameType: GameType): GameState {
  return rulesOf(gameType).setup();
}

/** `rng` places what a game hides (Battleship's fleets); it must be unpredictable in a real game. */
export function joinGame(state: GameState, player: string, rng: Rng): Result<GameState> {
  return rulesOf(state.gameType).join(state, player, rng);
}

export function leaveGame(state: GameState, player: string): Result<GameState> {
  return rulesOf(state.gameType).leave(state, player);
}

/**
 * Checks, in order: game in progress, this player's turn, a legal move; then applies it.
 * `move` must have the shape of the state's game type (the callers parse it with parseMove
 * for that type first).
 */
export function applyMove(state: GameState, player: string, move: GameMove): Result<GameState> {
  return rulesOf(state.gameType).applyMove(state, player, move);
}

/** Exactly what `viewer` (a player, a watcher, or nobody) may see of the game. */
export function viewGame(state: GameState, viewer: string | null): GameView {
  const view = rulesOf(state.gameType).view(state, viewer);
  return { gameType: state.gameType, players: playersOf(state), state: view } as GameView;
}
