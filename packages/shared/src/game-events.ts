/** Live game events (SPEC §4, §7): gameUpdate, gameError; joinGame/leaveGame/makeMove. */
import type { Game, MakeMovePayload } from './game.ts';

/** gameUpdate replaces the game; each socket gets the game as its own user may see it. */
export interface GameUpdatePayload {
  gameInstance: Game;
}

/** gameError goes only to the socket whose action failed, naming its player. */
export interface GameErrorPayload {
  gameID: string | null;
  player: string;
  error: string;
}

export interface GameServerEvents {
  gameUpdate: (payload: GameUpdatePayload) => void;
  gameError: (payload: GameErrorPayload) => void;
}

export interface GameClientEvents {
  /** Watch a game (room `game:<id>`); the socket at once gets its gameUpdate. Any signed-in user. */
  joinGame: (gameID: string) => void;
  leaveGame: (gameID: string) => void;
  makeMove: (payload: MakeMovePayload) => void;
}
