import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findGame, insertGame, type Database } from '@fso/db';
import { createTestDatabase } from '@fso/db/testing';
import { MOVE_ERRORS, NIM_ERRORS, SEAT_ERRORS, type GameType } from '@fso/game-engine';
import { MSG, type EventPublisher, type RoomViews, type ServerToClientEvents } from '@fso/shared';
import { callerOf, permissiveLimiter } from '../../test/ports.ts';
import {
  createGame,
  findGameFor,
  forfeitGamesOf,
  joinGame,
  leaveGame,
  listGamesFor,
  makeMove,
  type GamePorts,
} from './games.ts';

/** The caller a use case is given for a signed-in `username`. */
const as = (username: string) => callerOf({ userId: 0, username });

let database: Database;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.close());

/** The ports a game use case needs: a real database, a publisher that records, a fixed random source. */
function ports(): GamePorts & { published: RoomViews<keyof ServerToClientEvents>[] } {
  const published: RoomViews<keyof ServerToClientEvents>[] = [];
  const nothing = () => undefined;
  const events: EventPublisher = {
    toAll: nothing,
    toQa: nothing,
    toRoom: nothing,
    toUsersOutside: nothing,
    toRoomViews: (views) => void published.push(views),
    disconnectUser: nothing,
    disconnectSession: nothing,
  };
  return { db: database.db, events, limiter: permissiveLimiter, rng: { int: () => 0 }, published };
}

const move = (gameID: string, playerID: string, numObjects: unknown, version?: number) => ({
  gameID,
  move: { playerID, move: { numObjects } },
  version,
});

describe('game use cases over ports', () => {
  it('answer each refusal with its kind and the user-facing message, and publish only what changed', async () => {
    const p = ports();
    const created = await createGame(p, as('ann'), { gameType: 'Nim' });
    if (!created.ok) throw new Error(created.message);
    const gameID = created.value.gameID;

    expect(await joinGame(p, as('bob'), { gameID, playerID: 'eve' })).toEqual({
      ok: false,
      kind: 'forbidden',
      message: MSG.notAllowed,
    });
    expect(await joinGame(p, as('bob'), { gameID: '999999', playerID: 'bob' })).toEqual({
      ok: false,
      kind: 'notFound',
      message: MSG.gameNotFound,
    });
    expect(await makeMove(p, as('ann'), move(gameID, 'ann', 1))).toEqual({
      ok: false,
      kind: 'invalid',
      message: MOVE_ERRORS.notInProgress,
    });
    expect(p.published).toEqual([]);

    expect(await joinGame(p, as('bob'), { gameID, playerID: ' Bob ' })).toMatchObject({
      ok: true,
      value: { players: ['ann', 'bob'], state: { status: 'IN_PROGRESS' }, version: 1 },
    });
    expect(await joinGame(p, as('eve'), { gameID, playerID: 'eve' })).toEqual({
      ok: false,
      kind: 'conflict',
      message: SEAT_ERRORS.full,
    });
    expect(await makeMove(p, as('ann'), move(gameID, 'ann', 9))).toEqual({
      ok: false,
      kind: 'invalid',
      message: NIM_ERRORS.range,
    });
    expect(await makeMove(p, as('ann'), move(gameID, 'ann', 2, 0))).toEqual({
      ok: false,
      kind: 'conflict',
      message: MSG.staleMove,
    });
    expect(await makeMove(p, as('ann'), move(gameID, 'ann', 2, 1))).toMatchObject({ ok: true, value: { version: 2 } });
    expect(await leaveGame(p, as('bob'), { gameID, playerID: 'bob' })).toMatchObject({
      ok: true,
      value: { state: { status: 'OVER', winners: ['ann'] } },
    });
    expect(p.published.map((views) => views.room)).toEqual([`game:${gameID}`, `game:${gameID}`, `game:${gameID}`]);
  });

  it('answer "Unknown game type" for a stored game of a type the build has no rules for, and list none', async () => {
    const p = ports();
    // A game of a type since removed from the registry (the table no longer checks the type).
    const row = await insertGame(database.db, {
      gameType: 'Go' as GameType,
      status: 'WAITING_TO_START',
      state: { gameType: 'Go', status: 'WAITING_TO_START', player1: 'gia', player2: null, moves: [], winners: [] },
    });
    const gameID = String(row.id);
    const unknown = { ok: false, kind: 'invalid', message: MSG.unknownGameType };
    expect(await findGameFor(p, as('gia'), { gameID })).toEqual(unknown);
    expect(await joinGame(p, as('hal'), { gameID, playerID: 'hal' })).toEqual(unknown);
    expect(await leaveGame(p, as('gia'), { gameID, playerID: 'gia' })).toEqual(unknown);
    expect(await makeMove(p, as('gia'), move(gameID, 'gia', 1))).toEqual(unknown);
    await forfeitGamesOf(p, as('gia'));
    expect(await findGame(database.db, row.id)).toMatchObject({ version: 0, status: 'WAITING_TO_START' });
    const listed = await listGamesFor(p, as('gia'), { limit: 200, offset: 0 });
    expect(listed.games.map((game) => game.gameID)).not.toContain(gameID);
    expect(listed.total).toBe(listed.games.length);
    expect(p.published).toEqual([]);
  });
});
