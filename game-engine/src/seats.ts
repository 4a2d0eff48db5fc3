/**
 * Rules every two-player game shares: joining a seat (the first joiner is player1 and moves
 * first; the second starts the game), leaving (before the start it cancels the game, marked
 * `cancelled` so it is removed; during it hands the win to the opponent and says who left), whose turn it is, and the turn check before any move.
 * A refused seat change is a `conflict` (the game's state forbids it); a refused move is
 * `invalid`.
 */
import { fail, succeed, type Result } from './result.ts';
import type { MoveRecord, Seats } from './types.ts';

export const SEAT_ERRORS = {
  over: 'This game is already over.',
  full: 'This game is full.',
  notPlayer: 'You are not a player in this game.',
} as const;

export const MOVE_ERRORS = {
  notInProgress: 'Invalid move: game is not in progress',
  wrongPlayer: 'Invalid move: wrong player',
} as const;

type AnySeats = Seats<unknown>;

export const playersOf = (s: Pick<AnySeats, 'player1' | 'player2'>): string[] =>
  [s.player1, s.player2].filter((p): p is string => p !== null);

export const isPlayer = (s: Pick<AnySeats, 'player1' | 'player2'>, player: string) =>
  s.player1 === player || s.player2 === player;

export function opponentOf(s: Pick<AnySeats, 'player1' | 'player2'>, player: string): string | null {
  if (s.player1 === player) return s.player2;
  if (s.player2 === player) return s.player1;
  return null;
}

/** Whose move it is: players alternate, player1 first; nobody unless the game is in progress. */
export function moverOf(s: Pick<AnySeats, 'status' | 'player1' | 'player2' | 'moves'>): string | null {
  if (s.status !== 'IN_PROGRESS') return null;
  return s.moves.length % 2 === 0 ? s.player1 : s.player2;
}

/** Takes a seat; already being seated is no change. `start` sets up play once both are in. */
export function joinSeat<S extends AnySeats>(state: S, player: string, start: (s: S) => S): Result<S> {
  if (isPlayer(state, player)) return succeed(state);
  if (state.status === 'OVER') return fail('conflict', SEAT_ERRORS.over);
  if (state.status === 'IN_PROGRESS') return fail('conflict', SEAT_ERRORS.full);
  if (state.player1 === null) return succeed({ ...state, player1: player });
  return succeed(start({ ...state, player2: player, status: 'IN_PROGRESS' }));
}

export function leaveSeat<S extends AnySeats>(state: S, player: string): Result<S> {
  if (!isPlayer(state, player)) return fail('conflict', SEAT_ERRORS.notPlayer);
  if (state.status === 'OVER') return fail('conflict', SEAT_ERRORS.over);
  const opponent = opponentOf(state, player);
  if (state.status === 'IN_PROGRESS' && opponent)
    return succeed({ ...state, status: 'OVER', winners: [opponent], leftBy: player });
  return succeed({ ...state, status: 'OVER', winners: [], cancelled: true });
}

/** The checks before any move, in order: is the game in progress, is it this player's turn. */
export function turnError(state: AnySeats, player: string): string | null {
  if (state.status !== 'IN_PROGRESS') return MOVE_ERRORS.notInProgress;
  if (moverOf(state) !== player) return MOVE_ERRORS.wrongPlayer;
  return null;
}

export const withMove = <M>(moves: MoveRecord<M>[], playerID: string, move: M): MoveRecord<M>[] => [
  ...moves,
  { playerID, move },
];

/**
 * The same game with every mention of player `from` (seat, moves, winners) given to `to`: how a
 * deleted account's name leaves its games, so a newcomer who takes the name takes nothing.
 */
export function renamePlayer<S extends AnySeats>(state: S, from: string, to: string): S {
  const swap = (p: string) => (p === from ? to : p);
  return {
    ...state,
    player1: state.player1 === null ? null : swap(state.player1),
    player2: state.player2 === null ? null : swap(state.player2),
    moves: state.moves.map((m) => ({ ...m, playerID: swap(m.playerID) })),
    ...(state.leftBy === undefined ? {} : { leftBy: swap(state.leftBy) }),
    winners: state.winners.map(swap),
  };
}
