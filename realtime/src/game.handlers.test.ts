import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { io as connect, type Socket } from 'socket.io-client';
import { createSession, createUser, findSessionUser, readSessionId, signSessionId, type Database } from '@fso/db';
import { createTestDatabase } from '@fso/db/testing';
import { BATTLESHIP_ERRORS, MOVE_ERRORS, NIM_ERRORS } from '@fso/game-engine';
import { MSG, type ClientToServerEvents, type Game, type GameErrorPayload, type ServerToClientEvents } from '@fso/shared';
import { createRealtimeServer, type RealtimeServer } from './realtime-server.ts';
import { createGame, joinGame } from './game.service.ts';
import { gameHandlers } from './game.handlers.ts';

type Client = Socket<ServerToClientEvents, ClientToServerEvents>;

const SECRET = 'test-secret-test-secret-test-secret!';
let database: Database;
let server: RealtimeServer;
let url: string;
const clients: Client[] = [];
const cookies: Record<string, string> = {};

async function startServer() {
  const http = createServer();
  server = createRealtimeServer(http, {
    corsOrigins: [],
    features: [gameHandlers(database.db)],
    resolveSession: async (cookie) => {
      const id = readSessionId(cookie, SECRET);
      const found = id ? await findSessionUser(database.db, id) : null;
      return found ? { userId: String(found.userId), username: found.username, sessionId: found.sessionId } : null;
    },
  });
  await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(http.address() as AddressInfo).port}`;
}

beforeAll(async () => {
  database = await createTestDatabase();
  for (const name of ['ann', 'bob', 'eve']) {
    const user = (await createUser(database.db, { username: name, passwordHash: null }))!;
    const session = await createSession(database.db, Number(user._id));
    cookies[name] = `fso_session=${encodeURIComponent(signSessionId(session.id, SECRET))}`;
  }
  await startServer();
});

afterAll(async () => {
  for (const c of clients) c.disconnect();
  await server.close();
  await database.close();
});

async function open(name: string): Promise<Client> {
  const socket: Client = connect(url, { transports: ['websocket'], reconnection: false, extraHeaders: { cookie: cookies[name]! } });
  clients.push(socket);
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', resolve);
    socket.once('connect_error', reject);
  });
  return socket;
}

const nextUpdate = (socket: Client) => new Promise<Game>((resolve) => socket.once('gameUpdate', (p) => resolve(p.gameInstance)));
const nextError = (socket: Client) => new Promise<GameErrorPayload>((resolve) => socket.once('gameError', resolve));

/** Everything a socket receives, to check what it never received. */
function record(socket: Client) {
  const seen: { updates: Game[]; errors: GameErrorPayload[] } = { updates: [], errors: [] };
  socket.on('gameUpdate', (p) => seen.updates.push(p.gameInstance));
  socket.on('gameError', (p) => seen.errors.push(p));
  return seen;
}

async function watch(socket: Client, gameID: string) {
  const first = nextUpdate(socket);
  socket.emit('joinGame', gameID);
  return first;
}

const deps = () => ({ db: database.db, events: server.publisher });

const move = (player: string, game: Game, inner: unknown, version?: number) => ({ gameID: game.gameID, move: { playerID: player, gameID: game.gameID, move: inner }, version });

const cellsOf = (board: (string | null)[][], kind: string | null) => board.flatMap((row, y) => row.flatMap((c, x) => (c === kind ? [{ x, y }] : [])));

describe('game sockets', () => {
  it('plays Nim: each move reaches both players; errors reach only the one who erred; a restart loses nothing', async () => {
    const created = await createGame(deps(), 'ann', 'Nim');
    if (!created.ok) throw new Error(created.error);
    const game = created.value;
    let [ann, bob] = [await open('ann'), await open('bob')];
    expect(await watch(ann, game.gameID)).toMatchObject({ gameType: 'Nim', players: ['ann'], state: { status: 'WAITING_TO_START' } });
    const annSeesJoin = nextUpdate(ann);
    expect(await joinGame(deps(), 'bob', { gameID: game.gameID, playerID: 'bob' })).toMatchObject({ ok: true, value: { players: ['ann', 'bob'] } });
    expect((await annSeesJoin).state.status).toBe('IN_PROGRESS');
    await watch(bob, game.gameID);

    const [toAnn, toBob] = [nextUpdate(ann), nextUpdate(bob)];
    ann.emit('makeMove', move('ann', game, { numObjects: 3 }));
    expect((await toAnn).state).toMatchObject({ remainingObjects: 18, moves: [{ playerID: 'ann', move: { numObjects: 3 } }] });
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
    await server.close();
    await startServer();
    [ann, bob] = [await open('ann'), await open('bob')];
    expect((await watch(ann, game.gameID)).state).toMatchObject({ remainingObjects: 18, status: 'IN_PROGRESS' });
    await watch(bob, game.gameID);
    let last: Game | undefined;
    for (const [player, socket, n] of [['bob', bob, 3], ['ann', ann, 3], ['bob', bob, 3], ['ann', ann, 3], ['bob', bob, 3], ['ann', ann, 2], ['bob', bob, 1]] as const) {
      const update = nextUpdate(ann);
      socket.emit('makeMove', move(player, game, { numObjects: n }));
      last = await update;
    }
    expect(last?.state).toMatchObject({ remainingObjects: 0, status: 'OVER', winners: ['ann'] });
  });

  it('plays Battleship: no payload to the opponent or a watcher ever carries the other fleet', async () => {
    const created = await createGame(deps(), 'ann', 'Battleship');
    if (!created.ok) throw new Error(created.error);
    const game = created.value;
    const [ann, bob, eve] = [await open('ann'), await open('bob'), await open('eve')];
    await watch(ann, game.gameID);
    await watch(eve, game.gameID);
    const [bobSeen, eveSeen] = [record(bob), record(eve)];
    const annStarted = nextUpdate(ann);
    await joinGame(deps(), 'bob', { gameID: game.gameID, playerID: 'bob' });
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
});
