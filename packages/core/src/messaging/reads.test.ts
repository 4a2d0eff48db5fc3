import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser, type Database } from '@fso/db';
import { createTestDatabase } from '@fso/db/testing';
import { MSG } from '@fso/shared';
import { callerOf, testPorts } from '../../test/ports.ts';
import type { Actor } from '../caller.ts';
import type { Ports } from '../ports.ts';
import { postRoomMessage, startChat } from './messaging.ts';
import { mayFollowChat, roomMessages, unreadFor } from './reads.ts';

let database: Database;
let ports: Ports;
const users: Record<string, Actor> = {};
beforeAll(async () => {
  database = await createTestDatabase();
  ports = testPorts(database, { limits: false }).ports;
  for (const username of ['amy', 'bo', 'cy']) {
    const user = (await createUser(database.db, { username, passwordHash: null }))!;
    users[username] = { userId: Number(user._id), username };
  }
});
afterAll(() => database.close());

describe('messaging reads', () => {
  it('pages the global room, oldest first, saying whether older messages exist', async () => {
    for (const msg of ['one', 'two', 'three']) await postRoomMessage(ports, callerOf(users.amy!), { msg });
    const newest = await roomMessages(ports, { limit: 2 });
    expect(newest).toMatchObject({ total: 3, more: true });
    expect(newest.messages.map((m) => m.msg)).toEqual(['two', 'three']);
    const older = await roomMessages(ports, { limit: 2, before: Number(newest.messages[0]!._id) });
    expect(older.messages.map((m) => m.msg)).toEqual(['one']);
  });

  it("counts the caller's unread notifications (0 for a visitor), and lets only participants follow a chat", async () => {
    const chat = await startChat(ports, callerOf(users.amy!), {
      participants: ['amy', 'bo'],
      messages: [{ msg: 'hi bo' }],
    });
    if (!chat.ok) throw new Error(chat.message);
    expect(await unreadFor(ports, callerOf(users.bo!))).toBe(1);
    expect(await unreadFor(ports, callerOf(null))).toBe(0);
    const chatId = Number(chat.value._id);
    expect(await mayFollowChat(ports, callerOf(users.bo!), { chatId })).toEqual({ ok: true, value: null });
    const refused = { ok: false, kind: 'forbidden', message: MSG.notAllowed };
    expect(await mayFollowChat(ports, callerOf(users.cy!), { chatId })).toEqual(refused);
    expect(await mayFollowChat(ports, callerOf(users.bo!), { chatId: 999_999 })).toEqual(refused);
    expect(await mayFollowChat(ports, callerOf(null), { chatId })).toMatchObject({
      ok: false,
      kind: 'unauthenticated',
    });
  });
});
