import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { acceptAnswer, notifyRule, postToChat } from '../../test/core-rules.ts';
import { createTestDatabase } from '../../test/testing.ts';
import type { Database } from '../client.ts';
import { createUser } from './users.ts';
import { insertAnswer, insertComment, insertQuestion } from './question-write.ts';
import { createDirectChat } from './chats.ts';
import {
  listNotifications,
  markNotificationsRead,
  storeNotifications,
  notificationById,
  ownNotificationIds,
  unreadAndNewest,
  unreadCount,
} from './notifications.ts';

let database: Database;
const id: Record<string, number> = {};
beforeAll(async () => {
  database = await createTestDatabase();
  for (const username of ['alice', 'bob', 'carol', 'dave'])
    id[username] = Number((await createUser(database.db, { username, passwordHash: null }))!._id);
});
afterAll(() => database.close());

const inbox = async (user: string) =>
  (await listNotifications(database.db, id[user]!, { limit: 50, offset: 0 })).notifications;
const ask = (by: string, title = 'How do I test an inbox?') =>
  insertQuestion(database.db, { title, text: 'Details.', tags: ['inbox'], askedBy: id[by]! });

describe('notifications written with their cause', () => {
  it('notifies the asker of an answer, with the answerer, an excerpt, the title and a link to the answer', async () => {
    const qid = await ask('alice');
    const added = (await insertAnswer(
      database.db,
      {
        questionId: qid,
        text: 'Write   rows\nin the same transaction.',
        ansBy: id.bob!,
      },
      notifyRule,
    ))!;
    expect(added.notified).toEqual([id.alice]);
    expect((await inbox('alice'))[0]).toMatchObject({
      kind: 'answer',
      actor: 'bob',
      excerpt: 'Write rows in the same transaction.',
      title: 'How do I test an inbox?',
      qid: String(qid),
      aid: String(added.answerId),
      link: `/question/${qid}?answer=${added.answerId}#answer-${added.answerId}`,
      read: false,
    });
    expect(await inbox('bob')).toEqual([]);
  });

  it('does not notify anybody of their own answer or comment, nor of mentioning themselves', async () => {
    const qid = await ask('carol');
    const before = await unreadCount(database.db, id.carol!);
    const answer = (await insertAnswer(
      database.db,
      {
        questionId: qid,
        text: 'Answering myself, @carol',
        ansBy: id.carol!,
      },
      notifyRule,
    ))!;
    const comment = (await insertComment(
      database.db,
      {
        parent: 'answer',
        parentId: answer.answerId,
        text: 'me again @Carol',
        commentBy: id.carol!,
      },
      notifyRule,
    ))!;
    expect([answer.notified, comment.notified]).toEqual([[], []]);
    expect(await unreadCount(database.db, id.carol!)).toBe(before);
  });

  it("notifies a post's author of a comment, and the question's followers (its asker by default)", async () => {
    const qid = await ask('alice', 'Comments notify');
    const { answerId } = (await insertAnswer(
      database.db,
      { questionId: qid, text: 'An answer', ansBy: id.bob! },
      notifyRule,
    ))!;
    const onQuestion = (await insertComment(
      database.db,
      {
        parent: 'question',
        parentId: qid,
        text: 'Which version?',
        commentBy: id.carol!,
      },
      notifyRule,
    ))!;
    const onAnswer = (await insertComment(
      database.db,
      {
        parent: 'answer',
        parentId: answerId,
        text: 'Nice one',
        commentBy: id.carol!,
      },
      notifyRule,
    ))!;
    expect(onQuestion.notified).toEqual([id.alice]);
    expect(onAnswer.notified).toEqual([id.bob, id.alice]);
    expect((await inbox('bob'))[0]).toMatchObject({
      kind: 'comment',
      actor: 'carol',
      excerpt: 'Nice one',
      aid: String(answerId),
      cid: String(onAnswer.commentId),
    });
    expect((await inbox('alice'))[1]).toMatchObject({
      kind: 'comment',
      actor: 'carol',
      excerpt: 'Which version?',
      aid: null,
      cid: String(onQuestion.commentId),
    });
  });

  it('notifies mentioned existing users once, and not the owner twice', async () => {
    const qid = await ask('alice', 'Mentions');
    const added = (await insertAnswer(
      database.db,
      {
        questionId: qid,
        text: 'cc @Dave @nobody-here @alice @dave',
        ansBy: id.bob!,
      },
      notifyRule,
    ))!;
    expect(added.notified.sort()).toEqual([id.alice, id.dave].sort());
    expect((await inbox('dave'))[0]).toMatchObject({ kind: 'mention', actor: 'bob', qid: String(qid) });
    expect((await inbox('alice'))[0]).toMatchObject({ kind: 'answer', actor: 'bob' });
    expect((await inbox('alice')).filter((n) => n.aid === String(added.answerId))).toHaveLength(1);
  });

  it('notifies the author of an accepted answer, unless they accepted their own', async () => {
    const qid = await ask('alice', 'Accepting');
    const { answerId } = (await insertAnswer(
      database.db,
      { questionId: qid, text: 'Accept me', ansBy: id.bob! },
      notifyRule,
    ))!;
    const accepted = await acceptAnswer(database.db, { questionId: qid, answerId, userId: id.alice! });
    expect(accepted).toMatchObject({ ok: true, value: { notified: [id.bob] } });
    expect((await inbox('bob'))[0]).toMatchObject({
      kind: 'accepted',
      actor: 'alice',
      title: 'Accepting',
      aid: String(answerId),
      excerpt: '',
    });
    const own = (await insertAnswer(database.db, { questionId: qid, text: 'My own', ansBy: id.alice! }, notifyRule))!;
    expect(
      await acceptAnswer(database.db, { questionId: qid, answerId: own.answerId, userId: id.alice! }),
    ).toMatchObject({ ok: true, value: { notified: [] } });
  });

  it('writes nothing when the causing transaction rolls back', async () => {
    const qid = await ask('alice', 'Rolled back');
    const { answerId } = (await insertAnswer(database.db, { questionId: qid, text: 'x', ansBy: id.bob! }, notifyRule))!;
    const before = await unreadCount(database.db, id.bob!);
    await expect(
      database.db.transaction(async (tx) => {
        await storeNotifications(
          tx,
          [{ userId: id.bob!, kind: 'accepted' }],
          id.alice!,
          { questionId: qid, answerId },
          '',
        );
        throw new Error('accept failed');
      }),
    ).rejects.toThrow('accept failed');
    expect(await unreadCount(database.db, id.bob!)).toBe(before);
  });

  it('keeps one unread entry per direct chat, refreshed by each new message, and a new one after reading', async () => {
    const alice = { userId: id.alice!, username: 'alice' };
    const carol = { userId: id.carol!, username: 'carol' };
    const started = await createDirectChat(database.db, carol, alice.userId, ['hello'], notifyRule);
    expect(started.notified).toEqual([id.alice]);
    const [second, third] = await Promise.all([
      postToChat(database.db, started.chatId, carol, 'are you there?'),
      postToChat(database.db, started.chatId, carol, 'ping'),
    ]);
    expect([second, third]).toEqual([
      { ok: true, value: expect.objectContaining({ notified: [id.alice] }) },
      { ok: true, value: expect.objectContaining({ notified: [id.alice] }) },
    ]);
    const forChat = (await inbox('alice')).filter((n) => n.chatId === String(started.chatId));
    expect(forChat).toHaveLength(1);
    expect(forChat[0]).toMatchObject({
      kind: 'message',
      actor: 'carol',
      link: `/messaging/direct-message?chat=${started.chatId}`,
      read: false,
    });
    expect(['are you there?', 'ping']).toContain(forChat[0]!.excerpt);
    const answered = await postToChat(database.db, started.chatId, alice, 'yes');
    expect(answered.ok && answered.value.notified).toEqual([id.carol]);

    await markNotificationsRead(database.db, id.alice!, { ids: [Number(forChat[0]!._id)] });
    await postToChat(database.db, started.chatId, carol, 'thanks');
    const after = (await inbox('alice')).filter((n) => n.chatId === String(started.chatId));
    expect(after.map((n) => [n.excerpt, n.read])).toEqual([
      ['thanks', false],
      [forChat[0]!.excerpt, true],
    ]);
  });
});

describe('reading and marking', () => {
  it('lists newest first in pages with the total and unread counts', async () => {
    const all = await listNotifications(database.db, id.alice!, { limit: 200, offset: 0 });
    const page = await listNotifications(database.db, id.alice!, { limit: 2, offset: 1 });
    expect(page.total).toBe(all.total);
    expect(page.notifications.map((n) => n._id)).toEqual(all.notifications.slice(1, 3).map((n) => n._id));
    const times = all.notifications.map((n) => n.createdAt);
    expect([...times].sort().reverse()).toEqual(times);
    expect(all.unread).toBe(all.notifications.filter((n) => !n.read).length);
    expect(await unreadAndNewest(database.db, [id.alice!, id.alice!])).toEqual([
      { userId: id.alice, username: 'alice', unread: all.unread, newest: all.notifications[0] },
    ]);
  });

  it("tells which ids are the user's, and marks only the user's rows read: the ids given, or all", async () => {
    const [mine] = (await inbox('alice')).filter((n) => !n.read);
    const [theirs] = await inbox('bob');
    const before = await unreadCount(database.db, id.alice!);
    expect(await ownNotificationIds(database.db, id.alice!, [Number(mine!._id), Number(theirs!._id), 999_999])).toEqual(
      [Number(mine!._id)],
    );
    expect(await markNotificationsRead(database.db, id.alice!, { ids: [Number(theirs!._id)] })).toBe(0);
    expect(await markNotificationsRead(database.db, id.alice!, { ids: [Number(mine!._id), Number(mine!._id)] })).toBe(
      1,
    );
    expect(await markNotificationsRead(database.db, id.alice!, { ids: [Number(mine!._id)] })).toBe(0);
    expect(await unreadCount(database.db, id.alice!)).toBe(before - 1);
    expect(await markNotificationsRead(database.db, id.alice!, { all: true })).toBe(before - 1);
    expect(await unreadCount(database.db, id.alice!)).toBe(0);
    expect(await unreadCount(database.db, id.bob!)).toBeGreaterThan(0);
  });

  it('opens a notification as read and drops it with the post it points at', async () => {
    const qid = await ask('dave', 'Opened then deleted');
    const { answerId } = (await insertAnswer(
      database.db,
      { questionId: qid, text: 'soon gone', ansBy: id.bob! },
      notifyRule,
    ))!;
    const [entry] = await inbox('dave');
    await markNotificationsRead(database.db, id.dave!, { ids: [Number(entry!._id)] });
    expect(await notificationById(database.db, Number(entry!._id))).toMatchObject({
      _id: entry!._id,
      read: true,
      aid: String(answerId),
    });
    await database.db.execute(sql`DELETE FROM answers WHERE id = ${answerId}`);
    expect((await inbox('dave')).map((n) => n._id)).not.toContain(entry!._id);
  });
});
