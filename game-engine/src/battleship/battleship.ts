/**
 * Battleship (DESIGN "Games"): when the second player joins, both fleets are placed, each from
 * its own draws of the random source the caller passes in (the server's is node:crypto), so
 * nothing stored or shown relates one fleet to the other; players alternate one shot per turn
 * at the other's board; a player wins when every cell of the other fleet is HIT_SHIP. Each
 * viewer sees their own ships and only the hits on any other board.
 */
import type { Rng } from '../random.ts';
import { joinSeat, leaveSeat, turnError, withMove } from '../seats.ts';
import { fail, succeed, type Result } from '../result.ts';
import type { Seats } from '../types.ts';
import { BOARD_SIZE, emptyBoard, hasShipsLeft, hideShips, insideBoard, placeFleet, type Board } from './fleet.ts';

export const BATTLESHIP_ERRORS = {
  outside: `Invalid move: the target must be inside the board (x and y from 0 to ${BOARD_SIZE - 1})`,
  repeated: 'Invalid move: that cell has already been shot',
} as const;

export interface BattleshipMove {
  x: number;
  y: number;
}

export interface BattleshipState extends Seats<BattleshipMove> {
  gameType: 'Battleship';
  player1Board: Board;
  player2Board: Board;
}

/** SPEC §3 Battleship state, as one viewer may see it. */
export type BattleshipStateView = Omit<BattleshipState, 'gameType'>;

export function setup(): BattleshipState {
  return {
    gameType: 'Battleship',
    status: 'WAITING_TO_START',
    player1: null,
    player2: null,
    moves: [],
    winners: [],
    player1Board: emptyBoard(),
    player2Board: emptyBoard(),
  };
}

/** `rng` must be unpredictable (node:crypto on the server): a guessable source gives a fleet away. */
export const join = (state: BattleshipState, player: string, rng: Rng): Result<BattleshipState> =>
  joinSeat(state, player, (s) => ({ ...s, player1Board: placeFleet(rng), player2Board: placeFleet(rng) }));

export const leave = (state: BattleshipState, player: string): Result<BattleshipState> => leaveSeat(state, player);

export function applyMove(state: BattleshipState, player: string, move: BattleshipMove): Result<BattleshipState> {
  const notYours = turnError(state, player);
  if (notYours) return fail('invalid', notYours);
  const { x, y } = move;
  if (!insideBoard(x, y)) return fail('invalid', BATTLESHIP_ERRORS.outside);
  const targetKey = state.player1 === player ? 'player2Board' : 'player1Board';
  const target = state[targetKey];
  const cell = target[y]?.[x] ?? null;
  if (cell === 'HIT_EMPTY' || cell === 'HIT_SHIP') return fail('invalid', BATTLESHIP_ERRORS.repeated);
  const board = target.map((row, ry) =>
    ry === y ? row.map((c, rx) => (rx === x ? (cell === 'SHIP' ? 'HIT_SHIP' : 'HIT_EMPTY') : c)) : row,
  );
  const next: BattleshipState = { ...state, [targetKey]: board, moves: withMove(state.moves, player, { x, y }) };
  if (hasShipsLeft(board)) return succeed(next);
  return succeed({ ...next, status: 'OVER', winners: [player] });
}

export function view(state: BattleshipState, viewer: string | null): BattleshipStateView {
  // Field by field: rows stored before fleets came from node:crypto also hold their seed.
  const { status, player1, player2, moves, winners, player1Board, player2Board } = state;
  return {
    status,
    player1,
    player2,
    moves,
    winners,
    player1Board: viewer !== null && viewer === state.player1 ? player1Board : hideShips(player1Board),
    player2Board: viewer !== null && viewer === state.player2 ? player2Board : hideShips(player2Board),
  };
}
