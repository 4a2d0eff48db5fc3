/**
 * The serial-voting check as a web process runs it (issue 39 item 15), on a real PostgreSQL
 * server: started, it reverses yesterday's serial votes at once, and again nothing on its next
 * turns (the day is checked once).
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { voteQuestion } from '@fso/core';
import { callerOf, testPorts } from '@fso/core/testing';
import { createUser, insertQuestion, listModLog, type Database } from '@fso/db';
import { createTestDatabase } from '@fso/db/testing';
import { SERIAL_VOTING } from '@fso/shared';
import { createLogger } from './logging.ts';
import { startSerialVoteChecks } from './serial-vote-checks.ts';

let database: Database;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.close());

it('reverses yesterday’s serial votes when it starts', async () => {
  const user = async (username: string) => ({
    userId: Number((await createUser(database.db, { username, passwordHash: null }))!._id),
    username,
    role: 'user' as const,
    reputation: 100,
    suspendedUntil: null,
    sessionId: '',
  });
  const [voter, author] = [await user('nightly_voter'), await user('nightly_author')];
  const { ports } = testPorts(database, { limits: false });
  const questions = [];
  for (let i = 0; i <= SERIAL_VOTING.maxPerDay; i++)
    questions.push(
      await insertQuestion(database.db, { title: 'Q', text: 'Why?', tags: ['x'], askedBy: author.userId }),
    );
  for (const id of questions)
    expect((await voteQuestion(ports, callerOf(voter), { questionId: id, value: 1 })).ok).toBe(true);
  await database.db.execute(
    sql`UPDATE question_votes SET voted_at = (date_trunc('day', now() AT TIME ZONE 'UTC') - interval '12 hours') AT TIME ZONE 'UTC'`,
  );

  const job = startSerialVoteChecks(ports, createLogger({ level: 'silent' }), { ...SERIAL_VOTING, checkEveryMs: 50 });
  try {
    await expect
      .poll(async () => Number((await database.db.execute(sql`SELECT count(*) AS n FROM question_votes`)).rows[0]!.n))
      .toBe(0);
    const { entries } = await listModLog(database.db, { limit: 5, offset: 0 });
    expect(entries.map((e) => [e.action, e.target.label])).toEqual([['reverseSerialVotes', 'nightly_voter']]);
  } finally {
    job.stop();
  }
});
