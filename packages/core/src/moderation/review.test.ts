/**
 * The review queue and spammer removal on a real database: moderators only; a dismissal shows a
 * hidden post again, a deletion of a spam post costs its author reputation; removing a spammer
 * leaves none of their rows, every score equal to its votes and every reputation equal to a
 * recount from the rows alone.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  addRoomMessage,
  createSession,
  createUser,
  findCredentials,
  insertAnswer,
  insertComment,
  insertQuestion,
  listModLog,
  listQuestions,
  rows,
  type Database,
} from '@fso/db';
import { createTestDatabase } from '@fso/db/testing';
import { FLAG_MSG, MOD_MSG, type Role } from '@fso/shared';
import { callerOf, testPorts, type Recorded } from '../../test/ports.ts';
import type { Ports } from '../ports.ts';
import { acceptAnswer } from '../qa/accept.ts';
import { voteAnswer, voteQuestion } from '../qa/votes.ts';
import { flagPost } from './flags.ts';
import { resolveFlags, reviewQueue } from './review.ts';
import { deleteSpammer, runSpammerRemovals } from './spammer.ts';

let database: Database;
let ports: Ports;
let recorded: Recorded;
const id: Record<string, number> = {};
const roles: Record<string, Role> = { mod: 'moderator', boss: 'admin' };
const as = (name: string) => callerOf({ userId: id[name]!, username: name, role: roles[name] ?? 'user' });
const all = (query: ReturnType<typeof sql>) => rows(database.db, query);

beforeAll(async () => {
  database = await createTestDatabase();
  ({ ports, recorded } = testPorts(database, { limits: false }));
  for (const name of ['mod', 'boss', 'ann', 'ben', 'cat', 'spammer', 'troll'])
    id[name] = Number((await createUser(database.db, { username: name, passwordHash: 'x' }))!._id);
  await database.db.execute(sql`UPDATE users SET role = 'moderator' WHERE username = 'mod'`);
  await database.db.execute(sql`UPDATE users SET role = 'admin' WHERE username = 'boss'`);
});
afterAll(() => database.close());

const ask = (by: string, title: string) =>
  insertQuestion(database.db, { title, text: `${title} text`, tags: ['review'], askedBy: id[by]! });
const answer = async (by: string, questionId: number) =>
  (await insertAnswer(database.db, { questionId, text: 'an answer', ansBy: id[by]! }))!.answerId;

/** Every user's reputation recounted from the rows alone (+10/−2 per vote by others, +15/+2 per accept of another's answer, −100 per penalty, floor 1). */
async function recounted(): Promise<Record<string, number>> {
  const points = new Map<number, number>();
  const add = (user: unknown, n: number) =>
    user !== null && points.set(Number(user), (points.get(Number(user)) ?? 0) + n);
  for (const v of await all(sql`SELECT q.asked_by AS author, v.user_id, v.value FROM question_votes v JOIN questions q ON q.id = v.question_id
      UNION ALL SELECT a.ans_by, v.user_id, v.value FROM answer_votes v JOIN answers a ON a.id = v.answer_id`))
    if (Number(v.author) !== Number(v.user_id)) add(v.author, Number(v.value) === 1 ? 10 : -2);
  for (const q of await all(
    sql`SELECT q.asked_by, a.ans_by FROM questions q JOIN answers a ON a.id = q.accepted_answer_id`,
  ))
    if (Number(q.asked_by) !== Number(q.ans_by)) {
      add(q.ans_by, 15);
      add(q.asked_by, 2);
    }
  for (const p of await all(sql`SELECT user_id FROM reputation_penalties`)) add(p.user_id, -100);
  const users = await all(sql`SELECT id, username FROM users`);
  return Object.fromEntries(users.map((u) => [String(u.username), Math.max(1, 1 + (points.get(Number(u.id)) ?? 0))]));
}
const stored = async () =>
  Object.fromEntries(
    (await all(sql`SELECT username, reputation FROM users`)).map((u) => [String(u.username), Number(u.reputation)]),
  );

describe('the review queue', () => {
  it('is for moderators only', async () => {
    expect(await reviewQueue(ports, as('ann'), { queue: 'flagged', limit: 10, offset: 0 })).toMatchObject({
      kind: 'forbidden',
      message: MOD_MSG.moderatorsOnly,
    });
    expect(await resolveFlags(ports, as('ann'), { type: 'question', id: 1, decision: 'dismiss' })).toMatchObject({
      kind: 'forbidden',
    });
  });

  it('groups pending flags per post; a dismissal shows the hidden post again and is logged', async () => {
    const q = await ask('troll', 'Looks like spam but is not');
    for (const name of ['ann', 'ben', 'cat'])
      await flagPost(ports, as(name), { id: String(q), type: 'question', reason: 'spam' });
    const queue = await reviewQueue(ports, as('mod'), { queue: 'flagged', limit: 10, offset: 0 });
    if (!queue.ok) throw new Error(queue.message);
    expect(queue.value.total).toBe(1);
    expect(queue.value.items[0]).toMatchObject({
      type: 'question',
      id: String(q),
      title: 'Looks like spam but is not',
      author: 'troll',
      hidden: 'flagged',
      reasons: { spam: 3 },
    });
    expect(queue.value.items[0]!.flags.map((f) => f.flagger)).toEqual(['ann', 'ben', 'cat']);
    expect(recorded.events).toContainEqual({ event: 'reviewUpdate', args: [{ pending: 1 }, { room: 'user:mod' }] });
    // Moderators and admins hear the count, nobody else.
    const told = recorded.events
      .filter((e) => e.event === 'reviewUpdate')
      .map((e) => (e.args[1] as { room: string }).room);
    expect(new Set(told)).toEqual(new Set(['user:mod', 'user:boss']));
    expect((await listQuestions(database.db, { limit: 50, offset: 0 })).questions).toHaveLength(0);

    expect(await resolveFlags(ports, as('mod'), { type: 'question', id: q, decision: 'dismiss' })).toMatchObject({
      ok: true,
    });
    expect((await listQuestions(database.db, { limit: 50, offset: 0 })).questions.map((x) => Number(x._id))).toEqual([
      q,
    ]);
    expect(await resolveFlags(ports, as('mod'), { type: 'question', id: q, decision: 'dismiss' })).toMatchObject({
      kind: 'conflict',
      message: FLAG_MSG.noPendingFlags,
    });
    const log = await listModLog(database.db, { limit: 5, offset: 0 });
    expect(log.entries[0]).toMatchObject({
      moderator: 'mod',
      action: 'dismiss',
      target: { kind: 'question', id: String(q) },
      reason: 'spam',
    });
  });

  it('deletes a spam answer and costs its author 100 reputation, equal to a recount', async () => {
    const q = await ask('ann', 'A real question');
    const a = await answer('troll', q);
    for (const name of ['ben', 'cat', 'mod', 'boss']) await voteAnswer(ports, as(name), { answerId: a, value: 1 });
    await acceptAnswer(ports, as('ann'), { questionId: q, answerId: a });
    const before = await stored();
    expect(before.troll).toBe(1 + 40 + 15);
    for (const name of ['ann', 'ben', 'cat'])
      await flagPost(ports, as(name), { id: String(a), type: 'answer', reason: 'rude' });
    expect(await resolveFlags(ports, as('mod'), { type: 'answer', id: a, decision: 'delete' })).toMatchObject({
      ok: true,
    });
    expect(await all(sql`SELECT 1 FROM answers WHERE id = ${a}`)).toEqual([]);
    expect(await stored()).toEqual(await recounted());
    expect((await stored()).troll).toBe(1);
    expect((await stored()).ann).toBe(before.ann! - 2);
    // The author is told in the inbox, the notice pointing at the question the answer was on.
    expect(
      await all(sql`SELECT n.kind, n.question_id, n.excerpt FROM notifications n JOIN users u ON u.id = n.user_id
        WHERE u.username = 'troll' AND n.kind = 'moderation'`),
    ).toEqual([{ kind: 'moderation', question_id: q, excerpt: 'deleted your answer “an answer”' }]);
  });
});

describe('removing a spammer', () => {
  it('is for moderators, never on themselves or another moderator', async () => {
    expect(await deleteSpammer(ports, as('ann'), { username: 'spammer' })).toMatchObject({ kind: 'forbidden' });
    expect(await deleteSpammer(ports, as('mod'), { username: 'nobody' })).toMatchObject({ kind: 'notFound' });
    expect(await deleteSpammer(ports, as('mod'), { username: 'mod' })).toMatchObject({ message: FLAG_MSG.spammerOwn });
    expect(await deleteSpammer(ports, as('mod'), { username: 'boss' })).toMatchObject({
      message: FLAG_MSG.spammerIsModerator,
    });
  });

  it('removes every post, comment, message and vote, closes the account, and leaves every score and reputation equal to a recount', async () => {
    const theirs: number[] = [];
    for (let i = 0; i < 7; i++) theirs.push(await ask('spammer', `Spam question ${i}`));
    const annAnswer = await answer('ann', theirs[0]!);
    await voteAnswer(ports, as('ben'), { answerId: annAnswer, value: 1 });
    await acceptAnswer(ports, as('spammer'), { questionId: theirs[0]!, answerId: annAnswer });
    await voteQuestion(ports, as('ben'), { questionId: theirs[1]!, value: 1 });
    const annQuestion = await ask('ann', 'Ann asks');
    const spamAnswers: number[] = [];
    for (let i = 0; i < 5; i++) spamAnswers.push(await answer('spammer', annQuestion));
    await voteAnswer(ports, as('cat'), { answerId: spamAnswers[0]!, value: 1 });
    await acceptAnswer(ports, as('ann'), { questionId: annQuestion, answerId: spamAnswers[1]! });
    const benAnswer = await answer('ben', annQuestion);
    await voteQuestion(ports, as('spammer'), { questionId: annQuestion, value: -1 });
    await voteAnswer(ports, as('spammer'), { answerId: benAnswer, value: 1 });
    for (let i = 0; i < 4; i++)
      await insertComment(database.db, {
        parent: 'question',
        parentId: annQuestion,
        text: 'spam',
        commentBy: id.spammer!,
      });
    await addRoomMessage(database.db, { userId: id.spammer!, username: 'spammer' }, 'buy pills');
    await createSession(database.db, id.spammer!);

    const started = await deleteSpammer(ports, as('mod'), { username: 'spammer' });
    expect(started).toMatchObject({
      ok: true,
      value: { username: 'spammer', removed: 0, total: 7 + 5 + 2 + 4 + 1, done: false },
    });
    expect(recorded.disconnectedUsers).toContain('spammer');
    expect((await findCredentials(database.db, 'spammer'))?.passwordHash).toBeNull();
    expect(await all(sql`SELECT 1 FROM sessions WHERE user_id = ${id.spammer}`)).toEqual([]);
    await runSpammerRemovals(ports);

    for (const [table, column] of [
      ['questions', 'asked_by'],
      ['answers', 'ans_by'],
      ['comments', 'comment_by'],
      ['messages', 'msg_from'],
      ['question_votes', 'user_id'],
      ['answer_votes', 'user_id'],
    ] as const)
      expect(await all(sql`SELECT 1 FROM ${sql.raw(table)} WHERE ${sql.raw(column)} = ${id.spammer}`)).toEqual([]);
    expect(
      await all(sql`SELECT q.id FROM questions q WHERE q.score <> (SELECT coalesce(sum(value), 0) FROM question_votes WHERE question_id = q.id)
        UNION ALL SELECT a.id FROM answers a WHERE a.score <> (SELECT coalesce(sum(value), 0) FROM answer_votes WHERE answer_id = a.id)
        UNION ALL SELECT q.id FROM questions q WHERE q.answer_count <> (SELECT count(*) FROM answers WHERE question_id = q.id)`),
    ).toEqual([]);
    expect(await stored()).toEqual(await recounted());
    expect(recorded.events).toContainEqual({
      event: 'spammerRemoval',
      args: [{ username: 'spammer', removed: 19, total: 19, done: true }, { room: 'user:mod' }],
    });
    // Asked again, the finished removal is answered as it is.
    expect(await deleteSpammer(ports, as('mod'), { username: 'spammer' })).toMatchObject({ value: { done: true } });
    // The moderators' log has it once: who, when, whom, how much.
    const logged = (await listModLog(database.db, { limit: 50, offset: 0 })).entries.filter(
      (e) => e.action === 'deleteSpammer',
    );
    expect(logged).toEqual([
      expect.objectContaining({
        moderator: 'mod',
        at: expect.any(String),
        target: { kind: 'user', id: String(id.spammer), label: 'spammer' },
        reason: '19 posts, comments, messages and votes',
        details: { items: 19 },
      }),
    ]);
  });
});
