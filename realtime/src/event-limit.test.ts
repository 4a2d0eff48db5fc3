import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG, SOCKET_EVENT_LIMIT, type GameErrorPayload, type JoinChatResult } from '@fso/shared';
import { chatHandlers } from './chat.handlers.ts';
import { gameHandlers } from './game.handlers.ts';
import { outcome, startTestRealtime, type TestRealtime } from './test-server.ts';

let t: TestRealtime;
beforeAll(async () => {
  t = await startTestRealtime((database) => [gameHandlers(database), chatHandlers(database)]);
});
afterAll(() => t.close());

// Far over the limit however slowly a loaded machine reads the frames.
const FLOOD = 10 * (SOCKET_EVENT_LIMIT.burst + SOCKET_EVENT_LIMIT.disconnectAfterRefused);

describe('per-socket event limit', () => {
  it('refuses a flood with gameError and disconnects the socket that keeps flooding', async () => {
    const socket = t.open((await t.signedIn('flooder')).cookie);
    expect(await outcome(socket)).toBe('connected');
    const errors: GameErrorPayload[] = [];
    socket.on('gameError', (e) => errors.push(e));
    const closed = new Promise<string>((resolve) => socket.on('disconnect', resolve));
    for (let i = 0; i < FLOOD; i++) socket.emit('makeMove', { gameID: '987654', move: { playerID: 'flooder', gameID: '987654', move: { numObjects: 1 } } });
    expect(await closed).toBe('io server disconnect');
    expect(errors.filter((e) => e.error === MSG.tooManyEvents).length).toBeGreaterThan(0);
  });

  it('handles a burst and answers each refused event that asks for an acknowledgement through it, without disconnecting', async () => {
    const socket = t.open((await t.signedIn('asker')).cookie);
    expect(await outcome(socket)).toBe('connected');
    const replies = await Promise.all(
      Array.from({ length: 3 * SOCKET_EVENT_LIMIT.burst }, () => new Promise<JoinChatResult>((resolve) => socket.emit('joinChat', '987654', resolve))),
    );
    expect(replies.filter((r) => !r.ok && r.error === MSG.tooManyEvents).length).toBeGreaterThan(0);
    expect(replies.filter((r) => !r.ok && r.error === MSG.notAllowed).length).toBeGreaterThanOrEqual(SOCKET_EVENT_LIMIT.burst);
    expect(socket.connected).toBe(true);
    socket.disconnect();
  });
});
