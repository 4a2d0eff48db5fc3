import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser, insertQuestion, type Database } from '@fso/db';
import { createTestDatabase } from '@fso/db/testing';
import { testContext } from '../../test/context.ts';
import { startChat } from './messaging.server.ts';
import { inboxOf, markRead, openNotification } from './notifications.server.ts';
import { addComment, answerQuestion } from './questions.server.ts';
import type { SessionUser } from './session.server.ts';

let database: Database;
let users: { Alice: SessionUser; bob: SessionUser; carol: SessionUser };
beforeAll(async () => {
  database = await createTestDatabase();
  const make = async (username: string): Promise<SessionUser> => ({ userId: Number((await createUser(database.db, { username, passwordHash: null }))!._id), username, sessionId: `s-${username}` });
  users = { Alice: await make('Alice'), bob: await make('bob'), carol: await make('carol') };
});
afterAll(() => database.close());

const updates = (recorded: ReturnType<typeof testContext>['recorded']) => recorded.events.filter((e) => e.event === 'notificationUpdate').map((e) => e.args);

describe('live unread counts', () => {
  it("tells only the recipients, in their own rooms, after an answer, a mention in a comment and a direct message", async () => {
    const { Alice, bob, carol } = users;
    const qid = await insertQuestion(database.db, { title: 'Live inbox', text: 'x', tags: ['inbox'], askedBy: Alice.userId });
    const { context, recorded } = testContext(database);
    const answered = await answerQuestion(context, bob, qid, 'An answer');
    expect(answered.ok).toBe(true);
    expect(updates(recorded)).toEqual([[{ unread: 1 }, { room: 'user:alice' }]]);

    recorded.events.length = 0;
    await addComment(context, carol, { type: 'answer', id: Number(answered.ok && answered.value._id), text: 'agreed, @alice' });
    expect(updates(recorded)).toHaveLength(2);
    expect(updates(recorded)).toEqual(
      expect.arrayContaining([
        [{ unread: 1 }, { room: 'user:bob' }],
        [{ unread: 2 }, { room: 'user:alice' }],
      ]),
    );

    recorded.events.length = 0;
    await startChat(context, carol, { participants: ['carol', 'Alice'], messages: [{ msg: 'psst', msgFrom: 'carol' }] });
    expect(updates(recorded)).toEqual([[{ unread: 3 }, { room: 'user:alice' }]]);
  });

  it('marks read for the owner only and tells their other tabs the new count', async () => {
    const { Alice, bob } = users;
    const { context, recorded } = testContext(database);
    const [first] = (await inboxOf(context, Alice, { limit: 10, offset: 0 })).notifications;
    expect(await markRead(context, bob, { ids: [first!._id] })).toMatchObject({ ok: false, status: 403 });
    expect(await openNotification(context, bob, Number(first!._id))).toMatchObject({ ok: false, status: 403 });
    expect(await markRead(context, Alice, { ids: ['999999999'] })).toMatchObject({ ok: false, status: 404 });
    expect(updates(recorded)).toEqual([]);
    expect(await openNotification(context, Alice, Number(first!._id))).toMatchObject({ ok: true, value: { read: true } });
    expect(await markRead(context, Alice, { all: true })).toEqual({ ok: true, value: { marked: 2, unread: 0 } });
    expect(updates(recorded)).toEqual([
      [{ unread: 2 }, { room: 'user:alice' }],
      [{ unread: 0 }, { room: 'user:alice' }],
    ]);
  });
});
