/** The Q&A REST paths (SPEC §7) and their answers to bad input: clear 4xx, nothing changed. */
import { expect, test, type APIRequestContext } from '@playwright/test';
import { uniqueName } from './fixtures.ts';

test.skip(({ javaScriptEnabled }) => !javaScriptEnabled, 'HTTP-only checks run once');

const json = (data: unknown) => ({ data: JSON.stringify(data), headers: { 'Content-Type': 'application/json' } });

async function signedIn(
  playwright: { request: { newContext(o: { baseURL?: string }): Promise<APIRequestContext> } },
  baseURL: string | undefined,
) {
  const request = await playwright.request.newContext({ baseURL });
  const username = uniqueName('r');
  expect((await request.post('/user/signup', json({ username, password: 'pw-123456' }))).status()).toBe(200);
  return { request, username };
}

const question = (askedBy: string, extra: Record<string, unknown> = {}) => ({
  title: 'A REST question',
  text: 'Body with [a link](https://example.com).',
  tags: [{ name: 'rest', description: 'ignored' }],
  askedBy,
  askDateTime: new Date().toISOString(),
  answers: [],
  upVotes: [],
  downVotes: [],
  views: [],
  comments: [],
  ...extra,
});

test('the spec client flow: add, list, fetch (counting a view once), vote, answer, comment, tags', async ({
  playwright,
  baseURL,
}) => {
  const { request, username } = await signedIn(playwright, baseURL);
  const added = await request.post('/question/addQuestion', json(question(username)));
  expect(added.status()).toBe(200);
  const q = await added.json();
  expect(q).toMatchObject({
    _id: expect.any(String),
    askedBy: username,
    tags: [{ name: 'rest', description: expect.any(String) }],
    answers: [],
  });

  const list = await request.get('/question/getQuestion?order=newest&search=');
  expect(list.status()).toBe(200);
  expect(Number(list.headers()['x-total-count'])).toBeGreaterThanOrEqual(1);
  expect((await list.json())[0]).toMatchObject({ _id: q._id, title: 'A REST question' });

  expect(await (await request.get(`/question/getQuestionById/${q._id}?username=${username}`)).json()).toMatchObject({
    views: [username],
  });
  expect(await (await request.get(`/question/getQuestionById/${q._id}?username=${username}`)).json()).toMatchObject({
    views: [username],
    viewCount: 1,
  });

  const own = await request.post('/question/upvoteQuestion', json({ qid: q._id, username }));
  expect([own.status(), await own.text()]).toEqual([403, 'You cannot vote on your own post']);
  const voter = await signedIn(playwright, baseURL);
  const vote = (path: string) => voter.request.post(path, json({ qid: q._id, username: voter.username }));
  expect(await (await vote('/question/upvoteQuestion')).json()).toEqual({ upVotes: [voter.username], downVotes: [] });
  expect(await (await vote('/question/downvoteQuestion')).json()).toEqual({ upVotes: [], downVotes: [voter.username] });

  const answer = await (
    await request.post(
      '/answer/addAnswer',
      json({ qid: q._id, ans: { text: 'An answer', ansBy: username, ansDateTime: new Date(), comments: [] } }),
    )
  ).json();
  expect(answer).toMatchObject({ _id: expect.any(String), text: 'An answer', ansBy: username });
  const commented = await request.post(
    '/comment/addComment',
    json({
      id: answer._id,
      type: 'answer',
      comment: { text: 'A comment', commentBy: username, commentDateTime: new Date() },
    }),
  );
  expect(await commented.json()).toMatchObject({
    _id: answer._id,
    comments: [{ text: 'A comment', commentBy: username }],
  });

  expect(await (await request.get('/tag/getTagByName/REST')).json()).toMatchObject({ name: 'rest' });
  const tags = await (await request.get('/tag/getTagsWithQuestionNumber')).json();
  expect(tags.find((t: { name: string }) => t.name === 'rest')).toMatchObject({ qcnt: expect.any(Number) });
});

test('bad ids: malformed 400, unknown 404 — for reads, votes, answers and comments', async ({
  playwright,
  baseURL,
}) => {
  const { request, username } = await signedIn(playwright, baseURL);
  expect((await request.get('/question/getQuestionById/abc')).status()).toBe(400);
  expect((await request.get('/question/getQuestionById/99999999')).status()).toBe(404);
  expect(
    (await request.post('/question/upvoteQuestion', json({ qid: 'x; DROP TABLE questions', username }))).status(),
  ).toBe(400);
  expect((await request.post('/question/upvoteQuestion', json({ qid: '99999999', username }))).status()).toBe(404);
  expect(
    (await request.post('/answer/addAnswer', json({ qid: '99999999', ans: { text: 'a', ansBy: username } }))).status(),
  ).toBe(404);
  expect(
    (
      await request.post(
        '/comment/addComment',
        json({ id: '99999999', type: 'answer', comment: { text: 'c', commentBy: username } }),
      )
    ).status(),
  ).toBe(404);
  expect(
    (
      await request.post(
        '/comment/addComment',
        json({ id: '1', type: 'tag', comment: { text: 'c', commentBy: username } }),
      )
    ).status(),
  ).toBe(400);
  expect((await request.get('/tag/getTagByName/no-such-tag-here')).status()).toBe(404);
  expect((await request.get('/question/getQuestion?order=oldest')).status()).toBe(400);
});

test('names of someone else are 403, no session is 401, and nothing is stored', async ({ playwright, baseURL }) => {
  const { request, username } = await signedIn(playwright, baseURL);
  const before = Number((await request.get('/question/getQuestion')).headers()['x-total-count']);
  expect((await request.post('/question/addQuestion', json(question('alice')))).status()).toBe(403);
  const q = await (await request.post('/question/addQuestion', json(question(username)))).json();
  expect((await request.post('/question/upvoteQuestion', json({ qid: q._id, username: 'alice' }))).status()).toBe(403);
  expect(
    (await request.post('/answer/addAnswer', json({ qid: q._id, ans: { text: 'a', ansBy: 'alice' } }))).status(),
  ).toBe(403);
  expect(
    (
      await request.post(
        '/comment/addComment',
        json({ id: q._id, type: 'question', comment: { text: 'c', commentBy: 'alice' } }),
      )
    ).status(),
  ).toBe(403);
  const anon = await playwright.request.newContext({ baseURL });
  expect((await anon.post('/question/addQuestion', json(question(username)))).status()).toBe(401);
  expect((await anon.post('/question/upvoteQuestion', json({ qid: q._id, username }))).status()).toBe(401);
  const after = await (await request.get(`/question/getQuestionById/${q._id}`)).json();
  expect(after).toMatchObject({ upVotes: [], answers: [], comments: [] });
  expect(Number((await request.get('/question/getQuestion')).headers()['x-total-count'])).toBe(before + 1);
});

test('oversized and hostile input: 4xx with the spec text, or stored verbatim and shown escaped', async ({
  playwright,
  baseURL,
  page,
}) => {
  const { request, username } = await signedIn(playwright, baseURL);
  const post = (extra: Record<string, unknown>) =>
    request.post('/question/addQuestion', json(question(username, extra)));
  const long = await post({ title: 'x'.repeat(10_000) });
  expect([long.status(), await long.text()]).toEqual([400, 'Title cannot be more than 100 characters']);
  expect((await post({ text: 'y'.repeat(1_000_000) })).status()).toBe(413);
  const many = await post({ tags: Array.from({ length: 50 }, (_, i) => ({ name: `t${i}` })) });
  expect([many.status(), await many.text()]).toEqual([400, 'Cannot have more than 5 tags']);
  const script = await post({ tags: [{ name: '<script>' }] });
  expect(script.status()).toBe(400);
  const none = await post({ tags: [] });
  expect([none.status(), await none.text()]).toEqual([400, 'Should have at least 1 tag']);
  const hostileTitle = `'; DROP TABLE users; -- <img src=x onerror=alert(1)> ${uniqueName()}`;
  const stored = await (await post({ title: hostileTitle.slice(0, 100) })).json();
  expect(stored.title).toBe(hostileTitle.slice(0, 100));
  await page.goto(`/question/${stored._id}`);
  await expect(page.getByRole('heading', { name: hostileTitle.slice(0, 100) })).toBeVisible();
  expect(await page.locator('img[src=x]').count()).toBe(0);
});

test('sitemap.xml lists questions and robots.txt points to it', async ({ request }) => {
  const sitemap = await request.get('/sitemap.xml');
  expect(sitemap.headers()['content-type']).toContain('application/xml');
  expect(await sitemap.text()).toMatch(/<loc>http:\/\/[^<]+\/question\/\d+<\/loc>/);
  expect(await (await request.get('/robots.txt')).text()).toMatch(/Sitemap: http:\/\/[^\s]+\/sitemap\.xml/);
});
