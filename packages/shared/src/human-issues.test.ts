import { describe, expect, it } from 'vitest';
import { makeMoveSchema, gameSeatSchema } from './game.ts';
import { updateBiographySchema } from './user.schemas.ts';
import { parseWith, fieldErrors } from './validate.ts';

describe('messages for input a schema has no text for', () => {
  it("names the field and says what is wrong in words, never zod's own text", () => {
    const move = { gameID: '1', move: { playerID: 'ann', gameID: '1', move: { numObjects: 1 } } };
    expect(parseWith(makeMoveSchema, { ...move, version: -1 })).toMatchObject({
      ok: false,
      message: 'The field "version" must be at least 0.',
    });
    expect(parseWith(makeMoveSchema, { ...move, version: 'x' })).toMatchObject({
      ok: false,
      message: 'The field "version" must be a number.',
    });
    expect(parseWith(updateBiographySchema, { username: 'ann' })).toEqual({
      ok: false,
      kind: 'invalid',
      message: 'The field "biography" is required.',
      field: 'biography',
    });
    expect(parseWith(gameSeatSchema, undefined)).toMatchObject({ ok: false, message: 'The request has no body.' });
    expect(parseWith(gameSeatSchema, 'text')).toMatchObject({
      ok: false,
      message: 'The request body must be an object of named fields.',
    });
    expect(fieldErrors(updateBiographySchema, { username: 'ann', biography: 7 })).toEqual({
      ok: false,
      kind: 'invalid',
      message: 'The field "biography" must be text.',
      field: 'biography',
      errors: { biography: 'The field "biography" must be text.' },
    });
  });
});
