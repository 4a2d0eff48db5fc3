/**
 * Messaging end to end: the global room and direct chats between two users in two browser
 * contexts — live with JavaScript, by plain form posts without — plus the REST contract's
 * privacy and paging.
 */
import { expect, test, type Browser, type Page, type PlaywrightWorkerArgs } from '@playwright/test';
import { jsEnabled, RECONNECTED_WITHIN, signUp, socketSwitch, uniqueName } from './fixtures.ts';

const json = (data: unknown) => ({ data: JSON.stringify(data), headers: { 'Content-Type': 'application/json' } });

async function anotherUser(browser: Browser) {
  const context = await browser.newContext();
  const page = await context.newPage();
  const name = uniqueName('b');
  await signUp(page, name);
  return { context, page, name };
}

const messages = (page: Page) => page.getByRole('log');
const send = async (page: Page, text: string) => {
  await page.getByRole('textbox', { name: 'Message', exact: true }).fill(text);
  await page.getByRole('button', { name: 'Send' }).click();
};

/** On the direct-message screen: find the user, pick them, create the chat. */
async function startChatWith(page: Page, name: string) {
  await page.goto('/messaging/direct-message');
  await page.getByLabel('Find a user').fill(name);
  await page.getByRole('button', { name: 'Find' }).click();
  await page.getByRole('radio', { name }).check();
  await page.getByRole('button', { name: 'Create Chat' }).click();
  await expect(page).toHaveURL(/\/messaging\/direct-message\?chat=\d+$/);
  await expect(page.getByRole('heading', { name: `Chat with ${name}` })).toBeVisible();
}

test.describe('live, with JavaScript', () => {
  test.skip(({ javaScriptEnabled }) => !javaScriptEnabled, 'live updates need JavaScript');

  test('a global message appears for the other user without reloading, scrolled into view', async ({
    page,
    browser,
  }) => {
    const me = uniqueName('a');
    await signUp(page, me);
    const other = await anotherUser(browser);
    await other.page.goto('/messaging');
    await page.goto('/messaging');
    const text = `hello room ${uniqueName()}`;
    await send(page, text);
    await expect(page.getByRole('textbox', { name: 'Message', exact: true })).toHaveValue('');
    const arrived = messages(other.page).getByRole('listitem').filter({ hasText: text });
    await expect(arrived).toContainText(me);
    await expect(arrived).toContainText(/seconds? ago/);
    await expect(arrived).toBeInViewport();
    await other.context.close();
  });

  test('a new direct chat shows up for the other person, and messages arrive live both ways', async ({
    page,
    browser,
  }) => {
    const me = uniqueName('a');
    await signUp(page, me);
    const other = await anotherUser(browser);
    await other.page.goto('/messaging/direct-message');
    await startChatWith(page, other.name);

    await other.page.getByRole('link', { name: me, exact: true }).click();
    await expect(other.page.getByRole('heading', { name: `Chat with ${me}` })).toBeVisible();
    await send(page, 'psst, just us');
    await expect(messages(other.page)).toContainText('psst, just us');
    await send(other.page, 'got it');
    await expect(messages(page)).toContainText('got it');
    await other.context.close();
  });

  test('messages posted while the socket was down appear after it reconnects', async ({ page, browser }) => {
    const socket = await socketSwitch(page);
    await signUp(page, uniqueName('a'));
    await page.goto('/messaging');
    const other = await anotherUser(browser);
    await other.page.goto('/messaging');
    await socket.cut();
    await expect(page.getByText(/Reconnecting to live updates/)).toBeVisible({ timeout: 15_000 });
    const text = `while you were away ${uniqueName()}`;
    await send(other.page, text);
    await expect(messages(other.page)).toContainText(text);
    socket.restore();
    await expect(messages(page)).toContainText(text, { timeout: RECONNECTED_WITHIN });
    await other.context.close();
  });
});

test('sending through the form shows the message after the page re-renders', async ({ page, browser }) => {
  const me = uniqueName('a');
  await signUp(page, me);
  await page.goto('/messaging');
  const text = `posted by form ${uniqueName()}`;
  await send(page, text);
  await expect(page).toHaveURL(/\/messaging$/);
  await expect(messages(page).getByRole('listitem').filter({ hasText: text })).toContainText(me);

  const other = await anotherUser(browser);
  await startChatWith(page, other.name);
  await send(page, 'a direct hello');
  await expect(messages(page)).toContainText('a direct hello');
  await other.page.goto('/messaging/direct-message');
  await other.page.getByRole('link', { name: me, exact: true }).click();
  await expect(messages(other.page)).toContainText('a direct hello');
  await other.context.close();
});

test('the messaging forms show the spec validation messages; with no chat chosen, "Select a chat first"', async ({
  page,
}) => {
  await signUp(page, uniqueName('v'));
  await page.goto('/messaging');
  await page.getByRole('textbox', { name: 'Message', exact: true }).fill('   ');
  await page.getByRole('button', { name: 'Send' }).click();
  await expect(page.getByRole('alert')).toHaveText('Message cannot be empty');

  await page.goto('/messaging/direct-message');
  await page.getByRole('button', { name: 'Create Chat' }).click();
  await expect(page.getByRole('alert')).toHaveText('Please select a user to chat with');
  // Issue 42: no chat chosen, the composer is off and says why (not "Message cannot be empty").
  const composer = page.getByRole('textbox', { name: 'Message', exact: true });
  await expect(composer).toBeDisabled();
  await expect(composer).toHaveAccessibleDescription('Select a chat first');
  await expect(page.getByRole('button', { name: 'Send' })).toBeDisabled();
});

test("both participants' chat lists show the newest message as its preview", async ({ page, browser }, info) => {
  const me = uniqueName('a');
  await signUp(page, me);
  const other = await anotherUser(browser);
  await startChatWith(page, other.name);
  await send(page, 'first words');
  await expect(messages(page)).toContainText('first words');
  await other.page.goto('/messaging/direct-message');
  await other.page.getByRole('link', { name: me, exact: true }).click();
  await expect(messages(other.page)).toContainText('first words');
  await send(page, 'the newest words');
  await expect(messages(page)).toContainText('the newest words');
  const preview = (p: Page, name: string) =>
    p
      .getByRole('listitem')
      .filter({ has: p.getByRole('link', { name, exact: true }) })
      .locator('.chat-preview');
  await expect(preview(page, other.name)).toHaveText('the newest words');
  // With JavaScript the other side's list follows live; without, it shows on the next page load.
  if (!jsEnabled(info.project.name)) await other.page.reload();
  await expect(preview(other.page, me)).toHaveText('the newest words');
  await other.context.close();
});

test('the user picker finds any user and offers more than the first 20', async ({ page, playwright, baseURL }) => {
  await signUp(page, uniqueName('p'));
  // At least 21 others, so that the first 20 are not everyone.
  const prefix = uniqueName('many');
  const api = await playwright.request.newContext({ baseURL });
  for (let i = 0; i < 21; i++)
    expect(
      (await api.post('/user/signup', json({ username: `${prefix}${i}`, password: 'correct-horse-1' }))).status(),
    ).toBe(200);
  await api.dispose();
  await page.goto('/messaging/direct-message');
  const picker = page.getByRole('group', { name: 'Choose a user' });
  await expect(picker.getByRole('radio')).toHaveCount(20);
  await picker.getByRole('link', { name: 'More users' }).click();
  await expect.poll(() => picker.getByRole('radio').count()).toBeGreaterThan(20);
  await page.getByLabel('Find a user').fill(`${prefix}20`);
  await page.getByRole('button', { name: 'Find' }).click();
  await expect(picker.getByRole('radio')).toHaveCount(1);
  await expect(picker.getByRole('radio', { name: `${prefix}20` })).toBeVisible();
});

test.describe('REST', () => {
  test.skip(({ javaScriptEnabled }) => !javaScriptEnabled, 'HTTP-only checks run once');

  async function apiUser(playwright: PlaywrightWorkerArgs['playwright'], baseURL: string | undefined) {
    const api = await playwright.request.newContext({ baseURL });
    const name = uniqueName('r');
    expect((await api.post('/user/signup', json({ username: name, password: 'pw-123456' }))).status()).toBe(200);
    return { api, name };
  }

  test('the room: server time, author from the session, pages with a total, clear 4xx', async ({
    playwright,
    baseURL,
  }) => {
    const anon = await playwright.request.newContext({ baseURL });
    expect((await anon.get('/messaging/getMessages')).status()).toBe(401);
    expect(
      (await anon.post('/messaging/addMessage', json({ messageToAdd: { msg: 'x', msgFrom: 'alice' } }))).status(),
    ).toBe(401);

    const { api, name } = await apiUser(playwright, baseURL);
    const added = await api.post(
      '/messaging/addMessage',
      json({ messageToAdd: { msg: '  first  ', msgFrom: name, msgDateTime: '1999-01-01T00:00:00Z' } }),
    );
    expect(added.status()).toBe(200);
    const message = await added.json();
    expect(message).toMatchObject({ msg: 'first', msgFrom: name });
    expect(Date.parse(message.msgDateTime)).toBeGreaterThan(Date.parse('2020-01-01'));
    await api.post('/messaging/addMessage', json({ messageToAdd: { msg: 'second', msgFrom: name } }));

    const forged = await api.post(
      '/messaging/addMessage',
      json({ messageToAdd: { msg: 'as alice', msgFrom: 'alice' } }),
    );
    expect(forged.status()).toBe(403);
    const blank = await api.post('/messaging/addMessage', json({ messageToAdd: { msg: '   ', msgFrom: name } }));
    expect([blank.status(), await blank.text()]).toEqual([400, 'Message cannot be empty']);
    expect((await api.post('/messaging/addMessage', json({}))).status()).toBe(400);
    expect((await api.get('/messaging/getMessages?before=abc')).status()).toBe(400);

    const page = await api.get('/messaging/getMessages?limit=1');
    expect(Number(page.headers()['x-total-count'])).toBeGreaterThanOrEqual(2);
    const [newest] = await page.json();
    expect(newest.msg).toBe('second');
    const older = await (await api.get(`/messaging/getMessages?limit=1&before=${newest._id}`)).json();
    expect(older.map((m: { msg: string }) => m.msg)).toEqual(['first']);
    const after = await (await api.get(`/messaging/getMessages?after=${message._id}`)).json();
    expect(after.map((m: { msg: string }) => m.msg)).toEqual(['second']);
    expect(JSON.stringify(await (await api.get('/messaging/getMessages?limit=200')).json())).not.toContain('as alice');
    await Promise.all([anon.dispose(), api.dispose()]);
  });

  test('chats: one per pair, private to the two participants, 400/403/404 otherwise', async ({
    playwright,
    baseURL,
  }) => {
    const [a, b, c] = await Promise.all([
      apiUser(playwright, baseURL),
      apiUser(playwright, baseURL),
      apiUser(playwright, baseURL),
    ]);
    const created = await a.api.post('/chat/createChat', json({ participants: [a.name, b.name], messages: [] }));
    expect(created.status()).toBe(200);
    const chat = await created.json();
    expect(chat).toMatchObject({ participants: [a.name, b.name].sort((x, y) => x.localeCompare(y)), messages: [] });
    const again = await b.api.post(
      '/chat/createChat',
      json({ participants: [b.name, a.name], messages: [{ msg: 'hi', msgFrom: b.name }] }),
    );
    expect(await again.json()).toMatchObject({ _id: chat._id, messages: [{ msg: 'hi', msgFrom: b.name }] });

    const posted = await a.api.post(`/chat/${chat._id}/addMessage`, json({ msg: 'hey b', msgFrom: a.name }));
    expect(posted.status()).toBe(200);
    // The populated chat, as GET /chat/:chatId answers it (issue 16), not the single message.
    expect(await posted.json()).toMatchObject({
      _id: chat._id,
      participants: expect.arrayContaining([a.name, b.name]),
      messages: expect.arrayContaining([expect.objectContaining({ msg: 'hey b' })]),
    });
    expect((await a.api.post(`/chat/${chat._id}/addMessage`, json({ msg: 'as b', msgFrom: b.name }))).status()).toBe(
      403,
    );
    expect(
      (await c.api.post(`/chat/${chat._id}/addMessage`, json({ msg: 'let me in', msgFrom: c.name }))).status(),
    ).toBe(403);
    expect((await c.api.get(`/chat/${chat._id}`)).status()).toBe(403);
    expect((await c.api.get(`/chat/getChatsByUser/${a.name}`)).status()).toBe(403);
    expect(
      (await c.api.post('/chat/createChat', json({ participants: [a.name, b.name], messages: [] }))).status(),
    ).toBe(403);
    expect((await c.api.get('/chat/99999999')).status()).toBe(404);
    expect((await c.api.get('/chat/not-a-number')).status()).toBe(400);
    const lonely = await c.api.post('/chat/createChat', json({ participants: [c.name], messages: [] }));
    expect([lonely.status(), await lonely.text()]).toEqual([400, 'Please select a user to chat with']);
    const blank = await a.api.post(`/chat/${chat._id}/addMessage`, json({ msg: '', msgFrom: a.name }));
    expect([blank.status(), await blank.text()]).toEqual([400, 'Message cannot be empty']);

    const read = await b.api.get(`/chat/${chat._id}`);
    expect(read.headers()['x-total-count']).toBe('2');
    expect((await read.json()).messages.map((m: { msg: string }) => m.msg)).toEqual(['hi', 'hey b']);
    const list = await b.api.get(`/chat/getChatsByUser/${b.name}`);
    expect(list.headers()['x-total-count']).toBe('1');
    expect(await list.json()).toMatchObject([{ _id: chat._id, messages: [{ msg: 'hey b' }] }]);
    await Promise.all([a.api.dispose(), b.api.dispose(), c.api.dispose()]);
  });
});
