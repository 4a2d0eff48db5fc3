import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BATTLESHIP_ERRORS, MOVE_ERRORS, NIM_ERRORS } from '@fso/game-engine';
import { findGame, openDatabase } from '@fso/db';
import { DATABASE_RETRY_AFTER_SECONDS, freePort } from '@fso/platform';
import { MSG, type Game, type GameErrorPayload } from '@fso/shared';
import { createGame, joinGame } from '@fso/core';
import { callerOf } from '@fso/core/testing';
import { gameHandlers } from './game.handlers.ts';
import { ask, outcome, startTestRealtime, type TestClient, type TestRealtime } from '../test/test-server.ts';

let t: TestRealtime;
const cookies: Record<string, string> = {};

beforeAll(async () => {
  t = await startTestRealtime((ports) => [gameHandlers(ports)]);
  for (const name of ['ann', 'bob', 'eve']) cookies[name] = (await t.signedIn(name)).cookie;
});
afterAll(() => t.close());

async function open(name: string): Promise<TestClient> {
  const socket = t.open(cookies[name]);
  expect(await outcome(socket)).toBe('connected');
  return socket;
}

const nextUpdate = (socket: TestClient) =>
  new Promise<Game>((resolve) => socket.once('gameUpdate', (p) => resolve(p.gameInstance)));
const nextError = (socket: TestClient) => new Promise<GameErrorPayload>((resolve) => socket.once('gameError', resolve));

/** Everything a socket receives, to check what it never received. */
function record(socket: TestClient) {
  const seen: { updates: Game[]; errors: GameErrorPayload[] } = { updates: [], errors: [] };
  socket.on('gameUpdate', (p) => seen.updates.push(p.gameInstance));
  socket.on('gameError', (p) => seen.errors.push(p));
  return seen;
}

async function watch(socket: TestClient, gameID: string) {
  const first = nextUpdate(socket);
  socket.emit('joinGame', gameID);
  return first;
}

/** The ports the handlers were given (after a restart: the new server's). */
const deps = () => t.ports;
/** The caller a use case is given for a signed-in `username`. */
const as = (username: string) => callerOf({ userId: 0, username });

const move = (player: string, game: Game, inner: unknown, version?: number) => ({
  gameID: game.gameID,
  move: { playerID: player, gameID: game.gameID, move: inner },
  version,
});

const cellsOf = (board: (string | null)[][], kind: string | null) =>
  board.flatMap((row, y) => row.flatMap((c, x) => (c === kind ? [{ x, y }] : [])));

describe('game sockets', () => {
  it('plays Nim: each move reaches both players; errors reach only the one who erred; a restart loses nothing', async () => {
    const created = await createGame(deps(), as('ann'), { gameType: 'Nim' });
    if (!created.ok) throw new Error(created.message);
    const game = created.value;
    let [ann, bob] = [await open('ann'), await open('bob')];
    expect(await watch(ann, game.gameID)).toMatchObject({
      gameType: 'Nim',
      players: ['ann'],
      state: { status: 'WAITING_TO_START' },
    });
    const annSeesJoin = nextUpdate(ann);
    expect(await joinGame(deps(), as('bob'), { gameID: game.gameID, playerID: 'bob' })).toMatchObject({
      ok: true,
      value: { players: ['ann', 'bob'] },
    });
    expect((await annSeesJoin).state.status).toBe('IN_PROGRESS');
    await watch(bob, game.gameID);

    const [toAnn, toBob] = [nextUpdate(ann), nextUpdate(bob)];
    ann.emit('makeMove', move('ann', game, { numObjects: 3 }));
    expect((await toAnn).state).toMatchObject({
      remainingObjects: 18,
      moves: [{ playerID: 'ann', move: { numObjects: 3 } }],
    });
    expect((await toBob).version).toBe(2);

    const wrongTurn = nextError(ann);
    ann.emit('makeMove', move('ann', game, { numObjects: 1 }));
    expect(await wrongTurn).toEqual({ gameID: game.gameID, player: 'ann', error: MOVE_ERRORS.wrongPlayer });
    const annSeen = record(ann);
    const impostor = nextError(bob);
    bob.emit('makeMove', move('ann', game, { numObjects: 1 }));
    expect(await impostor).toMatchObject({ player: 'bob', error: MSG.notAllowed });
    const tooMany = nextError(bob);
    bob.emit('makeMove', move('bob', game, { numObjects: 4 }));
    expect((await tooMany).error).toBe(NIM_ERRORS.range);
    const stale = nextError(bob);
    bob.emit('makeMove', move('bob', game, { numObjects: 1 }, 1));
    expect((await stale).error).toBe(MSG.staleMove);
    const malformed = nextError(bob);
    bob.emit('makeMove', { gameID: game.gameID } as never);
    expect(await malformed).toMatchObject({ gameID: game.gameID, player: 'bob', error: MSG.invalidMovePayload });
    expect(annSeen.errors).toEqual([]);
    expect(annSeen.updates).toEqual([]);

    // Restart: a new server on the same database; the game goes on from where it was.
    await t.restart();
    [ann, bob] = [await open('ann'), await open('bob')];
    expect((await watch(ann, game.gameID)).state).toMatchObject({ remainingObjects: 18, status: 'IN_PROGRESS' });
    await watch(bob, game.gameID);
    let last: Game | undefined;
    for (const [player, socket, n] of [
      ['bob', bob, 3],
      ['ann', ann, 3],
      ['bob', bob, 3],
      ['ann', ann, 3],
      ['bob', bob, 3],
      ['ann', ann, 2],
      ['bob', bob, 1],
    ] as const) {
      const update = nextUpdate(ann);
      socket.emit('makeMove', move(player, game, { numObjects: n }));
      last = await update;
    }
    expect(last?.state).toMatchObject({ remainingObjects: 0, status: 'OVER', winners: ['ann'] });
  });

  it('plays Battleship: no payload to the opponent or a watcher ever carries the other fleet', async () => {
    const created = await createGame(deps(), as('ann'), { gameType: 'Battleship' });
    if (!created.ok) throw new Error(created.message);
    const game = created.value;
    const [ann, bob, eve] = [await open('ann'), await open('bob'), await open('eve')];
    await watch(ann, game.gameID);
    await watch(eve, game.gameID);
    const [bobSeen, eveSeen] = [record(bob), record(eve)];
    const annStarted = nextUpdate(ann);
    await joinGame(deps(), as('bob'), { gameID: game.gameID, playerID: 'bob' });
    const annView = await annStarted;
    if (annView.gameType !== 'Battleship') throw new Error('wrong game type');
    const annShips = cellsOf(annView.state.player1Board, 'SHIP');
    expect(annShips).toHaveLength(17);
    const bobStart = await watch(bob, game.gameID);
    if (bobStart.gameType !== 'Battleship') throw new Error('wrong game type');
    expect(cellsOf(bobStart.state.player2Board, 'SHIP')).toHaveLength(17);

    // Ann misses, Bob hits one of Ann's ships, Ann tries a cell outside the board.
    const target = cellsOf(bobStart.state.player2Board, null)[0]!;
    let seen = nextUpdate(bob);
    ann.emit('makeMove', move('ann', game, target));
    await seen;
    seen = nextUpdate(ann);
    bob.emit('makeMove', move('bob', game, annShips[0]));
    const afterHit = await seen;
    if (afterHit.gameType !== 'Battleship') throw new Error('wrong game type');
    expect(afterHit.state.player1Board[annShips[0]!.y]![annShips[0]!.x]).toBe('HIT_SHIP');
    const outside = nextError(ann);
    ann.emit('makeMove', move('ann', game, { x: 10, y: 3 }));
    expect((await outside).error).toBe(BATTLESHIP_ERRORS.outside);

    for (const update of [...bobSeen.updates, ...eveSeen.updates]) {
      if (update.gameType !== 'Battleship') throw new Error('wrong game type');
      expect(cellsOf(update.state.player1Board, 'SHIP')).toEqual([]);
    }
    for (const update of eveSeen.updates) expect(JSON.stringify(update)).not.toContain('"SHIP"');
    expect(JSON.stringify([...bobSeen.updates, ...eveSeen.updates])).not.toContain('seed');
    expect(eveSeen.updates.length).toBeGreaterThanOrEqual(3);
  });

  it('answers an unknown or malformed game id with gameError to that socket', async () => {
    const eve = await open('eve');
    const missing = nextError(eve);
    eve.emit('joinGame', '987654');
    expect(await missing).toEqual({ gameID: '987654', player: 'eve', error: MSG.gameNotFound });
    const bad = nextError(eve);
    eve.emit('joinGame', 'not-an-id');
    expect(await bad).toEqual({ gameID: null, player: 'eve', error: MSG.invalidId });
    const moveMissing = nextError(eve);
    eve.emit('makeMove', { gameID: '987654', move: { playerID: 'eve', gameID: '987654', move: { numObjects: 1 } } });
    expect((await moveMissing).error).toBe(MSG.gameNotFound);
  });

  it('answers each event through its acknowledgement when given one: the game, or the refusal with its message, and no gameError', async () => {
    const created = await createGame(deps(), as('ann'), { gameType: 'Nim' });
    if (!created.ok) throw new Error(created.message);
    const game = created.value;
    await joinGame(deps(), as('bob'), { gameID: game.gameID, playerID: 'bob' });
    const ann = await open('ann');
    const seen = record(ann);

    expect(await ask<Game>((ack) => ann.emit('joinGame', game.gameID, ack))).toMatchObject({
      ok: true,
      data: { gameID: game.gameID, players: ['ann', 'bob'], state: { status: 'IN_PROGRESS' } },
    });
    expect(await ask<Game>((ack) => ann.emit('joinGame', '987654', ack))).toEqual({
      ok: false,
      error: MSG.gameNotFound,
    });
    expect(await ask<Game>((ack) => ann.emit('joinGame', 'not-an-id', ack))).toEqual({
      ok: false,
      error: MSG.invalidId,
    });

    expect(await ask<Game>((ack) => ann.emit('makeMove', move('ann', game, { numObjects: 2 }), ack))).toMatchObject({
      ok: true,
      data: { gameID: game.gameID, version: 2, state: { remainingObjects: 19 } },
    });
    expect(await ask<Game>((ack) => ann.emit('makeMove', move('ann', game, { numObjects: 1 }), ack))).toEqual({
      ok: false,
      error: MOVE_ERRORS.wrongPlayer,
    });
    expect(await ask<Game>((ack) => ann.emit('makeMove', move('bob', game, { numObjects: 1 }), ack))).toEqual({
      ok: false,
      error: MSG.notAllowed,
    });
    expect(await ask<Game>((ack) => ann.emit('makeMove', { gameID: game.gameID } as never, ack))).toEqual({
      ok: false,
      error: MSG.invalidMovePayload,
    });

    expect(await ask((ack) => ann.emit('leaveGame', game.gameID, ack))).toEqual({ ok: true });
    expect(await ask((ack) => ann.emit('leaveGame', 'not-an-id', ack))).toEqual({ ok: false, error: MSG.invalidId });
    // The SPEC's gameUpdate still follows joinGame and the move; every refusal went through its acknowledgement.
    expect(seen.updates.map((g) => g.version)).toEqual([1, 2]);
    expect(seen.errors).toEqual([]);
  });

  it('answers while the database is away: the acknowledgement with the seconds to wait, else gameError', async () => {
    const away = await openDatabase({ url: `postgres://postgres@127.0.0.1:${await freePort()}/postgres` });
    const cut = await startTestRealtime((ports) => [gameHandlers({ ...ports, db: away.db })]);
    try {
      const dee = cut.open((await cut.signedIn('dee')).cookie);
      await outcome(dee);
      expect(await ask<Game>((ack) => dee.emit('joinGame', '5', ack))).toEqual({
        ok: false,
        error: MSG.databaseUnavailable,
        retryAfterSeconds: DATABASE_RETRY_AFTER_SECONDS,
      });
      const refused = nextError(dee);
      dee.emit('makeMove', { gameID: '5', move: { playerID: 'dee', gameID: '5', move: { numObjects: 1 } } });
      expect(await refused).toEqual({ gameID: '5', player: 'dee', error: MSG.databaseUnavailable });
    } finally {
      await cut.close();
      await away.close();
    }
  });

  it("draws Battleship fleets from node:crypto: the stored game holds no seed that would give player 2's fleet away", async () => {
    const created = await createGame(deps(), as('ann'), { gameType: 'Battleship' });
    if (!created.ok) throw new Error(created.message);
    await joinGame(deps(), as('bob'), { gameID: created.value.gameID, playerID: 'bob' });
    const row = await findGame(t.database.db, Number(created.value.gameID));
    const state = row!.state as Record<string, unknown>;
    expect(Object.keys(state).sort()).toEqual([
      'gameType',
      'moves',
      'player1',
      'player1Board',
      'player1Ships',
      'player2',
      'player2Board',
      'player2Ships',
      'status',
      'winners',
    ]);
    expect(cellsOf(state.player2Board as (string | null)[][], 'SHIP')).toHaveLength(17);
  });
});
