/**
 * New users' limits and held first posts (issue 41), then hidden posts everywhere: the rules as
 * pure functions; on a real database a new account's first post over the link limit (or the rate
 * limit) is held — hidden, no live event, the queue's count told — and a later one refused with
 * the limit named; a moderator's approval publishes it then. A hidden answer is not counted in
 * its question's answerCount on lists, and a hidden question sends no live event to anyone.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser, insertAnswer, insertQuestion, listQuestions, rows, type Database } from '@fso/db';
import { createTestDatabase } from '@fso/db/testing';
import { fail, FLAG_MSG, MSG, questionPageQuery, type Role } from '@fso/shared';
import { callerOf, testPorts, type Recorded } from '../../test/ports.ts';
import { admit } from '../limits/admit.ts';
import type { Caller, Limiter, Ports } from '../ports.ts';
import { deleteAnswer } from '../qa/deletions.ts';
import { answerQuestion, askQuestion, viewQuestionPage } from '../qa/questions.ts';
import { undeletePost } from '../qa/undelete.ts';
import { voteAnswer, voteQuestion } from '../qa/votes.ts';
import { closeQuestion, lockQuestion } from './close-questions.ts';
import { flagPost } from './flags.ts';
import { countLinks, decideNewUserPost } from './new-users.ts';
import { resolveFlags } from './review.ts';

const TOO_MANY = fail('tooMany', MSG.tooManyRequests, 30);
const links = (n: number) => Array.from({ length: n }, (_, i) => `[l${i}](https://example.com/${i})`).join(' ');

describe('new users’ rules', () => {
  it('counts a post’s links in its rendered HTML', () => {
    expect(countLinks('<p><a href="x">a</a> and <A href="y">b</A></p>')).toBe(2);
    expect(countLinks('<p>no links, <abbr>x</abbr></p>')).toBe(0);
  });
  it('holds a new account’s first post over a limit; refuses a later one, naming the link limit', () => {
    const first = { newUser: true, firstPost: true };
    expect(decideNewUserPost(first, { links: 2, limited: null })).toEqual({ ok: true, value: { held: false } });
    expect(decideNewUserPost(first, { links: 3, limited: null })).toEqual({ ok: true, value: { held: true } });
    expect(decideNewUserPost(first, { links: 0, limited: TOO_MANY })).toEqual({ ok: true, value: { held: true } });
    const later = { newUser: true, firstPost: false };
    expect(decideNewUserPost(later, { links: 3, limited: null })).toEqual(fail('invalid', FLAG_MSG.tooManyLinks));
    expect(decideNewUserPost(later, { links: 0, limited: TOO_MANY })).toEqual(TOO_MANY);
    const known = { newUser: false, firstPost: true };
    expect(decideNewUserPost(known, { links: 30, limited: null })).toEqual({ ok: true, value: { held: false } });
    expect(decideNewUserPost(known, { links: 0, limited: TOO_MANY })).toEqual(TOO_MANY);
    expect(FLAG_MSG.tooManyLinks).toContain('at most 2 links');
  });
});

describe('on a real database', () => {
  let database: Database;
  let ports: Ports;
  let recorded: Recorded;
  const id: Record<string, number> = {};
  const names = ['newbie', 'later', 'known', 'mod', 'f1', 'f2', 'f3', 'asker'] as const;
  const rep: Record<string, number> = { known: 50 };
  const as = (name: string): Caller =>
    callerOf({
      userId: id[name]!,
      username: name,
      reputation: rep[name] ?? 1,
      role: name === 'mod' ? 'moderator' : 'user',
    });
  const events = () => recorded.events.map((e) => e.event);
  const answerCount = async (qid: number) =>
    (await listQuestions(database.db, { order: 'newest', limit: 50, offset: 0 })).questions.find(
      (q) => Number(q._id) === qid,
    )?.answerCount;
  const PAGE = { countView: true, query: questionPageQuery(new URLSearchParams()) };

  beforeAll(async () => {
    database = await createTestDatabase();
    ({ ports, recorded } = testPorts(database, { limits: false }));
    for (const name of names)
      id[name] = Number((await createUser(database.db, { username: name, passwordHash: 'x' }))!._id);
    await database.db.execute(sql`UPDATE users SET role = 'moderator' WHERE username = 'mod'`);
    id.q = await insertQuestion(database.db, {
      title: 'A shown question',
      text: 'Text',
      tags: ['t'],
      askedBy: id.asker!,
    });
    await insertQuestion(database.db, { title: 'Earlier', text: 'Text', tags: ['t'], askedBy: id.later! });
  });
  afterAll(() => database.close());

  it('lets a new account’s first question or answer over the limit through admit with the refusal; refuses any other', async () => {
    const limiter: Limiter = { hit: () => Promise.resolve(TOO_MANY), forgive: () => Promise.resolve() };
    const refusing = { limiter, db: database.db };
    const caller = (name: string, reputation: number, role: Role = 'user'): Caller =>
      callerOf({ userId: id[name]!, username: name, reputation, role });
    expect(await admit(refusing, caller('f3', 1), 'question')).toMatchObject({
      ok: true,
      value: { admitted: 'question', limited: TOO_MANY },
    });
    expect(await admit(refusing, caller('later', 1), 'question')).toEqual(TOO_MANY);
    expect(await admit(refusing, caller('f3', 10), 'answer')).toEqual(TOO_MANY);
    expect(await admit(refusing, caller('f3', 1, 'moderator'), 'answer')).toEqual(TOO_MANY);
    expect(await admit(refusing, caller('f3', 1), 'comment')).toEqual(TOO_MANY);
  });

  it('holds a new account’s first question with 3 links: only its asker sees it, nothing goes live', async () => {
    recorded.events.length = 0;
    const asked = await askQuestion(ports, as('newbie'), { title: 'Buy pills', text: links(3), tags: ['t'] });
    expect(asked).toMatchObject({ ok: true, value: { hidden: 'held' } });
    const qid = Number(asked.ok && asked.value._id);
    expect(events()).toEqual(['reviewUpdate']);
    expect(await viewQuestionPage(ports, as('known'), { questionId: qid, ...PAGE })).toMatchObject({
      kind: 'notFound',
    });
    expect(await viewQuestionPage(ports, as('newbie'), { questionId: qid, ...PAGE })).toMatchObject({
      ok: true,
      value: { hidden: 'held' },
    });
    expect(events()).toEqual(['reviewUpdate']);
    expect((await listQuestions(database.db, { order: 'newest', limit: 50, offset: 0 })).total).toBe(2);

    // Its second post over the limit is refused, naming it; a known user's is not limited.
    expect(await answerQuestion(ports, as('newbie'), { qid: id.q!, text: links(3) })).toEqual(
      fail('invalid', FLAG_MSG.tooManyLinks),
    );
    expect(await answerQuestion(ports, as('later'), { qid: id.q!, text: links(3) })).toEqual(
      fail('invalid', FLAG_MSG.tooManyLinks),
    );
    expect(await answerQuestion(ports, as('known'), { qid: id.q!, text: links(5) })).toMatchObject({ ok: true });
    expect(await answerQuestion(ports, as('later'), { qid: id.q!, text: links(2) })).toMatchObject({ ok: true });

    // The moderator approves it: published then, to the lists as a new question.
    recorded.events.length = 0;
    expect(await resolveFlags(ports, as('mod'), { type: 'question', id: qid, decision: 'dismiss' })).toMatchObject({
      ok: true,
    });
    expect(events()).toEqual(expect.arrayContaining(['questionUpdate', 'questionAsked', 'reviewUpdate']));
    expect((await listQuestions(database.db, { order: 'newest', limit: 50, offset: 0 })).total).toBe(3);
  });

  it('holds a new account’s first answer over the rate limit, uncounted, until it is approved', async () => {
    const before = await answerCount(id.q!);
    recorded.events.length = 0;
    const caller = { ...as('f1'), admitted: 'answer' as const, limited: TOO_MANY };
    const answered = await answerQuestion(ports, caller, { qid: id.q!, text: 'My first answer' });
    expect(answered).toMatchObject({ ok: true });
    const aid = Number(answered.ok && answered.value._id);
    expect(events()).toEqual(['reviewUpdate']);
    expect(await answerCount(id.q!)).toBe(before);
    const [asker] = await rows(
      database.db,
      sql`SELECT count(*)::int AS n FROM notifications WHERE actor_id = ${id.f1!}`,
    );
    expect(asker).toEqual({ n: 0 });
    // Its author sees it on the page, waiting; others do not.
    expect(await viewQuestionPage(ports, as('f1'), { questionId: id.q!, ...PAGE })).toMatchObject({
      ok: true,
      value: { heldAnswers: [{ _id: String(aid) }] },
    });
    expect(await viewQuestionPage(ports, as('f2'), { questionId: id.q!, ...PAGE })).toMatchObject({
      ok: true,
      value: { heldAnswers: [] },
    });
    // A later post over the rate limit is refused with it.
    expect(await answerQuestion(ports, caller, { qid: id.q!, text: 'Again' })).toEqual(TOO_MANY);

    recorded.events.length = 0;
    await resolveFlags(ports, as('mod'), { type: 'answer', id: aid, decision: 'dismiss' });
    expect(events()).toEqual(expect.arrayContaining(['bodiesUpdate', 'answerUpdate', 'questionUpdate', 'rowUpdate']));
    expect(await answerCount(id.q!)).toBe(before! + 1);
    // Approved, it notifies the asker as posting it would have, and the bell rings live.
    const [approved] = await rows(
      database.db,
      sql`SELECT count(*)::int AS n FROM notifications WHERE actor_id = ${id.f1!} AND answer_id = ${aid} AND kind = 'answer'`,
    );
    expect(approved).toEqual({ n: 1 });
    expect(events()).toContain('notificationUpdate');
  });

  it('leaves a hidden answer out of its question’s answerCount on lists, and counts it again when shown', async () => {
    const aid = (await insertAnswer(database.db, { questionId: id.q!, text: 'spam answer', ansBy: id.newbie! }))!
      .answerId;
    const before = await answerCount(id.q!);
    for (const f of ['f1', 'f2', 'f3'])
      await flagPost(ports, as(f), { id: String(aid), type: 'answer', reason: 'spam' });
    expect(await answerCount(id.q!)).toBe(before! - 1);
    // Hidden, its votes reach no live page either.
    recorded.events.length = 0;
    expect(await voteAnswer(ports, as('mod'), { answerId: aid, value: -1 })).toMatchObject({ ok: true });
    expect(events()).not.toContain('answerVoteUpdate');
    await resolveFlags(ports, as('mod'), { type: 'answer', id: aid, decision: 'dismiss' });
    expect(await answerCount(id.q!)).toBe(before);
    for (const f of ['known', 'later', 'asker'])
      await flagPost(ports, as(f), { id: String(aid), type: 'answer', reason: 'spam' });
    await resolveFlags(ports, as('mod'), { type: 'answer', id: aid, decision: 'delete' });
    expect(await answerCount(id.q!)).toBe(before! - 1);
  });

  it('sends no live event of a hidden question to anyone: views, answers, undeletes, votes, closing, locking', async () => {
    const qid = await insertQuestion(database.db, {
      title: 'Spam to hide',
      text: 'x',
      tags: ['t'],
      askedBy: id.newbie!,
    });
    for (const f of ['f1', 'f2', 'f3'])
      await flagPost(ports, as(f), { id: String(qid), type: 'question', reason: 'spam' });
    recorded.events.length = 0;
    expect(await viewQuestionPage(ports, as('newbie'), { questionId: qid, ...PAGE })).toMatchObject({ ok: true });
    expect(await viewQuestionPage(ports, as('mod'), { questionId: qid, ...PAGE })).toMatchObject({ ok: true });
    const note = await answerQuestion(ports, as('mod'), { qid, text: 'A moderator’s note' });
    expect(note).toMatchObject({ ok: true });
    const noteId = Number(note.ok && note.value._id);
    expect(await deleteAnswer(ports, as('mod'), { answerId: noteId })).toMatchObject({ ok: true });
    expect(await undeletePost(ports, as('mod'), { kind: 'answer', id: noteId })).toMatchObject({ ok: true });
    expect(await voteQuestion(ports, as('mod'), { questionId: qid, value: -1 })).toMatchObject({ ok: true });
    expect(await closeQuestion(ports, as('mod'), { questionId: qid, reason: 'offTopic' })).toMatchObject({ ok: true });
    expect(await lockQuestion(ports, as('mod'), { questionId: qid, locked: true })).toMatchObject({ ok: true });
    const leaked = recorded.events.filter((e) => !('room' in ((e.args.at(-1) as object | undefined) ?? {})));
    expect(leaked.map((e) => e.event)).toEqual([]);
  });
});
