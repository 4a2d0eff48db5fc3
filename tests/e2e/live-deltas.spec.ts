/**
 * Issue 16: live updates applied in place. A page that watches a question or a list changes
 * when another browser votes, answers or comments, with no HTTP request of its own (so do the
 * tag list and the inbox); a visitor's
 * question page is live too; a socket.io client without a cookie gets the public events and is
 * refused chat and games.
 */
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { io } from 'socket.io-client';
import { MSG, type Ack, type GameErrorPayload, type VoteUpdatePayload } from '@fso/shared';
import { PASSWORD, signUp, uniqueName, watching } from './fixtures.ts';

test.skip(({ javaScriptEnabled }) => !javaScriptEnabled, 'live updates need JavaScript');

const json = (data: unknown) => ({ data: JSON.stringify(data), headers: { 'Content-Type': 'application/json' } });

async function apiUser(
  playwright: { request: { newContext(o: { baseURL?: string }): Promise<APIRequestContext> } },
  baseURL: string | undefined,
) {
  const api = await playwright.request.newContext({ baseURL });
  const username = uniqueName('live');
  expect((await api.post('/user/signup', json({ username, password: PASSWORD }))).status()).toBe(200);
  return { api, username };
}

async function ask(api: APIRequestContext, askedBy: string, title: string, tag = 'live') {
  const response = await api.post(
    '/question/addQuestion',
    json({ title, text: 'What changes live?', tags: [{ name: tag }], askedBy }),
  );
  expect(response.status()).toBe(200);
  return String((await response.json())._id);
}

/**
 * Every HTTP request the page makes from now on: its socket's frames are not requests, and the
 * favicon is the browser's own late fetch (whenever it gets to it), not the page's.
 */
/** The page's HTTP requests for data: not its socket, the favicon, or an image such as a new byline's avatar. */
function requestsOf(page: Page) {
  const seen: string[] = [];
  page.on('request', (request) => {
    if (request.resourceType() === 'image' || /\/socket\.io\/|\/favicon\./.test(request.url())) return;
    seen.push(`${request.method()} ${request.url()}`);
  });
  return seen;
}

/** Opens `url`, waits until its page watches `id` and its own loading is over; its requests from then on. */
async function openWatching(page: Page, url: string, id: string | { list: [] }) {
  const watched = watching(page, id);
  await page.goto(url);
  await watched;
  await page.waitForLoadState('networkidle'); // the page's own loading (route discovery) is over
  return requestsOf(page);
}

async function upvote(user: { api: APIRequestContext; username: string }, qid: string) {
  expect((await user.api.post('/question/upvoteQuestion', json({ qid, username: user.username }))).status()).toBe(200);
}

test('a question page changes with votes, answers and comments from another browser, with no HTTP request', async ({
  page,
  playwright,
  baseURL,
}) => {
  const author = await apiUser(playwright, baseURL);
  const qid = await ask(author.api, author.username, `Live question ${uniqueName()}`);
  await signUp(page, uniqueName('reader'));
  const requests = await openWatching(page, `/question/${qid}`, qid);

  const other = await apiUser(playwright, baseURL);
  await upvote(other, qid);
  await expect(page.getByLabel('Votes', { exact: true })).toHaveText('1');
  const answered = await other.api.post(
    '/answer/addAnswer',
    json({ qid, ans: { text: 'Use **deltas**.', ansBy: other.username } }),
  );
  expect(answered.status()).toBe(200);
  await expect(page.locator('.answer-list strong', { hasText: 'deltas' })).toBeVisible();
  await expect(page.getByRole('heading', { name: '1 Answer', exact: true })).toBeVisible();
  const aid = String((await answered.json())._id);
  const commented = await author.api.post(
    '/comment/addComment',
    json({ id: aid, type: 'answer', comment: { text: 'Thanks, _really_.', commentBy: author.username } }),
  );
  expect(commented.status()).toBe(200);
  await expect(page.locator('.comment-list em', { hasText: 'really' })).toBeVisible();
  expect((await author.api.post('/answer/upvoteAnswer', json({ aid }))).status()).toBe(200);
  await expect(page.getByLabel('Answer score')).toHaveText('1');
  expect(requests).toEqual([]);
});

test('/home patches its rows and offers new questions without moving the list', async ({
  page,
  playwright,
  baseURL,
}) => {
  const author = await apiUser(playwright, baseURL);
  const title = `Listed question ${uniqueName()}`;
  const qid = await ask(author.api, author.username, title);
  const watched = watching(page, qid);
  // The page's own loading: Remix discovers /home's links (this question's among them) in one
  // manifest request, which on a loaded machine can come after the network first falls idle.
  const discovered = page.waitForResponse(
    (response) =>
      response.url().includes('/__manifest?') && response.url().includes(encodeURIComponent(`/question/${qid}`)),
  );
  await signUp(page, uniqueName('lister'));
  await watched;
  await discovered;
  await page.waitForLoadState('networkidle');
  const requests = requestsOf(page);
  const row = page.locator('.question-summary', { has: page.getByRole('link', { name: title }) });
  await expect(row).toContainText('0 votes');

  const other = await apiUser(playwright, baseURL);
  await upvote(other, qid);
  await expect(row).toContainText('1 vote');
  expect(
    (
      await other.api.post('/answer/addAnswer', json({ qid, ans: { text: 'An answer.', ansBy: other.username } }))
    ).status(),
  ).toBe(200);
  await expect(row).toContainText('1 answer');
  const newer = `Newer question ${uniqueName()}`;
  await ask(other.api, other.username, newer);
  await expect(page.getByRole('button', { name: '1 new question — show' })).toBeVisible();
  await expect(page.getByRole('link', { name: newer })).toHaveCount(0);
  expect(requests).toEqual([]);
  await page.getByRole('button', { name: '1 new question — show' }).click();
  await expect(page.getByRole('link', { name: newer })).toBeVisible();
});

test('/tags counts a new question in place, with no HTTP request', async ({ page, playwright, baseURL }) => {
  const author = await apiUser(playwright, baseURL);
  await ask(author.api, author.username, `Tagged question ${uniqueName()}`);
  const requests = await openWatching(page, '/tags', { list: [] });
  const count = page
    .locator('.tag-card', { has: page.getByRole('link', { name: 'live', exact: true }) })
    .locator('.tag-count');
  const before = Number(/\d+/.exec((await count.textContent()) ?? '')?.[0]);
  await ask(author.api, author.username, `Another tagged question ${uniqueName()}`);
  await expect(count).toHaveText(`${before + 1} questions`);
  expect(requests).toEqual([]);
});

test('the inbox shows a new notification and what another tab read, with no HTTP request', async ({
  page,
  playwright,
  baseURL,
}) => {
  const asker = uniqueName('inbox');
  await signUp(page, asker);
  const title = `Inbox question ${uniqueName()}`;
  const qid = await ask(page.request, asker, title);
  await page.goto('/notifications');
  await expect(page.getByText(/Connecting to live updates/)).toBeHidden();
  await page.waitForLoadState('networkidle');
  const requests = requestsOf(page);
  await expect(page.locator('#inbox-summary')).toHaveText('0 unread of 0');

  const other = await apiUser(playwright, baseURL);
  expect(
    (
      await other.api.post(
        '/answer/addAnswer',
        json({ qid, ans: { text: 'Straight to the inbox.', ansBy: other.username } }),
      )
    ).status(),
  ).toBe(200);
  await expect(
    page.getByRole('link', { name: new RegExp(`${other.username} answered your question “${title}”`) }),
  ).toContainText('Straight to the inbox.');
  await expect(page.locator('#inbox-summary')).toHaveText('1 unread of 1');
  // Another tab of the same user marks everything read.
  expect((await page.request.post('/notification/markRead', json({ all: true }))).status()).toBe(200);
  await expect(page.locator('#inbox-summary')).toHaveText('0 unread of 1');
  await expect(page.locator('.inbox-unread')).toHaveCount(0);
  expect(requests).toEqual([]);
});

test('a visitor’s question page is live', async ({ page, playwright, baseURL }) => {
  const author = await apiUser(playwright, baseURL);
  const qid = await ask(author.api, author.username, `Visitor question ${uniqueName()}`);
  const requests = await openWatching(page, `/question/${qid}`, qid);
  await expect(page.getByRole('banner').getByRole('link', { name: 'Log in' })).toBeVisible();
  const other = await apiUser(playwright, baseURL);
  await upvote(other, qid);
  await expect(page.getByLabel('Votes', { exact: true })).toHaveText('1');
  expect(
    (
      await other.api.post(
        '/answer/addAnswer',
        json({ qid, ans: { text: 'Visible to visitors.', ansBy: other.username } }),
      )
    ).status(),
  ).toBe(200);
  await expect(page.getByText('Visible to visitors.')).toBeVisible();
  expect(requests).toEqual([]);
});

test('a socket.io client without a cookie receives voteUpdate and cannot join a chat or a game', async ({
  playwright,
  baseURL,
}) => {
  const socket = io(baseURL, { transports: ['websocket'], reconnection: false });
  try {
    await new Promise<void>((resolve, reject) => {
      socket.once('connect', resolve);
      socket.once('connect_error', reject);
    });
    const author = await apiUser(playwright, baseURL);
    const qid = await ask(author.api, author.username, `Socket question ${uniqueName()}`);
    const vote = new Promise<VoteUpdatePayload>((resolve) =>
      socket.on('voteUpdate', (p) => p.qid === qid && resolve(p)),
    );
    const other = await apiUser(playwright, baseURL);
    await upvote(other, qid);
    expect(await vote).toEqual({ qid, upVotes: [other.username], downVotes: [] });
    expect(await new Promise<Ack>((resolve) => socket.emit('joinChat', '1', resolve))).toEqual({
      ok: false,
      error: MSG.notSignedIn,
    });
    const refused = new Promise<GameErrorPayload>((resolve) => socket.once('gameError', resolve));
    socket.emit('joinGame', '1');
    expect((await refused).error).toBe(MSG.notSignedIn);
  } finally {
    socket.disconnect();
  }
});
