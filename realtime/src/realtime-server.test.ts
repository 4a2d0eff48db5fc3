import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { UserUpdatePayload } from '@fso/shared';
import type { RealtimeFeature } from './realtime-server.ts';
import { outcome, startTestRealtime, type TestRealtime } from '../test/test-server.ts';

let t: TestRealtime;
beforeAll(async () => {
  t = await startTestRealtime();
});
afterAll(() => t.close());

describe('realtime handshake and publishing', () => {
  it('refuses a forged or ended session; no cookie at all is a visitor', async () => {
    expect(await outcome(t.open('fso_session=abc.def'))).toBe('unauthorized');
    expect(await outcome(t.open())).toBe('connected');
  });

  it('accepts a signed-in socket and delivers userUpdate to it', async () => {
    const { cookie } = await t.signedIn('gina');
    const socket = t.open(cookie);
    expect(await outcome(socket)).toBe('connected');
    const received = new Promise<UserUpdatePayload>((resolve) => socket.once('userUpdate', resolve));
    const user = { _id: '9', username: 'hal', biography: '', dateJoined: new Date(0).toISOString() };
    t.server.publisher.toAll('userUpdate', { user, type: 'created' });
    expect(await received).toEqual({ user, type: 'created' });
  });

  it('disconnects one session, or every socket of a user', async () => {
    const a = await t.signedIn('ivan');
    const first = t.open(a.cookie);
    const second = t.open(await t.anotherSession(a.userId));
    await Promise.all([outcome(first), outcome(second)]);
    const firstGone = new Promise((resolve) => first.once('disconnect', resolve));
    t.server.publisher.disconnectSession(a.sessionId);
    expect(await firstGone).toBe('io server disconnect');
    expect(second.connected).toBe(true);
    const secondGone = new Promise((resolve) => second.once('disconnect', resolve));
    t.server.publisher.disconnectUser('IVAN');
    expect(await secondGone).toBe('io server disconnect');
  });
});

describe('realtime close', () => {
  it('closes transports (clients reconnect, sessions stay) and waits for work in flight', async () => {
    const log: string[] = [];
    // A stand-in for a game move: tracked work that takes a while.
    const slow: RealtimeFeature = (socket, track) => {
      socket.on('leaveGame', () => {
        void track(new Promise<void>((resolve) => setTimeout(resolve, 300)).then(() => void log.push('move stored')));
      });
    };
    const rt = await startTestRealtime(() => [slow]);
    try {
      const socket = rt.open((await rt.signedIn('jo')).cookie);
      expect(await outcome(socket)).toBe('connected');
      const gone = new Promise<string>((resolve) => socket.once('disconnect', resolve));
      socket.emit('leaveGame', '1');
      await new Promise((resolve) => setTimeout(resolve, 50));
      await rt.server.close();
      log.push('closed');
      expect(log).toEqual(['move stored', 'closed']);
      expect(await gone).toBe('transport close');
    } finally {
      await rt.database.close();
    }
  });
});
