/**
 * Serial-voting reversal on a real PostgreSQL server (issue 39 item 15), with core's rule: one
 * account's votes on another's posts past the day's limit are deleted, scores and reputations
 * equal a recount after, the moderators' log says so, a vote changed since stays, other days and
 * other pairs are untouched, and each day is checked once however many processes try.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { reverseSerialVotes } from '@fso/core';
import { SERIAL_VOTING } from '@fso/shared';
import { createTestDatabase } from '../../test/testing.ts';
import { castVote } from '../../test/core-rules.ts';
import { recountReputations, scoresOffTheirVotes, storedReputations } from '../../test/recount.ts';
import type { Database } from '../client.ts';
import { listModLog } from './moderation-log.ts';
import { insertAnswer, insertQuestion } from './question-write.ts';
import { createUser } from './users.ts';

let database: Database;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.close());

let made = 0;
const names = new Map<number, string>();
async function newUser(name: string) {
  const username = `${name}${++made}`;
  const id = Number((await createUser(database.db, { username, passwordHash: null }))!._id);
  names.set(id, username);
  return id;
}
const ask = (askedBy: number) => insertQuestion(database.db, { title: 'Q', text: 'Why?', tags: ['serial'], askedBy });
const answer = async (questionId: number, ansBy: number) =>
  (await insertAnswer(database.db, { questionId, text: 'Because.', ansBy }))!.answerId;
/** Moves every vote cast so far today to `day` at noon UTC, as if cast then. */
const castOn = (day: string) =>
  Promise.all(
    ['question_votes', 'answer_votes'].map((t) =>
      database.db.execute(
        sql`UPDATE ${sql.raw(t)} SET voted_at = ${`${day}T12:00:00Z`}::timestamptz WHERE voted_at > now() - interval '1 hour'`,
      ),
    ),
  );
const score = async (table: 'questions' | 'answers', id: number) =>
  Number((await database.db.execute(sql`SELECT score FROM ${sql.raw(table)} WHERE id = ${id}`)).rows[0]!.score);
const limits = { ...SERIAL_VOTING, maxPerDay: 3 };

describe('reversing serial votes', () => {
  it('reverses a pair past the limit, logs it, and leaves everything else as a recount gives it', async () => {
    const [serial, target, fair, other] = await Promise.all(['serial', 'target', 'fair', 'other'].map(newUser));
    const elsewhere = await ask(other!);
    const questions = await Promise.all([1, 2, 3].map(() => ask(target!)));
    const answers = await Promise.all([1, 2].map(() => answer(elsewhere, target!)));
    // serial: 5 upvotes on target's posts (past 3); fair: 2 upvotes on them; serial: 1 on other's.
    for (const id of questions) await castVote(database.db, { post: 'question', id, userId: serial!, value: 1 });
    for (const id of answers) await castVote(database.db, { post: 'answer', id, userId: serial!, value: 1 });
    for (const id of questions.slice(0, 2))
      await castVote(database.db, { post: 'question', id, userId: fair!, value: 1 });
    await castVote(database.db, { post: 'question', id: elsewhere, userId: serial!, value: 1 });
    await castOn('2026-11-30');
    // A vote of another day by the same pair is not that day's.
    const later = await ask(target!);
    await castVote(database.db, { post: 'question', id: later, userId: serial!, value: 1 });
    const reputationBefore = (await storedReputations(database.db))[names.get(target!)!];

    expect(await reverseSerialVotes({ db: database.db }, '2026-11-30', limits)).toBe(5);
    expect(await scoresOffTheirVotes(database.db)).toEqual([]);
    expect(await storedReputations(database.db)).toEqual(await recountReputations(database.db));
    expect(await score('questions', questions[0]!)).toBe(1);
    expect(await score('questions', questions[2]!)).toBe(0);
    expect(await score('answers', answers[0]!)).toBe(0);
    expect(await score('questions', elsewhere)).toBe(1);
    expect(await score('questions', later)).toBe(1);
    const reputationAfter = (await storedReputations(database.db))[names.get(target!)!];
    expect(reputationBefore! - reputationAfter!).toBe(50);

    const { entries } = await listModLog(database.db, { limit: 10, offset: 0 });
    expect(entries.filter((e) => e.action === 'reverseSerialVotes')).toEqual([
      expect.objectContaining({
        moderator: null,
        target: { kind: 'user', id: String(serial), label: names.get(serial!) },
        reason: `Serial voting: 5 upvotes on posts of ${names.get(target!)} on 2026-11-30 (more than 3 a day); reversed.`,
      }),
    ]);
  });

  it('checks each day once, however many processes try at once', async () => {
    const [voter, author] = await Promise.all([newUser('v'), newUser('a')]);
    const questions = await Promise.all([1, 2, 3, 4].map(() => ask(author)));
    for (const id of questions) await castVote(database.db, { post: 'question', id, userId: voter, value: -1 });
    await castOn('2026-11-29');
    const turns = await Promise.all([1, 2, 3].map(() => reverseSerialVotes({ db: database.db }, '2026-11-29', limits)));
    expect(turns.sort()).toEqual([4, null, null]);
    expect(await reverseSerialVotes({ db: database.db }, '2026-11-29', limits)).toBeNull();
    expect(await storedReputations(database.db)).toEqual(await recountReputations(database.db));
  });
});
