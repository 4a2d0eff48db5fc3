/**
 * Live game events (SPEC §4, §7): gameUpdate, gameError; joinGame/leaveGame/makeMove; and
 * gameListUpdate, which keeps the games list current (issue 42).
 */
import type { AckCallback } from './ack.ts';
import type { Game, MakeMovePayload } from './game.ts';

/** A games list's row: what anybody may see of a game, without its boards or moves. */
export interface GameSummary {
  gameID: string;
  gameType: Game['gameType'];
  players: string[];
  state: { status: Game['state']['status']; winners: string[]; leftBy?: string };
}

export const gameSummaryOf = (game: Game): GameSummary => ({
  gameID: game.gameID,
  gameType: game.gameType,
  players: game.players,
  state: {
    status: game.state.status,
    winners: game.state.winners,
    ...(game.state.leftBy === undefined ? {} : { leftBy: game.state.leftBy }),
  },
});

/**
 * gameListUpdate, to every signed-in socket when a game's row on a list changes: created, joined,
 * started, over (not on every move); `removed` when a game nobody joined was cancelled.
 */
export type GameListUpdatePayload = { game: GameSummary } | { removed: string };

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
  gameListUpdate: (payload: GameListUpdatePayload) => void;
}

/**
 * Each answers its acknowledgement when given one (`data`: the game as this user sees it after
 * joinGame or makeMove); a client that gives none is sent a refusal as gameError instead.
 */
export interface GameClientEvents {
  /** Watch a game (room `game:<id>`); the socket at once gets its gameUpdate. Any signed-in user. */
  joinGame: (gameID: string, ack?: AckCallback<Game>) => void;
  leaveGame: (gameID: string, ack?: AckCallback) => void;
  makeMove: (payload: MakeMovePayload, ack?: AckCallback<Game>) => void;
}
