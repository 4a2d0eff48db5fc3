import { describe, expect, it } from 'vitest';
import { makeMoveSchema, gameSeatSchema } from './game.ts';
import { updateBiographySchema } from './user.schemas.ts';
import { parseWith, fieldErrors } from './validate.ts';

describe('messages for input a schema has no text for', () => {
  it("names the field and says what is wrong in words, never zod's own text", () => {
    const move = { gameID: '1', move: { playerID: 'ann', gameID: '1', move: { numObjects: 1 } } };
    expect(parseWith(makeMoveSchema, { ...move, version: -1 })).toMatchObject({ ok: false, error: 'The field "version" must be at least 0.' });
    expect(parseWith(makeMoveSchema, { ...move, version: 'x' })).toMatchObject({ ok: false, error: 'The field "version" must be a number.' });
    expect(parseWith(updateBiographySchema, { username: 'ann' })).toMatchObject({ ok: false, error: 'The field "biography" is required.' });
    expect(parseWith(gameSeatSchema, undefined)).toMatchObject({ ok: false, error: 'The request has no body.' });
    expect(parseWith(gameSeatSchema, 'text')).toMatchObject({ ok: false, error: 'The request body must be an object of named fields.' });
    expect(fieldErrors(updateBiographySchema, { username: 'ann', biography: 7 })).toEqual({ ok: false, errors: { biography: 'The field "biography" must be text.' } });
  });
});
