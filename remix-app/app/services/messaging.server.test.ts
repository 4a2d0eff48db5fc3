import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser, listMessages, type Database } from '@fso/db';
import { createTestDatabase } from '@fso/db/testing';
import { MSG, RATE_LIMITS } from '@fso/shared';
import { testContext } from '../../test/context.ts';
import { chatsOf, openChat, postChatMessage, postRoomMessage, startChat } from './messaging.server.ts';
import type { SessionUser } from './session.server.ts';

let database: Database;
const users: Record<string, SessionUser> = {};
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
    const { context, recorded } = testContext(database);
    const result = await postRoomMessage(context, users.amy!, { msg: 'hello room', msgFrom: 'AMY' });
    expect(result).toMatchObject({ ok: true, value: { msg: 'hello room', msgFrom: 'amy' } });
    if (!result.ok) return;
    expect(Math.abs(Date.parse(result.value.msgDateTime) - Date.now())).toBeLessThan(60_000);
    expect(recorded.events).toEqual([{ event: 'messageUpdate', args: [{ msg: result.value }] }]);
  });

  it('refuses a message in somebody else’s name with 403 and stores nothing', async () => {
    const { context, recorded } = testContext(database);
    expect(await postRoomMessage(context, users.bo!, { msg: 'I am amy', msgFrom: 'amy' })).toMatchObject({ ok: false, status: 403 });
    expect(await roomMessages()).not.toContain('I am amy');
    expect(recorded.events).toEqual([]);
  });

  it('answers 429 once a user posts too fast', async () => {
    const { context } = testContext(database);
    for (let i = 0; i < RATE_LIMITS.message.perUser; i++) expect((await postRoomMessage(context, users.spammer!, { msg: `spam ${i}` })).ok).toBe(true);
    expect(await postRoomMessage(context, users.spammer!, { msg: 'one more' })).toMatchObject({ ok: false, status: 429, error: MSG.tooManyMessages });
  });
});

describe('direct chats', () => {
  it('creates a chat once per pair, announces it to both participants only, and returns the existing one later', async () => {
    const { context, recorded } = testContext(database);
    const created = await startChat(context, users.amy!, { participants: ['amy', 'bo'], messages: [] });
    expect(created).toMatchObject({ ok: true, value: { participants: ['amy', 'bo'], messages: [] } });
    if (!created.ok) return;
    expect(recorded.events.map((e) => e.args.at(-1))).toEqual([{ room: 'user:amy' }, { room: 'user:bo' }]);
    expect(recorded.events[0]).toMatchObject({ event: 'chatUpdate', args: [{ type: 'created', chat: { _id: created.value._id } }, {}] });

    const again = await startChat(testContext(database).context, users.bo!, { participants: ['Bo', 'AMY'], messages: [{ msg: 'hi amy', msgFrom: 'bo' }] });
    expect(again).toMatchObject({ ok: true, value: { _id: created.value._id, messages: [{ msg: 'hi amy', msgFrom: 'bo' }] } });
  });

  it('refuses a chat the creator is not part of, a stranger, or first messages in another name', async () => {
    const { context, recorded } = testContext(database);
    expect(await startChat(context, users.cy!, { participants: ['amy', 'bo'], messages: [] })).toMatchObject({ ok: false, status: 403 });
    expect(await startChat(context, users.cy!, { participants: ['cy', 'nobody'], messages: [] })).toMatchObject({ ok: false, status: 404 });
    expect(await startChat(context, users.cy!, { participants: ['cy', 'amy'], messages: [{ msg: 'x', msgFrom: 'amy' }] })).toMatchObject({ ok: false, status: 403 });
    expect(recorded.events).toEqual([]);
    expect(await chatsOf(context, users.cy!, 'cy', { limit: 10, offset: 0 })).toMatchObject({ ok: true, value: { total: 0 } });
  });

  it('keeps a chat private to its participants: reading, posting and listing', async () => {
    const { context, recorded } = testContext(database);
    const chat = await startChat(context, users.amy!, { participants: ['amy', 'bo'], messages: [] });
    if (!chat.ok) throw new Error('chat');
    const chatId = Number(chat.value._id);
    recorded.events.length = 0;

    expect(await openChat(context, users.cy!, chatId, { limit: 50 })).toMatchObject({ ok: false, status: 403 });
    expect(await openChat(context, users.cy!, 987_654, { limit: 50 })).toMatchObject({ ok: false, status: 404, error: MSG.chatNotFound });
    expect(await postChatMessage(context, users.cy!, chatId, { msg: 'let me in' })).toMatchObject({ ok: false, status: 403 });
    expect(await postChatMessage(context, users.bo!, chatId, { msg: 'as amy', msgFrom: 'amy' })).toMatchObject({ ok: false, status: 403 });
    expect(await chatsOf(context, users.cy!, 'amy', { limit: 10, offset: 0 })).toMatchObject({ ok: false, status: 403 });
    expect(recorded.events).toEqual([]);

    const posted = await postChatMessage(context, users.bo!, chatId, { msg: 'just us', msgFrom: 'bo' });
    expect(posted).toMatchObject({ ok: true, value: { _id: String(chatId), participants: ['amy', 'bo'], messages: [{ msg: 'hi amy' }, { msg: 'just us', msgFrom: 'bo' }] } });
    expect(recorded.events).toEqual([
      { event: 'chatUpdate', args: [{ type: 'newMessage', chat: posted.ok && posted.value }, { room: `chat:${chatId}` }] },
      { event: 'notificationUpdate', args: [{ unread: expect.any(Number) }, { room: 'user:amy' }] },
    ]);
    const read = await openChat(context, users.amy!, chatId, { limit: 50 });
    expect(read.ok && read.value.chat.messages.map((m) => m.msg)).toEqual(['hi amy', 'just us']);
    const listed = await chatsOf(context, users.amy!, 'amy', { limit: 10, offset: 0 });
    expect(listed).toMatchObject({ ok: true, value: { total: 1, chats: [{ participants: ['amy', 'bo'], messages: [{ msg: 'just us' }] }] } });
    expect(await roomMessages()).not.toContain('just us');
  });
});
