import { describe, expect, it } from 'vitest';
import { createRng } from '../random.ts';
import { BOARD_SIZE, FLEET, placeFleet, placeShips } from './fleet.ts';

describe('fleet placement', () => {
  it('places straight ships of 5, 4, 3, 3, 2 inside the board without overlap, for many seeds', () => {
    for (let seed = 0; seed < 300; seed++) {
      const ships = placeShips(createRng(seed));
      expect(ships.map((s) => s.length)).toEqual([...FLEET]);
      const taken = new Set<string>();
      for (const ship of ships) {
        const horizontal = ship.every((c) => c.y === ship[0]!.y);
        ship.forEach((c, i) => {
          expect(c).toEqual(horizontal ? { x: ship[0]!.x + i, y: ship[0]!.y } : { x: ship[0]!.x, y: ship[0]!.y + i });
          expect(c.x >= 0 && c.x < BOARD_SIZE && c.y >= 0 && c.y < BOARD_SIZE).toBe(true);
          expect(taken.has(`${c.x},${c.y}`)).toBe(false);
          taken.add(`${c.x},${c.y}`);
        });
      }
    }
  });

  it('draws the board from the same placement', () => {
    const board = placeFleet(createRng(3));
    const ships = placeShips(createRng(3)).flat();
    expect(board.flat().filter((c) => c === 'SHIP')).toHaveLength(ships.length);
    for (const c of ships) expect(board[c.y]![c.x]).toBe('SHIP');
  });
});
