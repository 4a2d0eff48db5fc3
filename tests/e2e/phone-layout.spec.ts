/**
 * Issue 42's layout breaks, as a user sees them at a phone's 390 px and a desktop's 1280 px: the
 * header is one row on a phone with both search boxes behind a search button; words stay whole
 * where a column is narrow (the login heading, the biography's Edit, the answers badge, the move
 * list's numbers, the comment box's placeholder, the order buttons); a chat that is open comes
 * before the panel to start another.
 */
import { expect, test, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import { jsEnabled, PASSWORD, uniqueName } from './fixtures.ts';

const json = (data: unknown) => ({ data: JSON.stringify(data), headers: { 'Content-Type': 'application/json' } });

async function account(page: Page, prefix: string): Promise<{ request: APIRequestContext; username: string }> {
  const request = page.request;
  const username = uniqueName(prefix);
  expect((await request.post('/user/signup', json({ username, password: PASSWORD }))).status()).toBe(200);
  return { request, username };
}

/** The lines a piece of text takes on screen (one rectangle per line box). */
const lines = (locator: Locator) =>
  locator.evaluate((el) => {
    const range = document.createRange();
    range.selectNodeContents(el);
    return new Set([...range.getClientRects()].filter((r) => r.width > 0).map((r) => Math.round(r.top))).size;
  });

test.describe('at 390 px', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('the header is one row; the search button shows both search boxes, and a search works', async ({
    page,
  }, info) => {
    await account(page, 'hdr');
    await page.goto('/home');
    const banner = page.getByRole('banner');
    expect((await banner.boundingBox())!.height).toBeLessThanOrEqual(64);
    for (const name of ['Log out', 'View Profile'])
      await expect(banner.getByRole(name === 'Log out' ? 'button' : 'link', { name })).toBeInViewport();
    const box = page.getByRole('searchbox', { name: 'Search questions' });
    await expect(box).toBeHidden();
    await page.locator('.search-toggle').click();
    await expect(box).toBeInViewport();
    await expect(page.getByRole('combobox', { name: 'Search by meaning' })).toBeInViewport();
    await box.fill('postgresql');
    await box.press('Enter');
    await expect(page).toHaveURL(/\/home\?search=postgresql$/);
    await expect(page.getByRole('heading', { name: 'Search Results' })).toBeVisible();
    if (jsEnabled(info.project.name)) await expect(box).toBeHidden();
  });

  test('the login heading keeps "FakeStackOverflow!" whole; order buttons share one row; titles fit', async ({
    page,
  }) => {
    await page.goto('/');
    const heading = page.getByRole('heading', { name: 'Welcome to FakeStackOverflow!' });
    expect(await lines(heading)).toBe(2);
    await account(page, 'ord');
    await page.goto('/home');
    const tops = await page
      .locator('.order-buttons .button')
      .evaluateAll((els) => els.map((e) => Math.round(e.getBoundingClientRect().top)));
    expect(new Set(tops).size).toBe(1);
    const size = await page
      .getByRole('heading', { name: 'All Questions' })
      .evaluate((e) => parseFloat(getComputedStyle(e).fontSize));
    expect(size).toBeLessThanOrEqual(24);
  });

  test('the biography Edit button, the answers badge and the comment placeholder keep their words', async ({
    page,
  }) => {
    const me = await account(page, 'bio');
    const bio = 'A biography long enough to fill the line beside the Edit button several times over. '.repeat(4);
    expect(
      (await me.request.patch('/user/updateBiography', json({ username: me.username, biography: bio }))).status(),
    ).toBe(200);
    await page.goto(`/user/${me.username}`);
    expect(await lines(page.getByRole('link', { name: 'Edit', exact: true }))).toBe(1);

    const asked = await me.request.post(
      '/question/addQuestion',
      json({
        title: `Where does the badge end? ${me.username}`,
        text: 'Two answers, one accepted.',
        tags: [{ name: 'layout' }],
        askedBy: me.username,
      }),
    );
    const qid = (await asked.json())._id as string;
    const otherPage = await page.context().browser()!.newPage();
    const other = await account(otherPage, 'ans');
    for (const text of ['First answer here.', 'Second answer here.'])
      expect(
        (await other.request.post('/answer/addAnswer', json({ qid, ans: { text, ansBy: other.username } }))).status(),
      ).toBe(200);
    await otherPage.close();
    await page.goto(`/question/${qid}`);
    await page.getByRole('button', { name: 'Accept this answer' }).first().click();
    await expect(page.getByRole('button', { name: 'Unaccept this answer' })).toBeVisible();
    await page.goto('/home');
    const summary = page.locator('.question-summary').filter({ hasText: `Where does the badge end? ${me.username}` });
    const badge = summary.locator('.answers-stat');
    await expect(badge).toHaveText('✓ 2 answers');
    expect(await lines(badge)).toBe(1);
    const [b, column] = [await badge.boundingBox(), await summary.locator('.stats').boundingBox()];
    expect(b!.x + b!.width).toBeLessThanOrEqual(column!.x + column!.width + 0.5);

    await page.goto(`/question/${qid}`);
    const input = page.getByLabel('Add a comment to this question');
    const [textWidth, boxWidth] = await input.evaluate((el: HTMLInputElement) => {
      const style = getComputedStyle(el);
      const context = document.createElement('canvas').getContext('2d')!;
      context.font = `${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
      const padding = parseFloat(style.paddingLeft) + parseFloat(style.paddingRight);
      return [context.measureText(el.placeholder).width, el.clientWidth - padding];
    });
    expect(textWidth).toBeLessThanOrEqual(boxWidth);
  });

  test("a game's move list shows two-digit numbers whole", async ({ page, browser }) => {
    const ann = await account(page, 'mover');
    const bobPage = await browser.newPage();
    const bob = await account(bobPage, 'other');
    const game = await (await ann.request.post('/games/create', json({ gameType: 'Nim' }))).json();
    expect(
      (await bob.request.post('/games/join', json({ gameID: game.gameID, playerID: bob.username }))).status(),
    ).toBe(200);
    for (let i = 0; i < 11; i++) {
      const mover = i % 2 === 0 ? ann : bob;
      const moved = await mover.request.post(`/games/${game.gameID}`, {
        form: { intent: 'move', numObjects: '1' },
        maxRedirects: 0,
      });
      expect(moved.status()).toBe(302);
    }
    await page.goto(`/games/${game.gameID}`);
    const list = page.getByTestId('move-history');
    await expect(list.getByRole('listitem')).toHaveCount(11);
    // The markers sit in the list's left padding, which must hold "11." in the list's font.
    const [marker, padding] = await list.evaluate((el) => {
      const style = getComputedStyle(el);
      const context = document.createElement('canvas').getContext('2d')!;
      context.font = `${style.fontSize} ${style.fontFamily}`;
      return [context.measureText('11. ').width, parseFloat(style.paddingLeft)];
    });
    expect(marker).toBeLessThanOrEqual(padding);
    await bobPage.close();
  });

  test('an open direct chat comes before the panel to start another', async ({ page, browser }) => {
    const me = await account(page, 'dm');
    const otherPage = await browser.newPage();
    const other = await account(otherPage, 'peer');
    const chat = await (
      await me.request.post('/chat/createChat', json({ participants: [me.username, other.username], messages: [] }))
    ).json();
    await page.goto(`/messaging/direct-message?chat=${chat._id}`);
    const conversation = await page.getByRole('heading', { name: `Chat with ${other.username}` }).boundingBox();
    const start = await page.getByRole('heading', { name: 'Start a Chat' }).boundingBox();
    expect(conversation!.y).toBeLessThan(start!.y);
    await otherPage.close();
  });
});

test('at 1280 px the header shows both search boxes and the words Log out and View Profile', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await account(page, 'wide');
  await page.goto('/home');
  await expect(page.getByRole('searchbox', { name: 'Search questions' })).toBeVisible();
  await expect(page.getByRole('combobox', { name: 'Search by meaning' })).toBeVisible();
  await expect(page.locator('.search-toggle')).toBeHidden();
  await expect(page.getByRole('banner').getByText('Log out', { exact: true })).toBeVisible();
  await expect(page.getByRole('banner').getByText('View Profile', { exact: true })).toBeVisible();
});
