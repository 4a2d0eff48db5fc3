import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser, listMessages, type Database } from '@fso/db';
import { createTestDatabase } from '@fso/db/testing';
import { MSG, RATE_LIMITS } from '@fso/shared';
import { callerOf, testPorts } from '../../test/ports.ts';
import type { Actor } from '../caller.ts';
import { chatsOf, openChat, postChatMessage, postRoomMessage, startChat } from '../messaging/messaging.ts';

let database: Database;
const users: Record<string, Actor> = {};
beforeAll(async () => {
  database = await createTestDatabase();
  for (const username of ['amy', 'bo', 'cy', 'spammer']) {
    const user = (await createUser(database.db, { username, passwordHash: null }))!;
    users[username] = { userId: Number(user._id), username, sessionId: `s-${username}` };
  }
});
afterAll(() => database.close());

const roomMessages = async () => (await listMessages(database.db, null, { limit: 200 })).messages.map((m) => m.msg);

describe('global room', () => {
  it('posts as the session user, sets the time itself, and announces to everybody', async () => {
    const { ports, recorded } = testPorts(database);
    const result = await postRoomMessage(ports, callerOf(users.amy!), { msg: 'hello room', msgFrom: 'AMY' });
    expect(result).toMatchObject({ ok: true, value: { msg: 'hello room', msgFrom: 'amy' } });
    if (!result.ok) return;
    expect(Math.abs(Date.parse(result.value.msgDateTime) - Date.now())).toBeLessThan(60_000);
    expect(recorded.events).toEqual([{ event: 'messageUpdate', args: [{ msg: result.value }] }]);
  });

  it('refuses a message in somebody else’s name with 403 and stores nothing', async () => {
    const { ports, recorded } = testPorts(database);
    expect(await postRoomMessage(ports, callerOf(users.bo!), { msg: 'I am amy', msgFrom: 'amy' })).toMatchObject({
      ok: false,
      kind: 'forbidden',
    });
    expect(await roomMessages()).not.toContain('I am amy');
    expect(recorded.events).toEqual([]);
  });

  it('answers 429 once a user posts too fast', async () => {
    const { ports } = testPorts(database);
    for (let i = 0; i < RATE_LIMITS.message.perUser; i++)
      expect((await postRoomMessage(ports, callerOf(users.spammer!), { msg: `spam ${i}` })).ok).toBe(true);
    expect(await postRoomMessage(ports, callerOf(users.spammer!), { msg: 'one more' })).toMatchObject({
      ok: false,
      kind: 'tooMany',
      message: MSG.tooManyMessages,
    });
  });
});

describe('direct chats', () => {
  it('creates a chat once per pair, announces it to both participants only, and returns the existing one later', async () => {
    const { ports, recorded } = testPorts(database);
    const created = await startChat(ports, callerOf(users.amy!), { participants: ['amy', 'bo'], messages: [] });
    expect(created).toMatchObject({ ok: true, value: { participants: ['amy', 'bo'], messages: [] } });
    if (!created.ok) return;
    expect(recorded.events.map((e) => e.args.at(-1))).toEqual([{ room: 'user:amy' }, { room: 'user:bo' }]);
    expect(recorded.events[0]).toMatchObject({
      event: 'chatUpdate',
      args: [{ type: 'created', chat: { _id: created.value._id } }, {}],
    });

    const again = await startChat(testPorts(database).ports, callerOf(users.bo!), {
      participants: ['Bo', 'AMY'],
      messages: [{ msg: 'hi amy', msgFrom: 'bo' }],
    });
    expect(again).toMatchObject({
      ok: true,
      value: { _id: created.value._id, messages: [{ msg: 'hi amy', msgFrom: 'bo' }] },
    });
  });

  it('refuses a chat the creator is not part of, a stranger, or first messages in another name', async () => {
    const { ports, recorded } = testPorts(database);
    expect(await startChat(ports, callerOf(users.cy!), { participants: ['amy', 'bo'], messages: [] })).toMatchObject({
      ok: false,
      kind: 'forbidden',
    });
    expect(await startChat(ports, callerOf(users.cy!), { participants: ['cy', 'nobody'], messages: [] })).toMatchObject(
      { ok: false, kind: 'notFound' },
    );
    expect(
      await startChat(ports, callerOf(users.cy!), {
        participants: ['cy', 'amy'],
        messages: [{ msg: 'x', msgFrom: 'amy' }],
      }),
    ).toMatchObject({ ok: false, kind: 'forbidden' });
    expect(recorded.events).toEqual([]);
    expect(await chatsOf(ports, callerOf(users.cy!), { username: 'cy', page: { limit: 10, offset: 0 } })).toMatchObject(
      {
        ok: true,
        value: { total: 0 },
      },
    );
  });

  it('keeps a chat private to its participants: reading, posting and listing', async () => {
    const { ports, recorded } = testPorts(database);
    const chat = await startChat(ports, callerOf(users.amy!), { participants: ['amy', 'bo'], messages: [] });
    if (!chat.ok) throw new Error('chat');
    const chatId = Number(chat.value._id);
    recorded.events.length = 0;

    expect(await openChat(ports, callerOf(users.cy!), { chatId, page: { limit: 50 } })).toMatchObject({
      ok: false,
      kind: 'forbidden',
    });
    expect(await openChat(ports, callerOf(users.cy!), { chatId: 987_654, page: { limit: 50 } })).toMatchObject({
      ok: false,
      kind: 'notFound',
      message: MSG.chatNotFound,
    });
    expect(await postChatMessage(ports, callerOf(users.cy!), { chatId, msg: 'let me in' })).toMatchObject({
      ok: false,
      kind: 'forbidden',
    });
    expect(await postChatMessage(ports, callerOf(users.bo!), { chatId, msg: 'as amy', msgFrom: 'amy' })).toMatchObject({
      ok: false,
      kind: 'forbidden',
    });
    expect(
      await chatsOf(ports, callerOf(users.cy!), { username: 'amy', page: { limit: 10, offset: 0 } }),
    ).toMatchObject({
      ok: false,
      kind: 'forbidden',
    });
    expect(recorded.events).toEqual([]);

    const posted = await postChatMessage(ports, callerOf(users.bo!), { chatId, msg: 'just us', msgFrom: 'bo' });
    expect(posted).toMatchObject({
      ok: true,
      value: {
        _id: String(chatId),
        participants: ['amy', 'bo'],
        messages: [{ msg: 'hi amy' }, { msg: 'just us', msgFrom: 'bo' }],
      },
    });
    expect(recorded.events).toEqual([
      {
        event: 'chatUpdate',
        args: [{ type: 'newMessage', chat: posted.ok && posted.value }, { room: `chat:${chatId}` }],
      },
      {
        // The participants' other pages: a chat list's preview follows (issue 42).
        event: 'chatUpdate',
        args: [
          { type: 'newMessage', chat: posted.ok && posted.value },
          { users: ['amy', 'bo'], outside: `chat:${chatId}` },
        ],
      },
      {
        event: 'notificationUpdate',
        args: [
          {
            unread: expect.any(Number),
            latest: expect.objectContaining({ kind: 'message', actor: 'bo', excerpt: 'just us' }),
          },
          { room: 'user:amy' },
        ],
      },
    ]);
    const read = await openChat(ports, callerOf(users.amy!), { chatId, page: { limit: 50 } });
    expect(read.ok && read.value.chat.messages.map((m) => m.msg)).toEqual(['hi amy', 'just us']);
    const listed = await chatsOf(ports, callerOf(users.amy!), { username: 'amy', page: { limit: 10, offset: 0 } });
    expect(listed).toMatchObject({
      ok: true,
      value: { total: 1, chats: [{ participants: ['amy', 'bo'], messages: [{ msg: 'just us' }] }] },
    });
    expect(await roomMessages()).not.toContain('just us');
  });
});
