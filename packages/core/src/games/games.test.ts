import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Database } from '@fso/db';
import { createTestDatabase } from '@fso/db/testing';
import { MOVE_ERRORS, NIM_ERRORS, SEAT_ERRORS } from '@fso/game-engine';
import { MSG, type EventPublisher, type RoomViews, type ServerToClientEvents } from '@fso/shared';
import { callerOf, permissiveLimiter } from '../../test/ports.ts';
import { createGame, joinGame, leaveGame, makeMove, type GamePorts } from './games.ts';

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
});
