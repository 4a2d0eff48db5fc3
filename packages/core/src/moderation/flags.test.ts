/**
 * Flags on a real database: the rules' refusals as statuses, three spam or rude flags from
 * distinct users hiding a post at once, and a hidden question gone from every read that lists it
 * (lists in each order, tags, full-text search ranked and ordered, tag counts and suggestions,
 * the sitemap, related and natural-language candidates, profiles) while its asker still reads it.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createUser,
  insertAnswer,
  insertComment,
  insertQuestion,
  listQuestions,
  listTagsWithCount,
  searchStore,
  questionLinks,
  suggestTags,
  getUserActivity,
  type Database,
} from '@fso/db';
import { createTestDatabase } from '@fso/db/testing';
import { FLAG_MSG, QUESTION_ORDERS, questionPageQuery, type FlagReason } from '@fso/shared';
import { callerOf, testPorts, type Recorded } from '../../test/ports.ts';
import type { Ports } from '../ports.ts';
import { recentlyActiveQuestions } from '../qa/reads.ts';
import { viewQuestion, viewQuestionPage } from '../qa/questions.ts';
import { flagPost } from './flags.ts';

let database: Database;
let ports: Ports;
let recorded: Recorded;
const ids: Record<string, number> = {};
const names = ['spammer', 'ann', 'ben', 'cat', 'dan'] as const;
type Name = (typeof names)[number];
const as = (name: Name) => callerOf({ userId: ids[name]!, username: name });

beforeAll(async () => {
  database = await createTestDatabase();
  ({ ports, recorded } = testPorts(database, { limits: false }));
  for (const name of names)
    ids[name] = Number((await createUser(database.db, { username: name, passwordHash: null }))!._id);
  ids.spam = await insertQuestion(database.db, {
    title: 'Cheap pharmacy zanzibarite pills',
    text: 'Buy zanzibarite pills now',
    tags: ['zanzibarite', 'shared'],
    askedBy: ids.spammer!,
  });
  ids.good = await insertQuestion(database.db, {
    title: 'How do zanzibarite crystals form?',
    text: 'A real question about zanzibarite',
    tags: ['shared'],
    askedBy: ids.ann!,
  });
  ids.answer = (await insertAnswer(database.db, {
    questionId: ids.good,
    text: 'Spam answer',
    ansBy: ids.spammer!,
  }))!.answerId;
  ids.comment = (await insertComment(database.db, {
    parent: 'question',
    parentId: ids.good,
    text: 'Rude comment',
    commentBy: ids.spammer!,
  }))!.commentId;
});
afterAll(() => database.close());

const flag = (name: Name, type: 'question' | 'answer' | 'comment', id: number, reason: FlagReason = 'spam') =>
  flagPost(ports, as(name), { id: String(id), type, reason });

const listed = async (query: Parameters<typeof listQuestions>[1]) =>
  (await listQuestions(database.db, query)).questions.map((q) => Number(q._id));

describe('flagging', () => {
  it('refuses one’s own post, a second flag, a missing post and a missing original', async () => {
    expect(await flag('spammer', 'question', ids.spam!)).toMatchObject({
      kind: 'forbidden',
      message: FLAG_MSG.ownPost,
    });
    expect(await flag('ann', 'question', 999_999)).toMatchObject({ kind: 'notFound' });
    expect(
      await flagPost(ports, as('ann'), {
        id: String(ids.spam),
        type: 'question',
        reason: 'duplicate',
        duplicateOf: '999999',
      }),
    ).toMatchObject({
      kind: 'invalid',
      message: FLAG_MSG.duplicateTargetMissing,
    });
    expect(await flag('ann', 'question', ids.spam!, 'notAnAnswer')).toMatchObject({ ok: true });
    expect(await flag('ann', 'question', ids.spam!)).toMatchObject({
      kind: 'conflict',
      message: FLAG_MSG.alreadyFlagged,
    });
  });

  it('hides a question at the third spam or rude flag from distinct users, and says so live', async () => {
    expect(await flag('ben', 'question', ids.spam!)).toEqual({
      ok: true,
      value: { message: FLAG_MSG.flagged, hidden: false },
    });
    expect(await flag('cat', 'question', ids.spam!, 'rude')).toMatchObject({ ok: true, value: { hidden: false } });
    recorded.events.length = 0;
    expect(await flag('dan', 'question', ids.spam!)).toMatchObject({ ok: true, value: { hidden: true } });
    expect(recorded.events).toContainEqual({ event: 'questionDelete', args: [{ qid: String(ids.spam) }] });
  });
});

/** A reader opening a question page's first page. */
const PAGE = { countView: true, query: questionPageQuery(new URLSearchParams()) };

describe('a hidden question', () => {
  it('is 404 to everyone but its asker and moderators, who read it with its reason', async () => {
    expect(await viewQuestion(ports, as('ben'), { questionId: ids.spam!, countView: true })).toMatchObject({
      kind: 'notFound',
    });
    expect(await viewQuestion(ports, callerOf(null), { questionId: ids.spam!, countView: true })).toMatchObject({
      kind: 'notFound',
    });
    expect(await viewQuestionPage(ports, callerOf(null), { questionId: ids.spam!, ...PAGE })).toMatchObject({
      kind: 'notFound',
    });
    expect(await viewQuestion(ports, as('spammer'), { questionId: ids.spam!, countView: true })).toMatchObject({
      ok: true,
      value: { hidden: 'flagged' },
    });
    const moderator = callerOf({ userId: ids.dan!, username: 'dan', role: 'moderator' });
    expect(await viewQuestion(ports, moderator, { questionId: ids.spam!, countView: false })).toMatchObject({
      ok: true,
      value: { hidden: 'flagged' },
    });
    expect(await viewQuestionPage(ports, as('spammer'), { questionId: ids.spam!, ...PAGE })).toMatchObject({
      ok: true,
      value: { hidden: 'flagged' },
    });
  });

  it('is gone from every list order, tag list, and full-text search (ranked and ordered)', async () => {
    const page = { limit: 50, offset: 0 };
    // Unanswered: the hidden question is the only one without answers.
    for (const order of QUESTION_ORDERS)
      expect(await listed({ ...page, order })).toEqual(order === 'unanswered' ? [] : [ids.good]);
    expect(await listed({ ...page, tag: 'zanzibarite' })).toEqual([]);
    expect(await listed({ ...page, tag: 'shared', order: 'active' })).toEqual([ids.good]);
    expect(await listed({ ...page, search: 'zanzibarite' })).toEqual([ids.good]);
    expect(await listed({ ...page, search: 'pills' })).toEqual([]);
    expect(await listed({ ...page, search: 'zanzibarite', order: 'newest' })).toEqual([ids.good]);
    expect(await listed({ ...page, search: 'zanzibarite', order: 'mostViewed' })).toEqual([ids.good]);
    expect(await listed({ ...page, search: '[shared] zanzibarite' })).toEqual([ids.good]);
    expect((await listQuestions(database.db, page)).total).toBe(1);
    expect((await listQuestions(database.db, { ...page, tag: 'zanzibarite' })).total).toBe(0);
  });

  it('counts in no tag, and leaves the sitemap, related and natural-language candidates and the profile', async () => {
    const tags = (await listTagsWithCount(database.db, { limit: 50, offset: 0 })).tags;
    expect(tags.find((t) => t.name === 'zanzibarite')?.qcnt).toBe(0);
    expect(tags.find((t) => t.name === 'shared')?.qcnt).toBe(1);
    expect(await suggestTags(database.db, 'zan', 5)).toEqual([{ name: 'zanzibarite', qcnt: 0 }]);
    expect((await recentlyActiveQuestions(ports, 50)).map((q) => q.id)).toEqual([ids.good]);
    expect((await questionLinks(database.db, [ids.spam!, ids.good!])).map((q) => Number(q._id))).toEqual([ids.good]);
    expect([
      ...(await searchStore(database.db).describeCandidates([ids.spam!, ids.good!], 'pills')).titles.keys(),
    ]).toEqual([ids.good]);
    const profile = await getUserActivity(database.db, 'spammer', { limit: 10, questionOffset: 0, answerOffset: 0 });
    expect(profile?.questions).toEqual({ total: 0, items: [] });
  });

  it('hides answers and comments the same way: gone from their question for everyone', async () => {
    for (const name of ['ann', 'ben'] as const) await flag(name, 'answer', ids.answer!);
    for (const name of ['ben', 'cat'] as const) await flag(name, 'comment', ids.comment!, 'rude');
    const before = await viewQuestion(ports, as('ann'), { questionId: ids.good!, countView: true });
    expect(before.ok && before.value.answers.map((a) => a._id)).toEqual([String(ids.answer)]);
    recorded.events.length = 0;
    expect(await flag('cat', 'answer', ids.answer!)).toMatchObject({ value: { hidden: true } });
    expect(await flag('dan', 'comment', ids.comment!)).toMatchObject({ value: { hidden: true } });
    const after = await viewQuestion(ports, as('ann'), { questionId: ids.good!, countView: true });
    expect(after.ok && after.value.answers).toEqual([]);
    expect(after.ok && after.value.comments).toEqual([]);
    expect(recorded.events.filter((e) => e.event === 'questionUpdate')).toHaveLength(2);
    const [summary] = (await listQuestions(database.db, { limit: 50, offset: 0 })).questions;
    expect(summary).toMatchObject({ answers: [], comments: [] });
  });
});
