import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { changeGame, findGame, insertGame, type Database, type GameRow } from '@fso/db';
import { createTestDatabase } from '@fso/db/testing';
import { fail, succeed } from '../result.ts';
import { changeGameRow } from './game-rows.ts';

let database: Database;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.close());

const n = (row: GameRow) => (row.state as { n: number }).n;
const bump = (row: GameRow) => succeed({ state: { n: n(row) + 1 }, status: row.status });
/** A change that is only allowed on an even count: refused on a stale odd memory, allowed on the fresh row. */
const bumpIfEven = (row: GameRow) => (n(row) % 2 === 0 ? bump(row) : fail('conflict', 'odd'));

describe('changeGameRow', () => {
  it('decides on the latest row even when another process changed the game since', async () => {
    const game = await insertGame(database.db, { gameType: 'Nim', status: 'IN_PROGRESS', state: { n: 0 } });
    expect(await changeGameRow(database.db, game.id, bump)).toMatchObject({
      ok: true,
      value: { changed: true, row: { version: 1, state: { n: 1 } } },
    });
    expect(await changeGameRow(database.db, game.id, bump)).toMatchObject({
      ok: true,
      value: { row: { version: 2, state: { n: 2 } } },
    });
    // Elsewhere (another instance): this process still remembers version 2.
    await changeGame(database.db, game.id, bump);
    expect(await changeGameRow(database.db, game.id, bump)).toMatchObject({
      ok: true,
      value: { row: { version: 4, state: { n: 4 } } },
    });
    await changeGame(database.db, game.id, bump); // n = 5 stored, 4 remembered
    await changeGame(database.db, game.id, bump); // n = 6 stored
    expect(await changeGameRow(database.db, game.id, bumpIfEven)).toMatchObject({
      ok: true,
      value: { row: { version: 7, state: { n: 7 } } },
    });
    // Remembered n = 7 (odd) but stored n = 8: the refusal is checked on the stored row.
    await changeGame(database.db, game.id, bump);
    expect(await changeGameRow(database.db, game.id, bumpIfEven)).toMatchObject({
      ok: true,
      value: { row: { version: 9, state: { n: 9 } } },
    });
    expect(await changeGameRow(database.db, game.id, bumpIfEven)).toEqual(fail('conflict', 'odd'));
    expect(await findGame(database.db, game.id)).toMatchObject({ version: 9, state: { n: 9 } });
  });

  it('loses no update when many changes of one game race, and reports a missing game', async () => {
    const game = await insertGame(database.db, { gameType: 'Nim', status: 'IN_PROGRESS', state: { n: 0 } });
    await changeGameRow(database.db, game.id, bump);
    await Promise.all(Array.from({ length: 20 }, () => changeGameRow(database.db, game.id, bump)));
    expect(await findGame(database.db, game.id)).toMatchObject({ version: 21, state: { n: 21 } });
    expect(await changeGameRow(database.db, 999_999, bump)).toBeNull();
  });
});
