/**
 * `/users` as on Stack Overflow (issue 42): highest reputation first, a switch to the newest
 * members or names, identicons, "member for N", numbered pages of 12, 36 or 72. With and without
 * JavaScript (plain links and a GET form).
 */
import { expect, test, type Page } from '@playwright/test';
import { apiUser, askOverApi, json, signUp, uniqueName } from './fixtures.ts';

const cards = (page: Page) => page.getByRole('list', { name: 'Users' }).getByRole('listitem');
const reputations = async (page: Page) =>
  (await cards(page).locator('.reputation').allTextContents()).map((t) => Number(t.replace(/,/g, '')));

test('users are listed by reputation, then newest or by name, each with an identicon and "member for"', async ({
  page,
  playwright,
  baseURL,
}) => {
  const asker = await apiUser(playwright, baseURL, 'rep');
  const qid = await askOverApi(asker, `Worth an upvote ${asker.username}`);
  const me = uniqueName('lister');
  await signUp(page, me);
  expect((await page.request.post('/question/upvoteQuestion', json({ qid, username: me }))).status()).toBe(200);

  await page.goto('/users');
  await expect(page.getByRole('link', { name: 'Reputation' })).toHaveAttribute('aria-current', 'true');
  const shown = await reputations(page);
  expect(shown.length).toBeGreaterThan(1);
  expect(shown).toEqual([...shown].sort((a, b) => b - a));

  await page.getByRole('link', { name: 'New users' }).click();
  await expect(page).toHaveURL(/\/users\?sort=new$/);
  const newest = cards(page).first();
  await expect(newest.getByRole('link', { name: me })).toBeVisible();
  await expect(newest).toContainText('member for less than a day');
  await expect(newest.locator('img')).toHaveAttribute('src', `/avatar/${me}`);

  await page.getByRole('link', { name: 'Name', exact: true }).click();
  await expect(page).toHaveURL(/\/users\?sort=name$/);
  const names = await cards(page).getByRole('link').allTextContents();
  expect(names).toEqual([...names].sort((a, b) => a.toLowerCase().localeCompare(b.toLowerCase(), 'en')));

  // The filter keeps the sort; the asker's upvote shows as 11 reputation.
  await page.goto(`/users?sort=new&filter=${asker.username}`);
  await expect(cards(page)).toHaveCount(1);
  await expect(cards(page).first()).toContainText('11');
  await expect(page.getByRole('link', { name: 'New users' })).toHaveAttribute('aria-current', 'true');
});

test('the users list pages by number, 12, 36 or 72 a page', async ({ page, playwright, baseURL }) => {
  await signUp(page, uniqueName('pager'));
  // Two pages of 12 at least, whatever ran before.
  const total = Number((await page.request.get('/user/getUsers?limit=1')).headers()['x-total-count']);
  for (let n = total; n < 13; n++) await apiUser(playwright, baseURL, 'pager');
  await page.goto('/users?sort=new');
  await expect(page.getByRole('navigation', { name: 'Users per page' }).getByText('36')).toHaveAttribute(
    'aria-current',
    'true',
  );
  await page.getByRole('link', { name: '12 per page' }).click();
  await expect(page).toHaveURL(/\/users\?sort=new&pagesize=12$/);
  await expect(cards(page)).toHaveCount(12);
  const first = await cards(page).getByRole('link').allTextContents();
  await page.getByRole('navigation', { name: 'Pages' }).getByRole('link', { name: 'Page 2', exact: true }).click();
  await expect(page).toHaveURL(/\/users\?sort=new&pagesize=12&page=2$/);
  await expect(page.getByRole('navigation', { name: 'Pages' }).getByText('2', { exact: true })).toHaveAttribute(
    'aria-current',
    'page',
  );
  const second = await cards(page).getByRole('link').allTextContents();
  expect(second.filter((name) => first.includes(name))).toEqual([]);
  await page.getByRole('link', { name: 'Previous' }).click();
  await expect(page).toHaveURL(/\/users\?sort=new&pagesize=12$/);
  // An unknown size or sort is the default, not an error.
  await page.goto('/users?pagesize=5&sort=sideways');
  await expect(page.getByRole('link', { name: 'Reputation' })).toHaveAttribute('aria-current', 'true');
  await expect(cards(page)).not.toHaveCount(0);
});

test("identicons: one picture per name, on the profile and beside a post's author", async ({
  page,
  playwright,
  baseURL,
}) => {
  const asker = await apiUser(playwright, baseURL, 'face');
  const qid = await askOverApi(asker, `Who asked this ${asker.username}`);
  const svg = await page.request.get(`/avatar/${asker.username}`);
  expect(svg.status()).toBe(200);
  expect(svg.headers()['content-type']).toBe('image/svg+xml');
  expect(await svg.text()).toMatch(/^<svg /);
  expect(await (await page.request.get(`/avatar/${asker.username.toUpperCase()}`)).text()).toBe(await svg.text());
  expect(await (await page.request.get('/avatar/alice')).text()).not.toBe(await svg.text());

  await signUp(page, uniqueName('viewer'));
  await page.goto(`/question/${qid}`);
  const byline = page.locator('.question-byline');
  await expect(byline.locator('img')).toHaveAttribute('src', `/avatar/${asker.username}`);
  await page.goto(`/user/${asker.username}`);
  await expect(page.getByRole('heading', { name: asker.username }).locator('img')).toHaveAttribute(
    'src',
    `/avatar/${asker.username}`,
  );
  await expect(page.getByText(/member for less than a day/)).toBeVisible();
});
