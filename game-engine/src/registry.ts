/**
 * Every game type: its name in GAME_TYPES and its rules in GAMES, keyed by that name (`satisfies`
 * makes the two agree both ways). A game is a folder of pure functions plus those two entries
 * here, and its screen in remix-app (components/games/screens.ts). The engine's dispatching
 * functions (index.ts) and the state, move and view types read this table.
 */
import * as battleship from './battleship/battleship.ts';
import * as nim from './nim/nim.ts';
import type { Rng } from './random.ts';
import type { Result } from './result.ts';

/** The game types, in the order the screens offer them. */
export const GAME_TYPES = ['Nim', 'Battleship'] as const;
export type GameType = (typeof GAME_TYPES)[number];

/** Whether `type` names a game this build has rules for (a stored game may be of a type since removed). */
export const isGameType = (type: string): type is GameType => (GAME_TYPES as readonly string[]).includes(type);

/** What one game type provides: its rules, as pure functions of its own state. */
export interface GameRules<State, Move, View> {
  /** A move from outside input's fields (a form's text or a socket's numbers), or its shape's message. */
  parseMove(fields: Readonly<Record<string, unknown>>): Result<Move>;
  setup(): State;
  /** `rng` places what a game hides (Battleship's fleets). */
  join(state: State, player: string, rng: Rng): Result<State>;
  leave(state: State, player: string): Result<State>;
  /** Checks, in order: game in progress, this player's turn, a legal move; then applies it. */
  applyMove(state: State, player: string, move: Move): Result<State>;
  /** Exactly what `viewer` (a player, a watcher, or nobody) may see. */
  view(state: State, viewer: string | null): View;
}

export const GAMES = {
  Nim: {
    parseMove: nim.parseMove,
    setup: nim.setup,
    join: (state, player) => nim.join(state, player),
    leave: nim.leave,
    applyMove: nim.applyMove,
    view: (state) => nim.view(state),
  } satisfies GameRules<nim.NimState, nim.NimMove, nim.NimStateView>,
  Battleship: {
    parseMove: battleship.parseMove,
    setup: battleship.setup,
    join: battleship.join,
    leave: battleship.leave,
    applyMove: battleship.applyMove,
    view: battleship.view,
  } satisfies GameRules<battleship.BattleshipState, battleship.BattleshipMove, battleship.BattleshipStateView>,
} satisfies Record<GameType, unknown>;

type Games = typeof GAMES;

/** The whole rules state of one game, as stored (it holds secrets such as unhit ships). */
export type GameState = { [T in GameType]: ReturnType<Games[T]['setup']> }[GameType];

/** The move each game type takes (SPEC §3 Move). */
export type GameMove = { [T in GameType]: Parameters<Games[T]['applyMove']>[2] }[GameType];

/** A game as one viewer may see it (SPEC §3 without the server-side id). */
export type GameView = {
  [T in GameType]: { gameType: T; players: string[]; state: ReturnType<Games[T]['view']> };
}[GameType];

/** The rules of `type`, over any game's state (each state carries its type, so the pairing holds). */
export const rulesOf = (type: GameType) => GAMES[type] as unknown as GameRules<GameState, GameMove, GameView['state']>;
