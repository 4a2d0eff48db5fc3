import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fail, succeed, type Result } from '@fso/shared';
import { createTestDatabase } from '../../test/testing.ts';
import type { Database } from '../client.ts';
import { changeGame, findGame, insertGame, listGames, storeGameAt, type GameRow } from './games.ts';

let database: Database;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.close());

const seats = (row: GameRow) => row.state as { seats: string[] };

/** A change that takes a free seat, like a join: refused when both are taken. */
const takeSeat =
  (player: string) =>
  (row: GameRow): Result<{ state: unknown; status: GameRow['status'] }> => {
    const taken = seats(row).seats;
    if (taken.length >= 2) return fail('conflict', 'full');
    return succeed({
      state: { seats: [...taken, player] },
      status: taken.length === 1 ? 'IN_PROGRESS' : 'WAITING_TO_START',
    });
  };

describe('games', () => {
  it('creates and reads a game with version 0', async () => {
    const game = await insertGame(database.db, { gameType: 'Nim', status: 'WAITING_TO_START', state: { seats: [] } });
    expect(game).toMatchObject({ gameType: 'Nim', status: 'WAITING_TO_START', version: 0, state: { seats: [] } });
    expect(await findGame(database.db, game.id)).toEqual(game);
    expect(await findGame(database.db, 999_999)).toBeNull();
  });

  it('changes a game under its lock, bumping the version; a refusal or no change writes nothing', async () => {
    const game = await insertGame(database.db, {
      gameType: 'Battleship',
      status: 'WAITING_TO_START',
      state: { seats: [] },
    });
    const first = await changeGame(database.db, game.id, takeSeat('ann'));
    expect(first).toMatchObject({ ok: true, value: { changed: true, row: { version: 1, state: { seats: ['ann'] } } } });
    const same = await changeGame(database.db, game.id, (row) => succeed({ state: row.state, status: row.status }));
    expect(same).toMatchObject({ ok: true, value: { changed: false, row: { version: 1 } } });
    await changeGame(database.db, game.id, takeSeat('bob'));
    expect(await changeGame(database.db, game.id, takeSeat('eve'))).toEqual(fail('conflict', 'full'));
    expect(await findGame(database.db, game.id)).toMatchObject({
      status: 'IN_PROGRESS',
      version: 2,
      state: { seats: ['ann', 'bob'] },
    });
    expect(await changeGame(database.db, 999_999, takeSeat('x'))).toBeNull();
  });

  it('serialises concurrent changes of one game: two joins for the last seat, one wins', async () => {
    const game = await insertGame(database.db, {
      gameType: 'Nim',
      status: 'WAITING_TO_START',
      state: { seats: ['ann'] },
    });
    const results = await Promise.all([
      changeGame(database.db, game.id, takeSeat('bob')),
      changeGame(database.db, game.id, takeSeat('eve')),
    ]);
    expect(results.filter((r) => r?.ok)).toHaveLength(1);
    expect(results.filter((r) => r?.ok === false)).toHaveLength(1);
    const stored = (await findGame(database.db, game.id))!;
    expect(seats(stored).seats).toHaveLength(2);
    expect(stored.version).toBe(1);
  });

  it('serialises many concurrent changes: no update is lost', async () => {
    const game = await insertGame(database.db, { gameType: 'Nim', status: 'IN_PROGRESS', state: { n: 0 } });
    const bump = (row: GameRow) => succeed({ state: { n: (row.state as { n: number }).n + 1 }, status: row.status });
    await Promise.all(Array.from({ length: 20 }, () => changeGame(database.db, game.id, bump)));
    expect(await findGame(database.db, game.id)).toMatchObject({ version: 20, state: { n: 20 } });
  });

  it('lists newest first with filters, paging and the total', async () => {
    const types = ['Nim', 'Battleship'];
    const page = await listGames(database.db, { gameType: 'Nim', types, limit: 2, offset: 0 });
    expect(page.total).toBe(3);
    expect(page.games).toHaveLength(2);
    expect(page.games[0]!.id).toBeGreaterThan(page.games[1]!.id);
    const rest = await listGames(database.db, { gameType: 'Nim', types, limit: 2, offset: 2 });
    expect(rest.games).toHaveLength(1);
    expect(
      (await listGames(database.db, { status: 'IN_PROGRESS', types, limit: 50, offset: 0 })).games
        .map((g) => g.gameType)
        .sort(),
    ).toEqual(['Battleship', 'Nim', 'Nim']);
    expect(
      (await listGames(database.db, { gameType: 'Battleship', status: 'OVER', types, limit: 50, offset: 0 })).total,
    ).toBe(0);
    expect((await listGames(database.db, { status: 'IN_PROGRESS', types: ['Nim'], limit: 50, offset: 0 })).total).toBe(
      2,
    );
  });

  it('stores a state decided on a known version in one statement, only while the game is still at that version', async () => {
    const game = await insertGame(database.db, {
      gameType: 'Nim',
      status: 'WAITING_TO_START',
      state: { seats: ['ann'] },
    });
    const stored = await storeGameAt(database.db, game, {
      state: { seats: ['ann', 'bob'], note: 'it\'s "quoted"' },
      status: 'IN_PROGRESS',
    });
    expect(stored).toEqual({
      ...game,
      state: { seats: ['ann', 'bob'], note: 'it\'s "quoted"' },
      status: 'IN_PROGRESS',
      version: 1,
    });
    expect(await findGame(database.db, game.id)).toEqual(stored);
    // Decided on version 0, which is gone: nothing is written.
    expect(
      await storeGameAt(database.db, game, { state: { seats: ['ann', 'eve'] }, status: 'IN_PROGRESS' }),
    ).toBeNull();
    expect(await storeGameAt(database.db, { ...game, id: 999_999 }, { state: {}, status: 'OVER' })).toBeNull();
    expect(await findGame(database.db, game.id)).toEqual(stored);
    // Two writers on the same version: exactly one succeeds.
    const raced = await Promise.all(
      ['x', 'y'].map((n) => storeGameAt(database.db, stored!, { state: { seats: [n] }, status: 'OVER' })),
    );
    expect(raced.filter(Boolean)).toHaveLength(1);
    expect((await findGame(database.db, game.id))!.version).toBe(2);
  });

  it('stores states of many games arriving together, each only on its own version', async () => {
    const rows = await Promise.all(
      Array.from({ length: 30 }, (_, i) =>
        insertGame(database.db, { gameType: 'Battleship', status: 'IN_PROGRESS', state: { i } }),
      ),
    );
    const stale = { ...rows[1]!, version: 7 };
    const results = await Promise.all([
      ...rows.map((row) =>
        storeGameAt(database.db, row, {
          state: { i: (row.state as { i: number }).i, moved: true },
          status: 'IN_PROGRESS',
        }),
      ),
      storeGameAt(database.db, rows[0]!, { state: { again: true }, status: 'OVER' }),
      storeGameAt(database.db, stale, { state: { stale: true }, status: 'OVER' }),
    ]);
    expect(results.slice(0, 30).every((r, i) => r?.version === 1 && (r.state as { i: number }).i === i)).toBe(true);
    expect(results.slice(30)).toEqual([null, null]);
    for (const row of rows)
      expect(await findGame(database.db, row.id)).toMatchObject({
        version: 1,
        status: 'IN_PROGRESS',
        state: { moved: true },
      });
  });
});
