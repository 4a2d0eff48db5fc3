/**
 * Battleship (DESIGN "Games"): when the second player joins, both fleets are placed, each from
 * its own draws of the random source the caller passes in (the server's is node:crypto), so
 * nothing stored or shown relates one fleet to the other; players alternate one shot per turn
 * at the other's board; a player wins when every cell of the other fleet is HIT_SHIP. Each
 * viewer sees their own ships and only the hits on any other board while the game is played;
 * once it is over, both fleets are shown. Each fleet's ships are kept (never shown) so that a
 * shot that sinks one says so in the move log (`sunk`, its length; issue 42).
 */
import { numberField } from '../move-fields.ts';
import type { Rng } from '../random.ts';
import { joinSeat, leaveSeat, turnError, withMove } from '../seats.ts';
import { fail, succeed, type Result } from '../result.ts';
import type { Seats } from '../types.ts';
import {
  BOARD_SIZE,
  boardOf,
  emptyBoard,
  hasShipsLeft,
  hideShips,
  insideBoard,
  placeShips,
  type Board,
  type Ship,
} from './fleet.ts';

export const BATTLESHIP_ERRORS = {
  shape: 'Invalid move: a Battleship move is a cell with numbers x and y.',
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
  /** Each fleet's ships (games started before these were kept have none): never in a view. */
  player1Ships?: Ship[];
  player2Ships?: Ship[];
}

/** SPEC §3 Battleship state, as one viewer may see it. */
export type BattleshipStateView = Omit<BattleshipState, 'gameType' | 'player1Ships' | 'player2Ships'>;

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

/** A move from outside input's fields (a form's text or a socket's numbers); whether the cell is on the board is applyMove's. */
export function parseMove(fields: Readonly<Record<string, unknown>>): Result<BattleshipMove> {
  const x = numberField(fields.x);
  const y = numberField(fields.y);
  return x === null || y === null ? fail('invalid', BATTLESHIP_ERRORS.shape) : succeed({ x, y });
}

/** `rng` must be unpredictable (node:crypto on the server): a guessable source gives a fleet away. */
export const join = (state: BattleshipState, player: string, rng: Rng): Result<BattleshipState> =>
  joinSeat(state, player, (s) => {
    const player1Ships = placeShips(rng);
    const player2Ships = placeShips(rng);
    return {
      ...s,
      player1Board: boardOf(player1Ships),
      player2Board: boardOf(player2Ships),
      player1Ships,
      player2Ships,
    };
  });

export const leave = (state: BattleshipState, player: string): Result<BattleshipState> => leaveSeat(state, player);

export function applyMove(state: BattleshipState, player: string, move: BattleshipMove): Result<BattleshipState> {
  const notYours = turnError(state, player);
  if (notYours) return fail('invalid', notYours);
  const { x, y } = move;
  if (!insideBoard(x, y)) return fail('invalid', BATTLESHIP_ERRORS.outside);
  const theirs = state.player1 === player ? 'player2' : 'player1';
  const targetKey = `${theirs}Board` as const;
  const target = state[targetKey];
  const cell = target[y]?.[x] ?? null;
  if (cell === 'HIT_EMPTY' || cell === 'HIT_SHIP') return fail('invalid', BATTLESHIP_ERRORS.repeated);
  const board = target.map((row, ry) =>
    ry === y ? row.map((c, rx) => (rx === x ? (cell === 'SHIP' ? 'HIT_SHIP' : 'HIT_EMPTY') : c)) : row,
  );
  const sunk = cell === 'SHIP' ? sunkBy(state[`${theirs}Ships`], board, x, y) : undefined;
  const moves = withMove(state.moves, player, { x, y });
  if (sunk !== undefined) moves[moves.length - 1] = { ...moves.at(-1)!, sunk };
  const next: BattleshipState = { ...state, [targetKey]: board, moves };
  if (hasShipsLeft(board)) return succeed(next);
  return succeed({ ...next, status: 'OVER', winners: [player] });
}

/** The length of the ship at (x, y) when the shot there left none of its cells afloat. */
function sunkBy(ships: Ship[] | undefined, board: Board, x: number, y: number): number | undefined {
  const ship = ships?.find((s) => s.some((c) => c.x === x && c.y === y));
  return ship?.every((c) => board[c.y]![c.x] === 'HIT_SHIP') ? ship.length : undefined;
}

export function view(state: BattleshipState, viewer: string | null): BattleshipStateView {
  // Field by field: rows stored before fleets came from node:crypto also hold their seed, and
  // the ships are never shown. Once the game is over both fleets are (issue 42).
  const { status, player1, player2, moves, winners, player1Board, player2Board, leftBy, cancelled } = state;
  const shown = (owner: string | null) => status === 'OVER' || (viewer !== null && viewer === owner);
  return {
    status,
    player1,
    player2,
    moves,
    winners,
    ...(leftBy === undefined ? {} : { leftBy }),
    ...(cancelled === undefined ? {} : { cancelled }),
    player1Board: shown(player1) ? player1Board : hideShips(player1Board),
    player2Board: shown(player2) ? player2Board : hideShips(player2Board),
  };
}
