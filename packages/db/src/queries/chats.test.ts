import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fail, MSG } from '@fso/shared';
import { deleteAccount, notifyRule, postToChat } from '../../test/core-rules.ts';
import { createTestDatabase } from '../../test/testing.ts';
import type { Database } from '../client.ts';
import { createUser } from './users.ts';
import { addRoomMessage, listMessages, type Author } from './messages.ts';
import { createDirectChat, findChatParticipants, isChatParticipant, listChatsOf } from './chats.ts';

let database: Database;
const people: Record<string, Author> = {};
beforeAll(async () => {
  database = await createTestDatabase();
  for (const username of ['Ann', 'ben', 'cat', 'dan']) {
    const user = (await createUser(database.db, { username, passwordHash: null }))!;
    people[username] = { userId: Number(user._id), username };
  }
});
afterAll(() => database.close());

describe('direct chats', () => {
  it('creates one chat per pair even when both ask at the same moment', async () => {
    const { Ann, ben } = people;
    const results = await Promise.all([
      ...Array.from({ length: 4 }, () => createDirectChat(database.db, Ann!, ben!.userId, [], notifyRule)),
      ...Array.from({ length: 4 }, () => createDirectChat(database.db, ben!, Ann!.userId, [], notifyRule)),
    ]);
    expect(new Set(results.map((r) => r.chatId)).size).toBe(1);
    expect(results.filter((r) => r.created)).toHaveLength(1);
    expect(await findChatParticipants(database.db, results[0]!.chatId)).toEqual([
      { userId: Ann!.userId, username: 'Ann' },
      { userId: ben!.userId, username: 'ben' },
    ]);
  });

  it('appends initial messages to an existing chat instead of making a second one', async () => {
    const { Ann, ben } = people;
    const again = await createDirectChat(database.db, ben!, Ann!.userId, ['hi', 'there'], notifyRule);
    expect(again.created).toBe(false);
    expect(again.messages.map((m) => [m.msg, m.msgFrom])).toEqual([
      ['hi', 'ben'],
      ['there', 'ben'],
    ]);
    expect((await listMessages(database.db, again.chatId, { limit: 10 })).messages.map((m) => m.msg)).toEqual([
      'hi',
      'there',
    ]);
  });

  it('lets only participants post, and keeps chats out of the global room', async () => {
    const { Ann, ben, cat } = people;
    const { chatId } = await createDirectChat(database.db, Ann!, ben!.userId, [], notifyRule);
    expect(await postToChat(database.db, chatId, cat!, 'sneaky')).toEqual(fail('forbidden', MSG.notAllowed));
    expect(await isChatParticipant(database.db, chatId, cat!.userId)).toBe(false);
    expect(await isChatParticipant(database.db, chatId, ben!.userId)).toBe(true);
    expect(await postToChat(database.db, 999_999, Ann!, 'nowhere')).toEqual(fail('forbidden', MSG.notAllowed));
    const posted = await postToChat(database.db, chatId, Ann!, 'hello ben');
    expect(posted.ok && posted.value.message).toMatchObject({ msg: 'hello ben', msgFrom: 'Ann' });
    const chat = await listMessages(database.db, chatId, { limit: 50 });
    expect(chat.messages.map((m) => m.msg)).not.toContain('sneaky');
    expect((await listMessages(database.db, null, { limit: 50 })).messages).toEqual([]);
  });

  it("lists a user's chats in one page, latest activity first, with participants and only the last message", async () => {
    const { Ann, ben, cat, dan } = people;
    const withCat = await createDirectChat(database.db, cat!, Ann!.userId, [], notifyRule);
    const withDan = await createDirectChat(database.db, Ann!, dan!.userId, ['first'], notifyRule);
    await postToChat(database.db, withDan.chatId, dan!, 'latest');
    const page = await listChatsOf(database.db, Ann!.userId, { limit: 10, offset: 0 });
    expect(page.total).toBe(3);
    expect(page.chats[0]).toMatchObject({
      _id: String(withDan.chatId),
      participants: ['Ann', 'dan'],
      messages: [{ msg: 'latest', msgFrom: 'dan' }],
    });
    expect(page.chats.find((c) => c._id === String(withCat.chatId))).toMatchObject({
      participants: ['Ann', 'cat'],
      messages: [],
    });
    const second = await listChatsOf(database.db, Ann!.userId, { limit: 2, offset: 2 });
    expect(second.chats).toHaveLength(1);
    expect(
      (await listChatsOf(database.db, ben!.userId, { limit: 10, offset: 0 })).chats.map((c) => c.participants),
    ).toEqual([['Ann', 'ben']]);
  });

  it('shows a deleted author as null and drops the deleted participant', async () => {
    const eve = (await createUser(database.db, { username: 'eve', passwordHash: null }))!;
    const author = { userId: Number(eve._id), username: 'eve' };
    const { chatId } = await createDirectChat(database.db, author, people.Ann!.userId, ['bye'], notifyRule);
    await deleteAccount(database.db, author.userId);
    expect((await listMessages(database.db, chatId, { limit: 5 })).messages[0]).toMatchObject({
      msg: 'bye',
      msgFrom: null,
    });
    expect((await findChatParticipants(database.db, chatId)).map((p) => p.username)).toEqual(['Ann']);
  });
});

describe('message paging', () => {
  it('reads the newest page first, older pages with before, newer ones with after', async () => {
    const author = people.cat!;
    const ids: number[] = [];
    for (let i = 1; i <= 7; i++) ids.push(Number((await addRoomMessage(database.db, author, `m${i}`))._id));
    const newest = await listMessages(database.db, null, { limit: 3 });
    expect(newest).toMatchObject({ total: 7, more: true });
    expect(newest.messages.map((m) => m.msg)).toEqual(['m5', 'm6', 'm7']);
    const older = await listMessages(database.db, null, { limit: 3, before: ids[4] });
    expect(older.messages.map((m) => m.msg)).toEqual(['m2', 'm3', 'm4']);
    const oldest = await listMessages(database.db, null, { limit: 3, before: ids[1] });
    expect(oldest).toMatchObject({ more: false, messages: [{ msg: 'm1' }] });
    const missed = await listMessages(database.db, null, { limit: 2, after: ids[3] });
    expect(missed).toMatchObject({ more: true, messages: [{ msg: 'm5' }, { msg: 'm6' }] });
    expect((await listMessages(database.db, null, { limit: 2, after: ids[6] })).messages).toEqual([]);
    expect(newest.messages[0]!.msgDateTime).toMatch(/^\d{4}-\d\d-\d\dT/);
  });
});
