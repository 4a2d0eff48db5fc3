import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser, type Database } from '@fso/db';
import { createTestDatabase } from '@fso/db/testing';
import { SEAT_ERRORS } from '@fso/game-engine';
import { MSG, viewFor, type Game } from '@fso/shared';
import { testContext } from '../../test/context.ts';
import { answerOf, type Handler } from '../../test/route-call.ts';
import * as createRoute from '../routes/games.create.ts';
import * as listRoute from '../routes/games.games.ts';
import * as joinRoute from '../routes/games.join.ts';
import * as leaveRoute from '../routes/games.leave.ts';
import { startSession } from './session.server.ts';

let database: Database;
const cookie: Record<string, string> = {};

beforeAll(async () => {
  database = await createTestDatabase();
  const { context } = testContext(database);
  for (const name of ['ann', 'bob', 'eve', 'max']) {
    const user = (await createUser(database.db, { username: name, passwordHash: null }))!;
    cookie[name] = (await startSession(context, Number(user._id))).split(';')[0]!;
  }
});
afterAll(() => database.close());

/** Calls a route the way Remix would; thrown Responses (guards) are answers too. */
async function call(
  handler: Handler,
  opts: { as?: string; body?: unknown; raw?: string; path?: string; method?: string },
) {
  const { context, recorded } = testContext(database);
  const headers: Record<string, string> = { 'Content-Type': 'application/json' };
  if (opts.as) headers.Cookie = cookie[opts.as]!;
  const method = opts.method ?? (opts.path ? 'GET' : 'POST');
  const body = method === 'GET' ? undefined : (opts.raw ?? JSON.stringify(opts.body ?? {}));
  const request = new Request(`http://test${opts.path ?? '/games/x'}`, { method, headers, body });
  const response = await answerOf(handler, request, context);
  const text = await response.text();
  return {
    status: response.status,
    text,
    json: () => JSON.parse(text) as unknown,
    headers: response.headers,
    recorded,
  };
}

const create = (as: string, gameType: unknown) => call(createRoute.action, { as, body: { gameType } });
const join = (as: string, gameID: unknown, playerID: unknown = as) =>
  call(joinRoute.action, { as, body: { gameID, playerID } });
const leave = (as: string, gameID: unknown, playerID: unknown = as) =>
  call(leaveRoute.action, { as, body: { gameID, playerID } });
const list = (as: string | undefined, query = '') => call(listRoute.loader, { as, path: `/games/games${query}` });

const shipsOn = (board: (string | null)[][]) => board.flat().filter((c) => c === 'SHIP').length;

describe('games REST', () => {
  it('needs a session (401) and answers bad input with a clear 400', async () => {
    expect((await create('', 'Nim')).status).toBe(401);
    expect((await list(undefined)).status).toBe(401);
    expect((await join('', '1')).status).toBe(401);
    expect(await create('ann', 'Chess')).toMatchObject({ status: 400, text: MSG.invalidGameType });
    expect(await create('ann', undefined)).toMatchObject({ status: 400, text: MSG.invalidGameType });
    expect(await call(createRoute.action as Handler, { as: 'ann', raw: '{"gameType":' })).toMatchObject({
      status: 400,
      text: MSG.malformedJson,
    });
    expect(await join('ann', 'abc')).toMatchObject({ status: 400, text: MSG.invalidId });
    expect(await join('ann', '5', '')).toMatchObject({ status: 400, text: MSG.playerRequired });
    expect(await list('ann', '?status=DONE')).toMatchObject({ status: 400, text: MSG.invalidGameStatus });
    expect((await call(createRoute.loader as Handler, { as: 'ann', path: '/games/create' })).status).toBe(405);
  });

  it('creates a game with its creator as player1, waiting; unknown games are 404', async () => {
    const created = await create('ann', 'Nim');
    expect(created.status).toBe(200);
    expect(created.json()).toMatchObject({
      gameType: 'Nim',
      players: ['ann'],
      state: {
        status: 'WAITING_TO_START',
        player1: 'ann',
        player2: null,
        remainingObjects: 21,
        moves: [],
        winners: [],
      },
    });
    expect(await join('bob', '999999')).toMatchObject({ status: 404, text: MSG.gameNotFound });
  });

  it('joins only as yourself (403), fills the seat once (409 after), and tells the room', async () => {
    const game = (await create('ann', 'Battleship')).json() as Game;
    expect(await join('bob', game.gameID, 'ann')).toMatchObject({ status: 403, text: MSG.notAllowed });
    const joined = await join('bob', game.gameID, 'BOB');
    expect(joined.status).toBe(200);
    const seen = joined.json() as Game;
    if (seen.gameType !== 'Battleship') throw new Error('wrong type');
    expect(seen.state).toMatchObject({ status: 'IN_PROGRESS', player1: 'ann', player2: 'bob' });
    expect(shipsOn(seen.state.player2Board)).toBe(17);
    expect(shipsOn(seen.state.player1Board)).toBe(0);
    const [sent] = joined.recorded.perViewer;
    expect(sent).toMatchObject({ room: `game:${game.gameID}`, event: 'gameUpdate' });
    const viewOf = (username: string) => (viewFor(sent!, username)![0] as { gameInstance: Game }).gameInstance;
    const forAnn = viewOf('ann');
    if (forAnn.gameType !== 'Battleship') throw new Error('wrong type');
    expect([shipsOn(forAnn.state.player1Board), shipsOn(forAnn.state.player2Board)]).toEqual([17, 0]);
    expect(JSON.stringify(viewOf('eve'))).not.toContain('"SHIP"');
    expect(await join('eve', game.gameID)).toMatchObject({ status: 409, text: SEAT_ERRORS.full });
    expect(await join('bob', game.gameID)).toMatchObject({ status: 200 });
  });

  it('lets exactly one of two racing players take the last seat', async () => {
    const game = (await create('ann', 'Nim')).json() as Game;
    const results = await Promise.all([join('eve', game.gameID), join('max', game.gameID)]);
    expect(results.map((r) => r.status).sort()).toEqual([200, 409]);
  });

  it('leaving during play hands the win to the opponent; a finished game refuses joins and leaves', async () => {
    const game = (await create('ann', 'Nim')).json() as Game;
    await join('bob', game.gameID);
    expect(await leave('ann', game.gameID, 'bob')).toMatchObject({ status: 403 });
    const left = await leave('ann', game.gameID);
    expect(left.json()).toMatchObject({ state: { status: 'OVER', winners: ['bob'] } });
    expect(await leave('bob', game.gameID)).toMatchObject({ status: 409, text: SEAT_ERRORS.over });
    expect(await join('eve', game.gameID)).toMatchObject({ status: 409, text: SEAT_ERRORS.over });
    expect(await leave('eve', '999999')).toMatchObject({ status: 404 });
  });

  it('lists games newest first, filtered and paged, each as the viewer may see it', async () => {
    const all = await list('bob', '?gameType=&status=');
    expect(all.status).toBe(200);
    expect(Number(all.headers.get('X-Total-Count'))).toBe(4);
    const games = all.json() as Game[];
    expect(games.map((g) => Number(g.gameID))).toEqual(games.map((g) => Number(g.gameID)).sort((a, b) => b - a));
    const battleship = await list('bob', '?gameType=Battleship&status=IN_PROGRESS');
    const [seen] = battleship.json() as Game[];
    if (seen?.gameType !== 'Battleship') throw new Error('expected the Battleship game');
    expect([shipsOn(seen.state.player1Board), shipsOn(seen.state.player2Board)]).toEqual([0, 17]);
    expect(JSON.stringify((await list('eve', '?gameType=Battleship')).json())).not.toContain('"SHIP"');
    const page = await list('eve', '?gameType=Nim&limit=1&offset=1');
    expect(page.json()).toHaveLength(1);
    expect(page.headers.get('X-Total-Count')).toBe('3');
  });
});
