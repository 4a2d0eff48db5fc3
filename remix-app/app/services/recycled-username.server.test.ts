import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deleteAccount, signup } from '@fso/core';
import { findGame, findSessionUser, type Database } from '@fso/db';
import { createTestDatabase } from '@fso/db/testing';
import { createGame, findGameFor, joinGame, listGamesFor, makeMove } from '@fso/core';
import { type Game, viewFor } from '@fso/shared';
import { testContext } from '../../test/context.ts';
import { callerOf } from './session.server.ts';

let database: Database;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.close());

async function signedUp(name: string) {
  const { context } = testContext(database, '203.0.113.60');
  const made = await signup(context.ports, callerOf(context, null), {
    username: name,
    password: `${name}-long-password`,
  });
  if (!made.ok) throw new Error(made.message);
  return (await findSessionUser(database.db, made.value.session.id))!;
}

const must = <T>(o: { ok: true; value: T } | { ok: false; error: string } | { ok: false; message: string }): T => {
  if (!o.ok) throw new Error('error' in o ? o.error : o.message);
  return o.value;
};

describe('a deleted account and a recycled username', () => {
  it('forfeits the running games at once, tells both players, and the newcomer with the same name inherits nothing', async () => {
    const [ivan, judy] = [await signedUp('ivan'), await signedUp('judy')];
    const { context, recorded } = testContext(database, '203.0.113.61');
    const deps = context.ports;
    const battle = must(await createGame(deps, callerOf(context, ivan), { gameType: 'Battleship' }));
    must(await joinGame(deps, callerOf(context, judy), { gameID: battle.gameID, playerID: 'judy' }));
    must(
      await makeMove(deps, callerOf(context, ivan), {
        gameID: battle.gameID,
        move: { playerID: 'ivan', move: { x: 0, y: 0 } },
      }),
    );
    const waiting = must(await createGame(deps, callerOf(context, ivan), { gameType: 'Nim' }));
    recorded.perViewer.length = 0;

    expect(await deleteAccount(context.ports, callerOf(context, ivan), { username: 'ivan' })).toMatchObject({
      ok: true,
    });

    // Forfeited at once: judy wins the game in progress; the waiting one, with no other player, is removed.
    const over = must(await findGameFor(deps, callerOf(context, judy), { gameID: battle.gameID }));
    expect(over.state).toMatchObject({ status: 'OVER', winners: ['judy'] });
    expect(await findGame(database.db, Number(waiting.gameID))).toBeFalsy();
    // Both players were sent the finished game over the socket.
    const update = recorded.perViewer.find((v) => v.room === `game:${battle.gameID}`)!;
    expect((viewFor(update, 'judy')![0] as { gameInstance: Game }).gameInstance.state.status).toBe('OVER');
    expect((viewFor(update, 'ivan')![0] as { gameInstance: Game }).gameInstance.state.status).toBe('OVER');

    // Nothing names the deleted account any more.
    expect(JSON.stringify((await findGame(database.db, Number(battle.gameID)))!.state)).not.toContain('"ivan"');

    // A newcomer takes the name: no seat, no fleet, no moves, no wins, and cannot move for the old player.
    const newcomer = await signedUp('ivan');
    const seen = must(await findGameFor(deps, callerOf(context, newcomer), { gameID: battle.gameID }));
    expect(seen.players).not.toContain('ivan');
    expect(seen.state.player1).not.toBe('ivan');
    if (seen.gameType !== 'Battleship') throw new Error('expected Battleship');
    // The game is over, so both fleets are public: the newcomer sees exactly what a stranger sees.
    expect(seen.state).toEqual(must(await findGameFor(deps, callerOf(context, null), { gameID: battle.gameID })).state);
    expect(seen.state.moves.map((m) => m.playerID)).not.toContain('ivan');
    const { games } = await listGamesFor(deps, callerOf(context, newcomer), { limit: 50, offset: 0 });
    expect(games.flatMap((g) => g.players)).not.toContain('ivan');
    expect(judy.username).toBe('judy');
  });
});
