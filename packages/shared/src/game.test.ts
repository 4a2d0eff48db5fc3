/** The games' edge: a move is an object read by its game's rules; the game-type message names every type. */
import { describe, expect, it } from 'vitest';
import { createGameSchema, parseMoveOf } from './game.ts';
import { MSG } from './messages.ts';
import { parseWith } from './validate.ts';

describe('parseMoveOf', () => {
  it("reads a form's texts or a socket's numbers as the game type's move, dropping other fields", () => {
    expect(parseMoveOf('Nim', { numObjects: '2', x: 1 })).toEqual({ ok: true, value: { numObjects: 2 } });
    expect(parseMoveOf('Battleship', { x: 3, y: '4', numObjects: 1 })).toEqual({ ok: true, value: { x: 3, y: 4 } });
  });

  it("answers each game's own message for a move of the wrong shape", () => {
    expect(parseMoveOf('Nim', { x: 3, y: 4 })).toEqual({
      ok: false,
      kind: 'invalid',
      message: 'Invalid move: a Nim move is a number of objects.',
    });
    expect(parseMoveOf('Battleship', { numObjects: 2 })).toEqual({
      ok: false,
      kind: 'invalid',
      message: 'Invalid move: a Battleship move is a cell with numbers x and y.',
    });
  });

  it('answers the request messages when the move is no object of fields', () => {
    expect(parseMoveOf('Nim', undefined)).toMatchObject({ ok: false, message: 'The request has no body.' });
    for (const move of [3, 'C3', [3]])
      expect(parseMoveOf('Battleship', move)).toMatchObject({
        ok: false,
        kind: 'invalid',
        message: 'The request body must be an object of named fields.',
      });
  });
});

it('names every game type when a game type is unknown', () => {
  expect(MSG.invalidGameType).toBe('Game type must be Nim or Battleship.');
  expect(parseWith(createGameSchema, { gameType: 'Chess' })).toMatchObject({ message: MSG.invalidGameType });
});
