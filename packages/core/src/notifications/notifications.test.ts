import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser, insertQuestion, type Database } from '@fso/db';
import { createTestDatabase } from '@fso/db/testing';
import { callerOf, testPorts, type Recorded } from '../../test/ports.ts';
import type { Actor } from '../caller.ts';
import { startChat } from '../messaging/messaging.ts';
import { inboxOf, markRead, openInbox, openNotification } from '../notifications/notifications.ts';
import { addComment, answerQuestion } from '../qa/questions.ts';

let database: Database;
let users: { Alice: Actor; bob: Actor; carol: Actor };
beforeAll(async () => {
  database = await createTestDatabase();
  const make = async (username: string): Promise<Actor> => ({
    userId: Number((await createUser(database.db, { username, passwordHash: null }))!._id),
    username,
    sessionId: `s-${username}`,
  });
  users = { Alice: await make('Alice'), bob: await make('bob'), carol: await make('carol') };
});
afterAll(() => database.close());

const updates = (recorded: Recorded) =>
  recorded.events.filter((e) => e.event === 'notificationUpdate').map((e) => e.args);

describe('live inbox updates', () => {
  it('tells only the recipients, in their own rooms, their count and the new notification, after an answer, a mention in a comment and a direct message', async () => {
    const { Alice, bob, carol } = users;
    const qid = await insertQuestion(database.db, {
      title: 'Live inbox',
      text: 'x',
      tags: ['inbox'],
      askedBy: Alice.userId,
    });
    const { ports, recorded } = testPorts(database);
    const answered = await answerQuestion(ports, callerOf(bob), { qid: qid, text: 'An answer' });
    expect(answered.ok).toBe(true);
    expect(updates(recorded)).toEqual([
      [
        {
          unread: 1,
          latest: expect.objectContaining({ kind: 'answer', actor: 'bob', excerpt: 'An answer', read: false }),
        },
        { room: 'user:alice' },
      ],
    ]);

    recorded.events.length = 0;
    await addComment(ports, callerOf(carol), {
      type: 'answer',
      id: Number(answered.ok && answered.value._id),
      text: 'agreed, @alice',
    });
    expect(updates(recorded)).toHaveLength(2);
    expect(updates(recorded)).toEqual(
      expect.arrayContaining([
        [{ unread: 1, latest: expect.objectContaining({ kind: 'comment', actor: 'carol' }) }, { room: 'user:bob' }],
        [
          {
            unread: 2,
            latest: expect.objectContaining({ kind: 'mention', actor: 'carol', excerpt: 'agreed, @alice' }),
          },
          { room: 'user:alice' },
        ],
      ]),
    );

    recorded.events.length = 0;
    await startChat(ports, callerOf(carol), {
      participants: ['carol', 'Alice'],
      messages: [{ msg: 'psst', msgFrom: 'carol' }],
    });
    expect(updates(recorded)).toEqual([
      [
        { unread: 3, latest: expect.objectContaining({ kind: 'message', actor: 'carol', excerpt: 'psst' }) },
        { room: 'user:alice' },
      ],
    ]);
  });

  it('marks read for the owner only (404 for anyone else) and tells their other tabs what was read and the new count', async () => {
    const { Alice, bob } = users;
    const { ports, recorded } = testPorts(database);
    const inbox = await inboxOf(ports, callerOf(Alice), { limit: 10, offset: 0 });
    const [first] = inbox.ok ? inbox.value.notifications : [];
    // Someone else's notification is answered exactly as a missing one.
    const missing = { ok: false, kind: 'notFound', message: 'Notification not found.' };
    expect(await markRead(ports, callerOf(bob), { ids: [first!._id] })).toEqual(missing);
    expect(await openNotification(ports, callerOf(bob), { id: Number(first!._id) })).toEqual(missing);
    expect(await markRead(ports, callerOf(Alice), { ids: ['999999999'] })).toMatchObject({
      ok: false,
      kind: 'notFound',
    });
    expect(updates(recorded)).toEqual([]);
    expect(await openNotification(ports, callerOf(Alice), { id: Number(first!._id) })).toMatchObject({
      ok: true,
      value: { read: true },
    });
    expect(await markRead(ports, callerOf(Alice), { all: true })).toEqual({
      ok: true,
      value: { marked: 2, unread: 0 },
    });
    expect(updates(recorded)).toEqual([
      [{ unread: 2, read: [first!._id] }, { room: 'user:alice' }],
      [{ unread: 0, read: 'all' }, { room: 'user:alice' }],
    ]);
  });

  it('opening the inbox shows the page as it stood, then reads it all and tells the other tabs (issue 42)', async () => {
    const { Alice, bob } = users;
    const qid = await insertQuestion(database.db, {
      title: 'Opened',
      text: 'x',
      tags: ['inbox'],
      askedBy: Alice.userId,
    });
    const { ports, recorded } = testPorts(database);
    await answerQuestion(ports, callerOf(bob), { qid, text: 'Seen when opened' });
    recorded.events.length = 0;
    const opened = await openInbox(ports, callerOf(Alice), { limit: 10, offset: 0 });
    expect(opened).toMatchObject({ ok: true, value: { unread: 1 } });
    expect(opened.ok && opened.value.notifications[0]).toMatchObject({ excerpt: 'Seen when opened', read: false });
    expect(updates(recorded)).toEqual([[{ unread: 0, read: 'all' }, { room: 'user:alice' }]]);
    expect(await openInbox(ports, callerOf(Alice), { limit: 10, offset: 0 })).toMatchObject({ value: { unread: 0 } });
    expect(updates(recorded)).toHaveLength(1);
  });
});
