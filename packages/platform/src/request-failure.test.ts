/**
 * What a request that threw answers (issue 39 item 10), on a real PostgreSQL server: every write
 * of an account deleted between its session's check and the write is `unauthenticated` (401);
 * a database that refuses connections is `unavailable` with Retry-After's seconds (503); any
 * other error stays a bug.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as core from '@fso/core';
import { callerOf, testPorts } from '@fso/core/testing';
import { createUser, insertAnswer, insertQuestion, openDatabase, type Database } from '@fso/db';
import { createTestDatabase } from '@fso/db/testing';
import { MSG } from '@fso/shared';
import { freePort } from './loopback.ts';
import { DATABASE_RETRY_AFTER_SECONDS, failureOfError } from './request-failure.ts';

let database: Database;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.close());

const thrownBy = (work: () => Promise<unknown>) =>
  work().then(
    (value) => ({ returned: value }),
    (error: unknown) => failureOfError(error),
  );

describe('a request that threw', () => {
  it('writes racing their author’s account deletion are from nobody signed in', async () => {
    const { ports } = testPorts(database, { limits: false });
    const user = async (username: string) => ({
      userId: Number((await createUser(database.db, { username, passwordHash: null }))!._id),
      username,
      role: 'user' as const,
      reputation: 5000,
      suspendedUntil: null,
      sessionId: '',
    });
    const [other, gone] = [await user('stays'), await user('leaves')];
    const qid = await insertQuestion(database.db, {
      title: 'Still here',
      text: 'Why?',
      tags: ['x'],
      askedBy: other.userId,
    });
    const { answerId } = (await insertAnswer(database.db, { questionId: qid, text: 'So.', ansBy: other.userId }))!;
    // The session was read (the caller below), then the account was deleted, then the write runs.
    const caller = callerOf(gone);
    expect((await core.deleteAccount(ports, caller, { username: gone.username })).ok).toBe(true);
    const writes: Record<string, () => Promise<unknown>> = {
      ask: () => core.askQuestion(ports, caller, { title: 'A question after leaving', text: 'Body.', tags: ['x'] }),
      answer: () => core.answerQuestion(ports, caller, { qid, text: 'An answer after leaving.' }),
      comment: () => core.addComment(ports, caller, { type: 'answer', id: answerId, text: 'A comment after.' }),
      roomMessage: () => core.postRoomMessage(ports, caller, { msg: 'hello' }),
      directChat: () => core.startChat(ports, caller, { participants: ['leaves', 'stays'], messages: [{ msg: 'hi' }] }),
      flag: () => core.flagPost(ports, caller, { type: 'answer', id: String(answerId), reason: 'spam' }),
      follow: () => core.followQuestion(ports, caller, { questionId: qid, follow: true }),
    };
    for (const [name, write] of Object.entries(writes))
      expect(await thrownBy(write), name).toEqual({ ok: false, kind: 'unauthenticated', message: MSG.notSignedIn });
  });

  it('a database that refuses connections is unavailable, with the seconds to wait', async () => {
    const away = await openDatabase({ url: `postgres://postgres@127.0.0.1:${await freePort()}/postgres` });
    try {
      expect(await thrownBy(() => away.exec('SELECT 1'))).toEqual({
        ok: false,
        kind: 'unavailable',
        message: MSG.databaseUnavailable,
        retryAfterSeconds: DATABASE_RETRY_AFTER_SECONDS,
      });
    } finally {
      await away.close();
    }
  });

  it('any other error stays a bug', () => {
    expect(failureOfError(new Error('syntax error at or near "x"'))).toBeNull();
    expect(
      failureOfError(
        Object.assign(new Error('fk'), {
          code: '23503',
          detail: 'Key (question_id)=(9) is not present in table "questions".',
        }),
      ),
    ).toBeNull();
  });
});
