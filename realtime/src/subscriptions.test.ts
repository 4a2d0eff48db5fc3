import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG, type Ack, type GameErrorPayload, type ServerToClientEvents } from '@fso/shared';
import { chatHandlers } from './chat.handlers.ts';
import { gameHandlers } from './game.handlers.ts';
import { outcome, startTestRealtime, type TestClient, type TestRealtime } from '../test/test-server.ts';

let t: TestRealtime;
beforeAll(async () => {
  t = await startTestRealtime((ports) => [chatHandlers(ports), gameHandlers(ports)]);
});
afterAll(() => t.close());

/** Every event the socket receives from now on, by name. */
function record(socket: TestClient) {
  const seen: { event: string; args: unknown[] }[] = [];
  socket.onAny((event: string, ...args: unknown[]) => void seen.push({ event, args }));
  return seen;
}

const watch = (socket: TestClient, topic: unknown) =>
  new Promise<Ack>((resolve) => socket.emit('watch', topic as never, resolve));

/** A round trip through the server after the publishes, so everything sent before has arrived. */
const settle = (socket: TestClient) => watch(socket, { list: [] }).then(() => undefined);

const votes = (qid: string) => ({ qid, upVotes: ['ann'], downVotes: [] });
const question = (_id: string) => ({ _id }) as Parameters<ServerToClientEvents['questionUpdate']>[0];
const row = (_id: string) => ({ _id }) as Parameters<ServerToClientEvents['rowUpdate']>[0];

describe('subscriptions', () => {
  it('a socket that watches nothing receives every public Q&A event, but no HTML bodies', async () => {
    const socket = t.open();
    expect(await outcome(socket)).toBe('connected');
    const seen = record(socket);
    t.server.publisher.toQa('bodiesUpdate', { qid: '5', html: { q: '<p>x</p>' } });
    t.server.publisher.toQa('voteUpdate', votes('5'));
    t.server.publisher.toQa('voteUpdate', votes('6'));
    await new Promise((resolve) => socket.once('voteUpdate', () => socket.once('voteUpdate', resolve)));
    expect(seen.map((s) => s.event)).toEqual(['voteUpdate', 'voteUpdate']);
  });

  it('a question page receives only its question’s events, HTML first', async () => {
    const socket = t.open();
    expect(await watch(socket, { question: '5' })).toEqual({ ok: true });
    const seen = record(socket);
    t.server.publisher.toQa('voteUpdate', votes('6'));
    t.server.publisher.toQa('bodiesUpdate', { qid: '5', html: { a9: '<p>hi</p>' } });
    t.server.publisher.toQa('answerVoteUpdate', { qid: '5', aid: '9', upVotes: [], downVotes: [], score: 0 });
    await settle(socket);
    expect(seen.map((s) => s.event)).toEqual(['bodiesUpdate', 'answerVoteUpdate']);
  });

  it('a list page receives its rows’ changes as rows and new questions, not whole questions (issue 39 item 8)', async () => {
    const socket = t.open();
    expect(await watch(socket, { list: ['5', '7'] })).toEqual({ ok: true });
    const seen = record(socket);
    t.server.publisher.toQa('voteUpdate', votes('7'));
    t.server.publisher.toQa('voteUpdate', votes('8'));
    t.server.publisher.toQa('answerVoteUpdate', { qid: '5', aid: '9', upVotes: [], downVotes: [], score: 0 });
    t.server.publisher.toQa('questionUpdate', question('5'));
    t.server.publisher.toQa('rowUpdate', row('5'));
    t.server.publisher.toQa('rowUpdate', row('8'));
    t.server.publisher.toQa('questionAsked', row('42'));
    await settle(socket);
    expect(
      seen.map((s) => [
        s.event,
        (s.args[0] as { qid?: string; _id?: string }).qid ?? (s.args[0] as { _id: string })._id,
      ]),
    ).toEqual([
      ['voteUpdate', '7'],
      ['rowUpdate', '5'],
      ['questionAsked', '42'],
    ]);
  });

  it('refuses a topic it cannot read, with the message', async () => {
    const socket = t.open();
    expect(await watch(socket, { question: 'abc' })).toEqual({ ok: false, error: MSG.invalidId });
    expect(await watch(socket, { everything: true })).toEqual({ ok: false, error: MSG.invalidWatch });
    expect(await watch(socket, { list: Array.from({ length: 101 }, (_, i) => String(i + 1)) })).toEqual({
      ok: false,
      error: MSG.invalidWatch,
    });
  });
});

describe('a visitor’s socket (no cookie)', () => {
  it('gets public Q&A events but not members’ events, and cannot join a chat or a game', async () => {
    const visitor = t.open();
    expect(await outcome(visitor)).toBe('connected');
    const seen = record(visitor);
    const user = { _id: '9', username: 'hal', biography: '', dateJoined: new Date(0).toISOString() };
    t.server.publisher.toAll('userUpdate', { user, type: 'created' });
    t.server.publisher.toAll('messageUpdate', {
      msg: { _id: '1', msg: 'hi', msgFrom: 'hal', msgDateTime: new Date(0).toISOString() },
    });
    t.server.publisher.toQa('voteUpdate', votes('5'));
    const joined = await new Promise((resolve) => visitor.emit('joinChat', '1', resolve));
    expect(joined).toEqual({ ok: false, error: MSG.notSignedIn });
    const gameError = new Promise<GameErrorPayload>((resolve) => visitor.once('gameError', resolve));
    visitor.emit('joinGame', '1');
    expect((await gameError).error).toBe(MSG.notSignedIn);
    expect(seen.map((s) => s.event)).toEqual(['voteUpdate', 'gameError']);
  });

  it('a signed-in socket still gets members’ events', async () => {
    const socket = t.open((await t.signedIn('kim')).cookie);
    expect(await outcome(socket)).toBe('connected');
    const got = new Promise((resolve) => socket.once('messageUpdate', resolve));
    t.server.publisher.toAll('messageUpdate', {
      msg: { _id: '2', msg: 'yo', msgFrom: 'hal', msgDateTime: new Date(0).toISOString() },
    });
    expect(await got).toMatchObject({ msg: { msg: 'yo' } });
  });
});
