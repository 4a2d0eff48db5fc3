/** The game screens' table: one screen per game type, its rules as the page states them, its form read into a move. */
import { describe, expect, it } from 'vitest';
import { GAME_TYPES } from '@fso/game-engine';
import { parseMoveOf } from '@fso/shared';
import { moveFromForm } from '../../services/games.server.ts';
import { GAME_SCREENS, screenOf } from './screens.ts';

describe('the game screens', () => {
  it('has a screen for every game type, stating its rules', () => {
    expect(Object.keys(GAME_SCREENS).sort()).toEqual([...GAME_TYPES].sort());
    expect(screenOf('Nim')?.rules).toBe(
      'Players take turns removing 1 to 3 objects from a pile of 21. Whoever takes the last object loses.',
    );
    expect(screenOf('Battleship')?.rules).toBe(
      'Each player has a fleet of 5 ships (5, 4, 3, 3 and 2 cells) placed at random on a 10 × 10 board. Players take turns firing one shot at a cell of the other board. The first to hit every cell of the other fleet wins.',
    );
    expect(screenOf('Chess' as never)).toBeUndefined();
  });

  it("reads a posted move form as its game's move: Nim's number of objects, Battleship's cell", () => {
    const nimForm = { intent: 'move', version: '3', numObjects: '2' };
    const shipForm = { intent: 'move', version: '4', cell: '3,7' };
    expect(moveFromForm('Nim', nimForm)).toEqual({ numObjects: '2' });
    expect(moveFromForm('Battleship', shipForm)).toEqual({ x: '3', y: '7' });
    expect(parseMoveOf('Nim', moveFromForm('Nim', nimForm))).toEqual({ ok: true, value: { numObjects: 2 } });
    expect(parseMoveOf('Battleship', moveFromForm('Battleship', shipForm))).toEqual({
      ok: true,
      value: { x: 3, y: 7 },
    });
  });

  it("answers the game's own message when its form's field is missing", () => {
    const noField = { intent: 'move', version: '1' };
    expect(moveFromForm('Nim', noField)).toEqual({});
    expect(moveFromForm('Battleship', noField)).toEqual({});
    expect(parseMoveOf('Nim', moveFromForm('Nim', noField))).toMatchObject({
      message: 'Invalid move: a Nim move is a number of objects.',
    });
    expect(parseMoveOf('Battleship', moveFromForm('Battleship', noField))).toMatchObject({
      message: 'Invalid move: a Battleship move is a cell with numbers x and y.',
    });
  });
});
