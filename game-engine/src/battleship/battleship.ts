/**
 * Battleship (DESIGN "Games"): when the second player joins, the server places both fleets
 * from the game's seed; players alternate one shot per turn at the other's board; a player
 * wins when every cell of the other fleet is HIT_SHIP. Each viewer sees their own ships and
 * only the hits on any other board; the seed never leaves the server.
 */
import { createRng } from '../random.ts';
import { joinSeat, leaveSeat, turnError, withMove } from '../seats.ts';
import type { Result, Seats } from '../types.ts';
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
  /** Where the fleets come from: secret, as it would reveal them. */
  seed: number;
  player1Board: Board;
  player2Board: Board;
}

/** SPEC §3 Battleship state, as one viewer may see it. */
export type BattleshipStateView = Omit<BattleshipState, 'gameType' | 'seed'>;

export function setup(seed: number): BattleshipState {
  return {
    gameType: 'Battleship',
    seed,
    status: 'WAITING_TO_START',
    player1: null,
    player2: null,
    moves: [],
    winners: [],
    player1Board: emptyBoard(),
    player2Board: emptyBoard(),
  };
}

function placeFleets(state: BattleshipState): BattleshipState {
  const rng = createRng(state.seed);
  const player1Board = placeFleet(rng);
  return { ...state, player1Board, player2Board: placeFleet(rng) };
}

export const join = (state: BattleshipState, player: string): Result<BattleshipState> => joinSeat(state, player, placeFleets);

export const leave = (state: BattleshipState, player: string): Result<BattleshipState> => leaveSeat(state, player);

export function applyMove(state: BattleshipState, player: string, move: BattleshipMove): Result<BattleshipState> {
  const notYours = turnError(state, player);
  if (notYours) return { ok: false, error: notYours };
  const { x, y } = move;
  if (!insideBoard(x, y)) return { ok: false, error: BATTLESHIP_ERRORS.outside };
  const targetKey = state.player1 === player ? 'player2Board' : 'player1Board';
  const target = state[targetKey];
  const cell = target[y]?.[x] ?? null;
  if (cell === 'HIT_EMPTY' || cell === 'HIT_SHIP') return { ok: false, error: BATTLESHIP_ERRORS.repeated };
  const board = target.map((row, ry) => (ry === y ? row.map((c, rx) => (rx === x ? (cell === 'SHIP' ? 'HIT_SHIP' : 'HIT_EMPTY') : c)) : row));
  const next: BattleshipState = { ...state, [targetKey]: board, moves: withMove(state.moves, player, { x, y }) };
  if (hasShipsLeft(board)) return { ok: true, state: next };
  return { ok: true, state: { ...next, status: 'OVER', winners: [player] } };
}

export function view(state: BattleshipState, viewer: string | null): BattleshipStateView {
  const { gameType: _type, seed: _seed, player1Board, player2Board, ...rest } = state;
  return {
    ...rest,
    player1Board: viewer !== null && viewer === state.player1 ? player1Board : hideShips(player1Board),
    player2Board: viewer !== null && viewer === state.player2 ? player2Board : hideShips(player2Board),
  };
}
