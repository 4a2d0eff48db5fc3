import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../test/testing.ts';
import type { Database } from '../client.ts';
import { createUser } from './users.ts';
import { getQuestion, getQuestionWithHtml } from './question-read.ts';
import {
  COUNT_CAP,
  EXCERPT_SOURCE_CHARS,
  listQuestionItems,
  listQuestions,
  listSearchItems,
  parseSearch,
  SEARCH_CANDIDATES,
} from './question-list.ts';
import { countPostBodies, postBodies, storePostHtml } from './post-html.ts';
import { insertAnswer, insertComment, insertQuestion, recordView } from './question-write.ts';
import { castVote } from '../../test/core-rules.ts';
import { findTagByName, listTagsWithCount } from './tags.ts';

let database: Database;
let ada: number;
let bob: number;
let first: number;
let second: number;

beforeAll(async () => {
  database = await createTestDatabase();
  ada = Number((await createUser(database.db, { username: 'ada', passwordHash: null }))!._id);
  bob = Number((await createUser(database.db, { username: 'bob', passwordHash: null }))!._id);
  first = await insertQuestion(database.db, {
    title: 'How do I run PostgreSQL tests fast?',
    text: 'Running migrations is slow.',
    tags: ['postgres', 'Testing'],
    askedBy: ada,
  });
  second = await insertQuestion(database.db, {
    title: 'React hooks and effects',
    text: 'useEffect runs twice.',
    tags: ['react', 'testing'],
    askedBy: bob,
  });
});
afterAll(() => database.close());

describe('questions', () => {
  it('stores a question with its tags, reusing existing tags in any case and describing new ones', async () => {
    const q = await getQuestion(database.db, second);
    expect(q).toMatchObject({
      title: 'React hooks and effects',
      askedBy: 'bob',
      answers: [],
      comments: [],
      upVotes: [],
      views: [],
    });
    expect(q!.tags.map((t) => t.name)).toEqual(['react', 'Testing']);
    expect(await findTagByName(database.db, 'REACT')).toMatchObject({ name: 'react', description: 'user added tag' });
    const { tags, total } = await listTagsWithCount(database.db, { limit: 10, offset: 0 });
    expect(total).toBe(3);
    expect(tags[0]).toMatchObject({ name: 'Testing', qcnt: 2 });
  });

  it('adds answers and comments to the question and to answers, and refuses a missing question', async () => {
    const { answerId } = (await insertAnswer(database.db, {
      questionId: first,
      text: 'Use a template database.',
      ansBy: bob,
    }))!;
    await insertComment(database.db, { parent: 'answer', parentId: answerId, text: 'Nice trick', commentBy: ada });
    await insertComment(database.db, { parent: 'question', parentId: first, text: 'Which version?', commentBy: bob });
    expect(await insertAnswer(database.db, { questionId: 999_999, text: 'x', ansBy: bob })).toBeNull();
    expect(
      await insertComment(database.db, { parent: 'answer', parentId: 999_999, text: 'x', commentBy: bob }),
    ).toBeNull();
    const q = (await getQuestion(database.db, first))!;
    expect(q.answers).toMatchObject([
      { text: 'Use a template database.', ansBy: 'bob', comments: [{ text: 'Nice trick', commentBy: 'ada' }] },
    ]);
    expect(q.comments).toMatchObject([{ text: 'Which version?', commentBy: 'bob' }]);
  });

  it('toggles and switches votes, and concurrent votes never double-count', async () => {
    await castVote(database.db, { post: 'question', id: second, userId: ada, value: 1 });
    expect(await getQuestion(database.db, second)).toMatchObject({ upVotes: ['ada'], downVotes: [], score: 1 });
    await castVote(database.db, { post: 'question', id: second, userId: ada, value: -1 });
    expect(await getQuestion(database.db, second)).toMatchObject({ upVotes: [], downVotes: ['ada'], score: -1 });
    await castVote(database.db, { post: 'question', id: second, userId: ada, value: -1 });
    expect(await getQuestion(database.db, second)).toMatchObject({ upVotes: [], downVotes: [], score: 0 });
    await Promise.all(
      Array.from({ length: 7 }, () => castVote(database.db, { post: 'question', id: second, userId: ada, value: 1 })),
    );
    const q = (await getQuestion(database.db, second))!;
    expect(q.upVotes).toEqual(['ada']);
    expect(q.score).toBe(1);
    expect(await castVote(database.db, { post: 'question', id: 999_999, userId: bob, value: 1 })).toMatchObject({
      kind: 'notFound',
    });
  });

  it('counts each signed-in viewer once', async () => {
    expect(await recordView(database.db, first, ada)).toBe(true);
    expect(await recordView(database.db, first, ada)).toBe(false);
    await recordView(database.db, first, bob);
    expect(await getQuestion(database.db, first)).toMatchObject({
      viewCount: 2,
      views: expect.arrayContaining(['ada', 'bob']),
    });
  });

  it('orders the list newest, unanswered, active and most viewed', async () => {
    const ids = async (order: 'newest' | 'unanswered' | 'active' | 'mostViewed') =>
      (await listQuestions(database.db, { order, limit: 10, offset: 0 })).questions.map((q) => Number(q._id));
    expect(await ids('newest')).toEqual([second, first]);
    expect(await ids('unanswered')).toEqual([second]);
    expect(await ids('active')).toEqual([first, second]);
    expect(await ids('mostViewed')).toEqual([first, second]);
    const page = await listQuestions(database.db, { order: 'newest', limit: 1, offset: 1 });
    expect(page.total).toBe(2);
    expect((await listQuestions(database.db, { order: 'unanswered', limit: 1, offset: 0 })).total).toBe(1);
    expect(page.questions[0]).toMatchObject({
      _id: String(first),
      answerCount: 1,
      viewCount: 2,
      answers: [expect.any(String)],
    });
  });

  it("lists the /home screen's items: the same page and total, only the fields the list shows, the total read with the page", async () => {
    for (const query of [
      { order: 'newest' as const },
      { order: 'unanswered' as const },
      { tag: 'testing' },
      { search: 'hooks' },
    ]) {
      const full = await listQuestions(database.db, { ...query, limit: 10, offset: 0 });
      const items = await listQuestionItems(database.db, { ...query, limit: 10, offset: 0 });
      expect(items).toEqual({
        ...full,
        questions: full.questions.map(
          ({ _id, title, tags, askedBy, askDateTime, score, answerCount, viewCount, acceptedAnswer }) => ({
            _id,
            title,
            tags: tags.map((t) => ({ _id: t._id, name: t.name })),
            askedBy,
            askDateTime,
            score,
            answerCount,
            viewCount,
            acceptedAnswer,
          }),
        ),
      });
    }
    // Past the last row there is no row to carry the total: it is still right.
    expect(await listQuestionItems(database.db, { order: 'newest', limit: 10, offset: 10 })).toMatchObject({
      questions: [],
      total: 2,
      totalCapped: false,
    });
  });

  it("reads a search's items with the start of each question's text, in the same page", async () => {
    for (const query of [{ search: 'hooks' }, { search: 'hooks', order: 'newest' as const }]) {
      const items = await listQuestionItems(database.db, { ...query, limit: 10, offset: 0 });
      const withText = await listSearchItems(database.db, { ...query, limit: 10, offset: 0 });
      expect({ ...withText, questions: withText.questions.map((r) => r.item) }).toEqual(items);
      for (const { item, textStart } of withText.questions) {
        const stored = (await getQuestion(database.db, Number(item._id)))!.text;
        expect(textStart).toBe(stored.slice(0, EXCERPT_SOURCE_CHARS));
      }
    }
  });

  it('searches with stemming, phrases, exclusions and [tag] tokens', async () => {
    const titles = async (search: string) =>
      (await listQuestions(database.db, { search, limit: 10, offset: 0 })).questions.map((q) => q.title);
    expect(await titles('run test')).toEqual(['How do I run PostgreSQL tests fast?']);
    expect(await titles('"hooks and effects"')).toEqual(['React hooks and effects']);
    expect(await titles('[testing]')).toHaveLength(2);
    expect(await titles('[testing] -react')).toEqual(['How do I run PostgreSQL tests fast?']);
    expect(await titles('[testing] [react]')).toEqual(['React hooks and effects']);
    expect(await titles("'; DROP TABLE questions; --")).toEqual([]);
    expect(parseSearch('[a] b [c]')).toEqual({ tags: ['a', 'c'], words: 'b' });
  });

  it('bounds a common word: ranks only the newest matches, orders all of them, and counts up to the window', async () => {
    const extra = COUNT_CAP + 20;
    await database.exec(
      `INSERT INTO questions (title, text, ask_date_time) SELECT 'Widget question ' || g, CASE g WHEN 1 THEN 'widget widget widget widget widget' WHEN ${extra} THEN 'widget widget widget' ELSE 'about a widget' END, now() + g * interval '1 second' FROM generate_series(1, ${extra}) g`,
    );
    const page = await listQuestions(database.db, { search: 'widget', limit: 5, offset: 0 });
    expect(page).toMatchObject({ total: SEARCH_CANDIDATES, totalCapped: true });
    // The oldest ranks highest but lies outside the newest SEARCH_CANDIDATES matches.
    expect(page.questions[0]!.title).toBe(`Widget question ${extra}`);
    const beyond = await listQuestions(database.db, { search: 'widget', limit: 5, offset: SEARCH_CANDIDATES });
    expect(beyond.questions).toHaveLength(5);
    expect(await listQuestions(database.db, { order: 'newest', limit: 1, offset: 0 })).toMatchObject({
      total: extra + 2,
      totalCapped: false,
    });

    // In an order, the page is the order's true first among all the matches (the oldest match was
    // viewed most and active last), and the total is counted to the same window as a ranked search's.
    const oldest = `Widget question 1`;
    await database.exec(
      `UPDATE questions SET view_count = 99, last_activity = now() + interval '1 day' WHERE title = '${oldest}'`,
    );
    const firstOf = async (order: 'newest' | 'active' | 'unanswered' | 'mostViewed') => {
      const page = await listQuestions(database.db, { search: 'widget', order, limit: 5, offset: 0 });
      expect(page).toMatchObject({ total: SEARCH_CANDIDATES, totalCapped: true });
      return page.questions[0]!.title;
    };
    expect(await firstOf('mostViewed')).toBe(oldest);
    expect(await firstOf('active')).toBe(oldest);
    expect(await firstOf('newest')).toBe(`Widget question ${extra}`);
    expect(await firstOf('unanswered')).toBe(`Widget question ${extra}`);
    // Past the window, the window grows to the page: still a lower bound.
    const later = await listQuestions(database.db, {
      search: 'widget',
      order: 'active',
      limit: 5,
      offset: SEARCH_CANDIDATES,
    });
    expect(later).toMatchObject({ total: SEARCH_CANDIDATES + 5, totalCapped: true });
    expect(later.questions).toHaveLength(5);
  });
});

describe('stored HTML', () => {
  it("keeps each body's stored HTML, NULL until rendered, and finds and fills the unrendered ones", async () => {
    const id = await insertQuestion(database.db, {
      title: 'Stored HTML of a post',
      text: '*hi*',
      html: '<p><em>hi</em></p>',
      tags: ['html'],
      askedBy: ada,
    });
    const { answerId } = (await insertAnswer(database.db, { questionId: id, text: 'no html yet', ansBy: bob }))!;
    const comment = (await insertComment(database.db, {
      parent: 'answer',
      parentId: answerId,
      text: 'c',
      html: '<p>c</p>',
      commentBy: ada,
    }))!;
    expect((await getQuestionWithHtml(database.db, id))!.html).toEqual({
      q: '<p><em>hi</em></p>',
      [`a${answerId}`]: null,
      [`c${comment.commentId}`]: '<p>c</p>',
    });

    const missing = await postBodies(database.db, 'answers', 0, 100, true);
    expect(missing).toContainEqual({ id: answerId, text: 'no html yet' });
    expect(await countPostBodies(database.db, 'answers', true)).toBe(missing.length);
    await storePostHtml(database.db, 'answers', [{ id: answerId, html: '<p>now</p>' }]);
    expect((await getQuestionWithHtml(database.db, id))!.html[`a${answerId}`]).toBe('<p>now</p>');
    expect(await postBodies(database.db, 'answers', 0, 100, true)).not.toContainEqual(
      expect.objectContaining({ id: answerId }),
    );
    expect(await postBodies(database.db, 'answers', answerId - 1, 1, false)).toEqual([
      { id: answerId, text: 'no html yet' },
    ]);
  });
});
