/** Names and shapes every game shares: statuses, results, seats and the move log (the game types are registry.ts's). */
export const GAME_STATUSES = ['WAITING_TO_START', 'IN_PROGRESS', 'OVER'] as const;
export type GameStatus = (typeof GAME_STATUSES)[number];

export interface MoveRecord<M> {
  playerID: string;
  move: M;
  /** Battleship: the length of the ship this shot sank (issue 42). */
  sunk?: number;
}

/**
 * The part of every game's state that SPEC §3 names: status, seats, moves, winners; and how it
 * ended when a player left: `leftBy` (who left a game being played, so the other is told why
 * they won) or `cancelled` (its only player left before anybody joined: the game is removed).
 */
export interface Seats<M> {
  status: GameStatus;
  player1: string | null;
  player2: string | null;
  moves: MoveRecord<M>[];
  winners: string[];
  leftBy?: string;
  cancelled?: boolean;
}
