/** Names and shapes every game shares: types, statuses, results, seats and the move log. */
export const GAME_TYPES = ['Nim', 'Battleship'] as const;
export type GameType = (typeof GAME_TYPES)[number];

export const GAME_STATUSES = ['WAITING_TO_START', 'IN_PROGRESS', 'OVER'] as const;
export type GameStatus = (typeof GAME_STATUSES)[number];

export interface MoveRecord<M> {
  playerID: string;
  move: M;
}

/** The part of every game's state that SPEC §3 names: status, seats, moves, winners. */
export interface Seats<M> {
  status: GameStatus;
  player1: string | null;
  player2: string | null;
  moves: MoveRecord<M>[];
  winners: string[];
}
