import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG, SOCKET_EVENT_LIMIT, type Ack, type Game, type GameErrorPayload } from '@fso/shared';
import { chatHandlers } from './chat.handlers.ts';
import { gameHandlers } from './game.handlers.ts';
import { ask, outcome, startTestRealtime, type TestRealtime } from '../test/test-server.ts';

let t: TestRealtime;
beforeAll(async () => {
  t = await startTestRealtime((ports) => [gameHandlers(ports), chatHandlers(ports)]);
});
afterAll(() => t.close());

// Far over the limit however slowly a loaded machine reads the frames.
const FLOOD = 10 * (SOCKET_EVENT_LIMIT.burst + SOCKET_EVENT_LIMIT.disconnectAfterRefused);

describe('per-socket event limit', () => {
  it('cuts off a socket that keeps flooding: disconnected, its connection dropped', async () => {
    const socket = t.open((await t.signedIn('flooder')).cookie);
    expect(await outcome(socket)).toBe('connected');
    const closed = new Promise<string>((resolve) => socket.on('disconnect', resolve));
    for (let i = 0; i < FLOOD; i++)
      socket.emit('makeMove', {
        gameID: '987654',
        move: { playerID: 'flooder', gameID: '987654', move: { numObjects: 1 } },
      });
    // The server drops the connection without a polite close, so the client sees the transport go.
    expect(['io server disconnect', 'transport close', 'transport error']).toContain(await closed);
    expect(socket.connected).toBe(false);
  });

  it('handles a burst and answers each refused event that asks for an acknowledgement through it, without disconnecting', async () => {
    const socket = t.open((await t.signedIn('asker')).cookie);
    expect(await outcome(socket)).toBe('connected');
    const replies = await Promise.all(
      Array.from(
        { length: 3 * SOCKET_EVENT_LIMIT.burst },
        () => new Promise<Ack>((resolve) => socket.emit('joinChat', '987654', resolve)),
      ),
    );
    expect(replies.filter((r) => !r.ok && r.error === MSG.tooManyEvents).length).toBeGreaterThan(0);
    expect(replies.filter((r) => !r.ok && r.error === MSG.notAllowed).length).toBeGreaterThanOrEqual(
      SOCKET_EVENT_LIMIT.burst,
    );
    expect(socket.connected).toBe(true);
    socket.disconnect();
  });

  it('answers a refused game event through its acknowledgement, and one without as gameError, as before', async () => {
    const socket = t.open((await t.signedIn('player')).cookie);
    expect(await outcome(socket)).toBe('connected');
    const errors: GameErrorPayload[] = [];
    socket.on('gameError', (p) => errors.push(p));
    const replies = await Promise.all(
      Array.from({ length: 3 * SOCKET_EVENT_LIMIT.burst }, () =>
        ask<Game>((ack) => socket.emit('joinGame', '987654', ack)),
      ),
    );
    expect(replies.filter((r) => !r.ok && r.error === MSG.tooManyEvents).length).toBeGreaterThan(0);
    expect(replies.every((r) => !r.ok)).toBe(true);
    expect(errors).toEqual([]);
    for (let i = 0; i < 3 * SOCKET_EVENT_LIMIT.burst; i++) socket.emit('leaveChat', '987654');
    await expect.poll(() => errors.length).toBeGreaterThan(0);
    expect(errors[0]).toEqual({ gameID: null, player: 'player', error: MSG.tooManyEvents });
    socket.disconnect();
  });
});
