/**
 * The inbox and the reading and writing help (issue 17 B): notifications over REST and on
 * screen (live with JavaScript, on the next page without), Markdown preview, tag suggestions,
 * search excerpts; and their answers to bad input.
 */
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { gotoConnected, jsEnabled, PASSWORD, signUp, uniqueName } from './fixtures.ts';

const json = (data: unknown) => ({ data: JSON.stringify(data), headers: { 'Content-Type': 'application/json' } });

async function apiUser(
  playwright: { request: { newContext(o: { baseURL?: string }): Promise<APIRequestContext> } },
  baseURL: string | undefined,
  prefix: string,
) {
  const api = await playwright.request.newContext({ baseURL });
  const username = uniqueName(prefix);
  expect((await api.post('/user/signup', json({ username, password: PASSWORD }))).status()).toBe(200);
  return { api, username };
}

async function ask(
  api: APIRequestContext,
  askedBy: string,
  title: string,
  tags = 'inbox',
  text = 'Please help with this.',
) {
  const response = await api.post(
    '/question/addQuestion',
    json({ title, text, tags: tags.split(' ').map((name) => ({ name })), askedBy }),
  );
  expect(response.status()).toBe(200);
  return String((await response.json())._id);
}

async function answer(api: APIRequestContext, ansBy: string, qid: string, text: string) {
  const response = await api.post('/answer/addAnswer', json({ qid, ans: { text, ansBy } }));
  expect(response.status()).toBe(200);
  return String((await response.json())._id);
}

const bell = (page: Page) => page.getByRole('link', { name: /^Notifications,/ });

test.describe('REST', () => {
  test.skip(({ javaScriptEnabled }) => !javaScriptEnabled, 'HTTP-only checks run once');

  test('every new path needs a session (401)', async ({ playwright, baseURL }) => {
    const anon = await playwright.request.newContext({ baseURL });
    expect((await anon.get('/notification/getNotifications')).status()).toBe(401);
    expect((await anon.post('/notification/markRead', json({ all: true }))).status()).toBe(401);
    expect((await anon.get('/tag/suggestTags?prefix=a')).status()).toBe(401);
    expect((await anon.post('/post/previewMarkdown', json({ text: 'x' }))).status()).toBe(401);
    await anon.dispose();
  });

  test('an answer and a mention notify; only the owner reads and marks them; bad ids change nothing', async ({
    playwright,
    baseURL,
  }) => {
    const alice = await apiUser(playwright, baseURL, 'al');
    const bob = await apiUser(playwright, baseURL, 'bo');
    const carol = await apiUser(playwright, baseURL, 'ca');
    const title = `Inbox question ${uniqueName('t')}`;
    const qid = await ask(alice.api, alice.username, title);
    const aid = await answer(
      bob.api,
      bob.username,
      qid,
      `Try this, @${carol.username} knows more. Also @${bob.username}.`,
    );

    const list = await alice.api.get('/notification/getNotifications?limit=10');
    expect(list.status()).toBe(200);
    expect(list.headers()['x-total-count']).toBe('1');
    expect(list.headers()['x-unread-count']).toBe('1');
    const [note] = await list.json();
    expect(note).toMatchObject({
      kind: 'answer',
      actor: bob.username,
      title,
      qid,
      aid,
      read: false,
      link: `/question/${qid}?answer=${aid}#answer-${aid}`,
    });
    expect(await (await carol.api.get('/notification/getNotifications')).json()).toMatchObject([
      { kind: 'mention', actor: bob.username, qid },
    ]);
    expect(await (await bob.api.get('/notification/getNotifications')).json()).toEqual([]);

    const theirs = await bob.api.post('/notification/markRead', json({ ids: [note._id] }));
    expect(theirs.status()).toBe(404);
    expect(await theirs.text()).toBe('Notification not found.');
    const missing = await alice.api.post('/notification/markRead', json({ ids: [note._id, '999999999999'] }));
    expect(missing.status()).toBe(404);
    const bad = await alice.api.post('/notification/markRead', json({ ids: 'all' }));
    expect(bad.status()).toBe(400);
    expect(await bad.text()).toBe('Send {"ids": [notification ids]} or {"all": true}.');
    expect((await alice.api.post('/notification/markRead', json({ ids: ['abc'] }))).status()).toBe(400);
    expect((await alice.api.get('/notification/getNotifications')).headers()['x-unread-count']).toBe('1');

    const marked = await alice.api.post('/notification/markRead', json({ ids: [note._id] }));
    expect(marked.status()).toBe(200);
    expect(await marked.json()).toEqual({ marked: 1, unread: 0 });
    expect(await (await carol.api.post('/notification/markRead', json({ all: true }))).json()).toEqual({
      marked: 1,
      unread: 0,
    });
    for (const u of [alice, bob, carol]) await u.api.dispose();
  });

  test('a direct message notifies the other participant', async ({ playwright, baseURL }) => {
    const alice = await apiUser(playwright, baseURL, 'al');
    const bob = await apiUser(playwright, baseURL, 'bo');
    const chat = await bob.api.post(
      '/chat/createChat',
      json({ participants: [bob.username, alice.username], messages: [{ msg: 'hi alice', msgFrom: bob.username }] }),
    );
    expect(chat.status()).toBe(200);
    const chatId = (await chat.json())._id;
    expect(await (await alice.api.get('/notification/getNotifications')).json()).toMatchObject([
      {
        kind: 'message',
        actor: bob.username,
        excerpt: 'hi alice',
        chatId,
        link: `/messaging/direct-message?chat=${chatId}`,
      },
    ]);
    expect(await (await bob.api.get('/notification/getNotifications')).json()).toEqual([]);
    for (const u of [alice, bob]) await u.api.dispose();
  });

  test("the preview is the server's rendering; tags are suggested by prefix with counts", async ({
    playwright,
    baseURL,
  }) => {
    const alice = await apiUser(playwright, baseURL, 'al');
    const preview = await alice.api.post('/post/previewMarkdown', json({ text: '**bold** <script>alert(1)</script>' }));
    expect(preview.status()).toBe(200);
    const { html } = await preview.json();
    expect(html).toContain('<strong>bold</strong>');
    expect(html).not.toContain('<script>');
    const long = await alice.api.post('/post/previewMarkdown', json({ text: 'x'.repeat(30_001) }));
    expect(long.status()).toBe(400);
    expect(await long.text()).toBe('The text to preview cannot be more than 30000 characters');
    expect((await alice.api.post('/post/previewMarkdown', json({}))).status()).toBe(400);

    const tag = `sug${Date.now().toString(36)}`;
    await ask(alice.api, alice.username, 'A question for suggestions', `${tag}a ${tag}b`);
    await ask(alice.api, alice.username, 'Another question for suggestions', `${tag}b`);
    const found = await alice.api.get(`/tag/suggestTags?prefix=${tag.toUpperCase()}`);
    expect(found.status()).toBe(200);
    expect(await found.json()).toEqual([
      { name: `${tag}b`, qcnt: 2 },
      { name: `${tag}a`, qcnt: 1 },
    ]);
    expect(await (await alice.api.get(`/tag/suggestTags?prefix=${tag}&limit=1`)).json()).toHaveLength(1);
    expect(await (await alice.api.get('/tag/suggestTags?prefix=%25')).json()).toEqual([]);
    const empty = await alice.api.get('/tag/suggestTags?prefix=');
    expect(empty.status()).toBe(400);
    expect(await empty.text()).toBe('Send ?prefix= with 1 to 20 characters of a tag name.');
    expect((await alice.api.get(`/tag/suggestTags?prefix=${tag}&limit=500`)).status()).toBe(400);
    await alice.api.dispose();
  });
});

test("bob answers alice's question: her bell shows 1, the inbox opens the answer and marks it read", async ({
  page,
  playwright,
  baseURL,
}, info) => {
  const alice = uniqueName('al');
  await signUp(page, alice);
  const title = `Bell question ${uniqueName('t')}`;
  const qid = await ask(page.request, alice, title);
  // With JavaScript the answer must come once the page's socket is connected, or nobody hears of it.
  if (jsEnabled(info.project.name)) await gotoConnected(page, '/home');
  await expect(bell(page)).toHaveAccessibleName('Notifications, none unread');

  const bob = await apiUser(playwright, baseURL, 'bo');
  const aid = await answer(bob.api, bob.username, qid, 'Bob has the answer.');
  if (!jsEnabled(info.project.name)) await page.goto('/home');
  await expect(bell(page)).toHaveAccessibleName('Notifications, 1 unread');
  await expect(page.getByTestId('unread-count')).toHaveText('1');

  await bell(page).click();
  await expect(page).toHaveURL(/\/notifications$/);
  // Opening the inbox reads it (issue 42); with JavaScript the page may hear of that live.
  await expect(page.locator('#inbox-summary')).toHaveText(/^[01] unread of 1$/);
  await expect(bell(page)).toHaveAccessibleName('Notifications, none unread');
  const entry = page.getByRole('link', { name: new RegExp(`${bob.username} answered your question “${title}”`) });
  await expect(entry).toContainText('Bob has the answer.');
  await entry.click();
  await expect(page).toHaveURL(new RegExp(`/question/${qid}\\?answer=${aid}#answer-${aid}$`));
  await expect(page.getByText('Bob has the answer.')).toBeVisible();
  await expect(bell(page)).toHaveAccessibleName('Notifications, none unread');

  await answer(bob.api, bob.username, qid, 'And one more thing.');
  await page.goto('/notifications');
  await expect(page.locator('#inbox-summary')).toHaveText('1 unread of 2');
  await expect(bell(page)).toHaveAccessibleName('Notifications, none unread');
  await page.reload();
  await expect(page.locator('#inbox-summary')).toHaveText('0 unread of 2');
  await expect(bell(page)).toHaveAccessibleName('Notifications, none unread');
  await bob.api.dispose();
});

test('opening the inbox clears the bell, and its excerpts are text as read, not Markdown', async ({
  page,
  playwright,
  baseURL,
}) => {
  const alice = uniqueName('ib');
  await signUp(page, alice);
  const qid = await ask(page.request, alice, `Clearing question ${uniqueName('t')}`);
  const bob = await apiUser(playwright, baseURL, 'bo');
  await answer(bob.api, bob.username, qid, 'Use **bold** words and [the docs](https://example.com/docs), `code` too.');
  await page.goto('/home');
  await expect(bell(page)).toHaveAccessibleName('Notifications, 1 unread');
  await page.goto('/notifications');
  await expect(bell(page)).toHaveAccessibleName('Notifications, none unread');
  await expect(page.locator('.inbox-excerpt')).toHaveText('Use bold words and the docs, code too.');
  await page.goto('/home');
  await expect(bell(page)).toHaveAccessibleName('Notifications, none unread');
  await bob.api.dispose();
});

test.describe('direct messages and the bell', () => {
  test.skip(({ javaScriptEnabled }) => !javaScriptEnabled, 'live updates need JavaScript');

  async function chatWith(api: APIRequestContext, from: string, to: string) {
    const response = await api.post('/chat/createChat', json({ participants: [from, to], messages: [] }));
    expect(response.status()).toBe(200);
    return String((await response.json())._id);
  }
  const say = async (api: APIRequestContext, chatId: string, msgFrom: string, msg: string) =>
    expect((await api.post(`/chat/${chatId}/addMessage`, json({ msg, msgFrom }))).status()).toBe(200);

  test('a reply in the chat being read does not bump the bell; one in another chat is marked in the list', async ({
    page,
    playwright,
    baseURL,
  }) => {
    const alice = uniqueName('dm');
    await signUp(page, alice);
    const bob = await apiUser(playwright, baseURL, 'bo');
    const cy = await apiUser(playwright, baseURL, 'cy');
    const withBob = await chatWith(bob.api, bob.username, alice);
    const withCy = await chatWith(cy.api, cy.username, alice);
    await page.goto(`/messaging/direct-message?chat=${withBob}`);
    await expect(page.getByText(/Connecting to live updates/)).toBeHidden();
    await expect(bell(page)).toHaveAccessibleName('Notifications, none unread');

    // The page marks it read at once; the next message must come after that has been stored.
    const markedRead = page.waitForResponse((r) => r.url().endsWith('/notification/markRead'));
    await say(bob.api, withBob, bob.username, 'Reading this live');
    await expect(page.getByRole('log', { name: /Messages with/ }).getByText('Reading this live')).toBeVisible();
    // The bell hears of it and reads it at once: it never counts it.
    await page.waitForTimeout(1_000);
    await expect(bell(page)).toHaveAccessibleName('Notifications, none unread');
    await markedRead;

    await say(cy.api, withCy, cy.username, 'Over here too');
    const cyEntry = page.locator('.chat-list li').filter({ hasText: cy.username });
    await expect(cyEntry.locator('.chat-preview')).toHaveText('Over here too');
    await expect(cyEntry.getByRole('link')).toHaveAccessibleName(`${cy.username} new message`);
    await expect(bell(page)).toHaveAccessibleName('Notifications, 1 unread');
    await cyEntry.getByRole('link').click();
    await expect(page.getByRole('heading', { name: `Chat with ${cy.username}` })).toBeVisible();
    await expect(cyEntry.getByText('new message')).toHaveCount(0);
    await bob.api.dispose();
    await cy.api.dispose();
  });
});

test('the ask form previews the Markdown as the server renders it', async ({ page }, info) => {
  await signUp(page, uniqueName('pv'));
  await page.goto('/new/question');
  await page.getByLabel('Question Title').fill('Preview title');
  await page.getByLabel('Question Text').fill('Some **strong** words and <em>raw html</em>');
  if (!jsEnabled(info.project.name)) await page.getByRole('button', { name: 'Preview' }).click();
  const preview = page.getByRole('region', { name: 'Preview' });
  await expect(preview.locator('strong')).toHaveText('strong');
  await expect(preview).toContainText('<em>raw html</em>');
  await expect(page.getByLabel('Question Text')).toHaveValue('Some **strong** words and <em>raw html</em>');
  await expect(page).toHaveURL(/\/new\/question$/);
});

test('typing a tag offers existing tags with that prefix and their counts', async ({ page }, info) => {
  test.skip(!jsEnabled(info.project.name), 'suggestions are fetched while typing');
  const me = uniqueName('tg');
  await signUp(page, me);
  const tag = `dl${Date.now().toString(36)}`;
  await ask(page.request, me, 'Tag suggestion source', tag);
  await page.goto('/new/question');
  await page.getByLabel('Tags').pressSequentially(`python ${tag.slice(0, 5)}`);
  const option = page.locator('#tag-suggestions option');
  await expect(option).toHaveCount(1);
  await expect(option).toHaveAttribute('value', `python ${tag} `);
  await expect(option).toHaveAttribute('label', `${tag} (1 question)`);
  await expect(page.getByLabel('Tags')).toHaveAttribute('list', 'tag-suggestions');
});

test('tag suggestions match anywhere in a tag name', async ({ page, javaScriptEnabled }) => {
  test.skip(!javaScriptEnabled, 'suggestions are fetched while typing');
  const me = uniqueName('tm');
  await signUp(page, me);
  const stamp = Date.now().toString(36);
  const tag = `q-entang${stamp}`;
  await ask(page.request, me, 'Inner tag suggestion source', tag);
  await page.goto('/new/question');
  await page.getByLabel('Tags').pressSequentially(`entang${stamp}`);
  const option = page.locator('#tag-suggestions option');
  await expect(option).toHaveCount(1);
  await expect(option).toHaveAttribute('value', `${tag} `);
});

test('search results show an excerpt around the matched word with the matches marked', async ({ page }) => {
  const me = uniqueName('se');
  await signUp(page, me);
  const word = `zq${Date.now().toString(36)}`;
  await ask(
    page.request,
    me,
    `Excerpt ${word} title`,
    'search',
    `${'Opening words that do not matter. '.repeat(12)}Here the ${word} appears, <b>bold?</b>`,
  );
  await page.goto(`/home?search=${word}`);
  const excerpt = page.locator('.search-excerpt').first();
  await expect(excerpt).toContainText(`Here the ${word} appears, bold?`);
  await expect(excerpt.locator('mark')).toHaveText(word);
  await expect(excerpt.locator('b')).toHaveCount(0);
  await expect(page.locator('.question-title mark').first()).toHaveText(word);
});
