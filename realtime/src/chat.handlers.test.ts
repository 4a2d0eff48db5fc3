import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Socket } from 'socket.io-client';
import { notifyRule } from '@fso/core';
import { createDirectChat, openDatabase } from '@fso/db';
import { DATABASE_RETRY_AFTER_SECONDS, freePort } from '@fso/platform';
import { MSG, rooms, type Ack, type ChatUpdatePayload } from '@fso/shared';
import { chatHandlers } from './chat.handlers.ts';
import { ask, outcome, startTestRealtime, type TestClient, type TestRealtime } from '../test/test-server.ts';

let t: TestRealtime;
let chatId: string;
let amy: TestClient;
let cy: TestClient;
let boId: number;

beforeAll(async () => {
  t = await startTestRealtime((ports) => [chatHandlers(ports)]);
  const [a, b, c] = await Promise.all([t.signedIn('amy'), t.signedIn('bo'), t.signedIn('cy')]);
  boId = b.userId;
  chatId = String(
    (await createDirectChat(t.database.db, { userId: a.userId, username: 'amy' }, b.userId, [], notifyRule)).chatId,
  );
  amy = t.open(a.cookie);
  cy = t.open(c.cookie);
  await Promise.all([outcome(amy), outcome(cy)]);
});
afterAll(() => t.close());

const join = (socket: TestClient, id: unknown) =>
  new Promise<Ack>((resolve) => socket.emit('joinChat', id as string, resolve));

function collect(socket: TestClient): ChatUpdatePayload[] {
  const seen: ChatUpdatePayload[] = [];
  socket.on('chatUpdate', (payload) => seen.push(payload));
  return seen;
}

const update = (text: string): ChatUpdatePayload => ({
  chat: {
    _id: chatId,
    participants: ['amy', 'bo'],
    messages: [{ _id: text, msg: text, msgFrom: 'amy', msgDateTime: new Date().toISOString() }],
  },
  type: 'newMessage',
});

/** Publishes, then waits until `receiver` has it, plus a moment for anything that should not arrive. */
async function publishAndSettle(receiver: TestClient, text: string) {
  const got = new Promise((resolve) => receiver.once('chatUpdate', resolve));
  t.server.publisher.toRoom(rooms.chat(chatId), 'chatUpdate', update(text));
  await got;
  await new Promise((resolve) => setTimeout(resolve, 200));
}

describe('chat rooms', () => {
  it('lets a participant join, and refuses anybody else or a malformed id', async () => {
    expect(await join(amy, chatId)).toEqual({ ok: true });
    expect(await join(cy, chatId)).toEqual({ ok: false, error: MSG.notAllowed });
    expect(await join(cy, 'abc')).toEqual({ ok: false, error: MSG.chatNotFound });
    expect(await join(cy, { $ne: 1 })).toEqual({ ok: false, error: MSG.chatNotFound });
  });

  it('delivers room events to the participant and nothing to the refused socket', async () => {
    const toCy = collect(cy);
    const toAmy = collect(amy);
    await publishAndSettle(amy, 'secret');
    expect(toAmy.map((p) => p.chat.messages[0]?.msg)).toEqual(['secret']);
    expect(toCy).toEqual([]);
  });

  it('stops delivering after leaveChat, and survives a joinChat without acknowledgement', async () => {
    const bo = t.open(await t.anotherSession(boId));
    await outcome(bo);
    expect(await join(bo, chatId)).toEqual({ ok: true });
    amy.emit('leaveChat', chatId);
    (cy as unknown as Socket).emit('joinChat', chatId);
    // Events of one socket are handled in order: an answered request means the leave is done.
    await join(amy, 'barrier');
    const toAmy = collect(amy);
    const toCy = collect(cy);
    await publishAndSettle(bo, 'after-leave');
    expect(toAmy).toEqual([]);
    expect(toCy).toEqual([]);
    expect(cy.connected).toBe(true);
  });

  it('answers leaveChat through its acknowledgement too', async () => {
    expect(await ask((ack) => cy.emit('leaveChat', chatId, ack))).toEqual({ ok: true });
    expect(await ask((ack) => cy.emit('leaveChat', 'abc', ack))).toEqual({ ok: false, error: MSG.chatNotFound });
  });

  it('answers a joinChat while the database is away with its message and the seconds to wait', async () => {
    const away = await openDatabase({ url: `postgres://postgres@127.0.0.1:${await freePort()}/postgres` });
    const cut = await startTestRealtime(() => [chatHandlers(away)]);
    try {
      const dee = cut.open((await cut.signedIn('dee')).cookie);
      await outcome(dee);
      expect(await join(dee, chatId)).toEqual({
        ok: false,
        error: MSG.databaseUnavailable,
        retryAfterSeconds: DATABASE_RETRY_AFTER_SECONDS,
      });
    } finally {
      await cut.close();
      await away.close();
    }
  });
});
