/**
 * Battleship boards and fleet placement: a 10 x 10 grid indexed board[y][x]; the fleet of
 * 5, 4, 3, 3, 2 is placed ship by ship, each at one of its free positions chosen by the random
 * source passed in, so placement always ends, never overlaps and stays inside the board.
 */
import type { Rng } from '../random.ts';

export const BOARD_SIZE = 10;
export const FLEET = [5, 4, 3, 3, 2] as const;

export type Cell = null | 'SHIP' | 'HIT_EMPTY' | 'HIT_SHIP';
export type Board = Cell[][];

export const emptyBoard = (): Board => Array.from({ length: BOARD_SIZE }, () => Array<Cell>(BOARD_SIZE).fill(null));

export const insideBoard = (x: number, y: number) =>
  Number.isInteger(x) && Number.isInteger(y) && x >= 0 && y >= 0 && x < BOARD_SIZE && y < BOARD_SIZE;

interface Placement {
  x: number;
  y: number;
  horizontal: boolean;
}

const cellsOf = (p: Placement, length: number) =>
  Array.from({ length }, (_, i) => (p.horizontal ? { x: p.x + i, y: p.y } : { x: p.x, y: p.y + i }));

function freePlacements(board: Board, length: number): Placement[] {
  const out: Placement[] = [];
  for (const horizontal of [true, false]) {
    for (let y = 0; y < BOARD_SIZE; y++) {
      for (let x = 0; x < BOARD_SIZE; x++) {
        const p = { x, y, horizontal };
        if (cellsOf(p, length).every((c) => insideBoard(c.x, c.y) && board[c.y]![c.x] === null)) out.push(p);
      }
    }
  }
  return out;
}

/** One ship: its cells. */
export type Ship = { x: number; y: number }[];

/** The cells of each ship of the fleet, in FLEET order. */
export function placeShips(rng: Rng): Ship[] {
  const board = emptyBoard();
  return FLEET.map((length) => {
    const options = freePlacements(board, length);
    const ship = cellsOf(options[rng.int(options.length)]!, length);
    for (const c of ship) board[c.y]![c.x] = 'SHIP';
    return ship;
  });
}

/** A board with these ships on it, none hit. */
export function boardOf(ships: Ship[]): Board {
  const board = emptyBoard();
  for (const c of ships.flat()) board[c.y]![c.x] = 'SHIP';
  return board;
}

export const placeFleet = (rng: Rng): Board => boardOf(placeShips(rng));

/** The board as someone other than its owner sees it: hits only, never an unhit ship. */
export const hideShips = (board: Board): Board =>
  board.map((row) => row.map((cell) => (cell === 'SHIP' ? null : cell)));

export const hasShipsLeft = (board: Board) => board.some((row) => row.includes('SHIP'));
