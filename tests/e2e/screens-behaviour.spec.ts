/**
 * What issue 18 changed in how the screens behave, with and without JavaScript: the phone's Menu
 * button, the remembered theme (rendered by the server, so no flash), the skip link, Sign up
 * for visitors, plurals, a page past the end, a blank search by meaning, the delete dialog,
 * and the direct-message composer that waits for a chat.
 */
import { expect, test } from '@playwright/test';
import { jsEnabled, signUp, uniqueName } from './fixtures.ts';

test('on a phone the side menu opens from the Menu button and nothing is off-screen', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await signUp(page, uniqueName('phone'));
  const games = page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Games' });
  await expect(games).toBeHidden();
  for (const name of ['Log out', 'View Profile'])
    await expect(
      page.getByRole('banner').getByRole(/Log out/.test(name) ? 'button' : 'link', { name }),
    ).toBeInViewport();
  await page.locator('.search-toggle').click();
  await expect(page.getByRole('combobox', { name: 'Search by meaning' })).toBeInViewport();
  await page.locator('.menu-fold > summary').click();
  await games.click();
  await expect(page).toHaveURL(/\/games$/);
  await expect(page.getByRole('heading', { name: 'Games' })).toBeVisible();
  await page.getByRole('button', { name: 'Log out' }).click();
  await expect(page.getByRole('heading', { name: 'Welcome to FakeStackOverflow!' })).toBeVisible();
});

test('the side menu highlights the section a page belongs to: a question under Questions, a profile under Users', async ({
  page,
}) => {
  const name = uniqueName('menu');
  await signUp(page, name);
  const menu = page.getByRole('navigation', { name: 'Main' });
  const active = menu.locator('.menu-link.active');
  await page.goto('/new/question');
  await expect(active).toHaveText(['Questions']);
  const asked = await page.request.post('/question/addQuestion', {
    data: JSON.stringify({
      title: 'Which section is this page in?',
      text: 'The menu should say.',
      tags: [{ name: 'menu' }],
      askedBy: name,
    }),
    headers: { 'Content-Type': 'application/json' },
  });
  expect(asked.status()).toBe(200);
  await page.goto(`/question/${(await asked.json())._id}`);
  await expect(page.getByRole('heading', { name: 'Which section is this page in?' })).toBeVisible();
  await expect(active).toHaveText(['Questions']);
  await page.goto(`/user/${name}`);
  await expect(active).toHaveText(['Users']);
  await page.goto('/tags');
  await expect(active).toHaveText(['Tags']);
});

test('the theme follows the system until chosen, then the server renders the choice', async ({ page, browser }) => {
  await page.emulateMedia({ colorScheme: 'dark' });
  await page.goto('/home');
  const background = () => page.evaluate(() => getComputedStyle(document.body).backgroundColor);
  expect(await background()).toBe('rgb(24, 25, 26)');
  await page.getByRole('button', { name: 'Light theme' }).click();
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'light');
  await expect(page).toHaveURL(/\/home$/);
  expect(await background()).toBe('rgb(255, 255, 255)');
  // The first byte already names the theme.
  expect(await (await page.request.get('/tags')).text()).toContain('<html lang="en" data-theme="light">');
  await page.getByRole('button', { name: 'Dark theme' }).click();
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
  expect(await background()).toBe('rgb(24, 25, 26)');
  const fresh = await browser.newContext({
    colorScheme: 'light',
    javaScriptEnabled: jsEnabled(test.info().project.name),
  });
  const other = await fresh.newPage();
  await other.goto('/');
  expect(await other.evaluate(() => getComputedStyle(document.body).backgroundColor)).toBe('rgb(255, 255, 255)');
  await fresh.close();
});

test('visitors get Sign up; a skip link leads to the content; a page past the end leads back', async ({ page }) => {
  await page.goto('/home?page=999');
  await expect(page.getByRole('banner').getByRole('link', { name: 'Sign up' })).toHaveAttribute('href', '/signup');
  await expect(page.getByText('No Questions Found')).toHaveCount(0);
  await expect(page.getByRole('status')).toContainText(/There is no page 999: this list has \d+ pages?\./);
  await page.getByRole('link', { name: /^Go to page \d+$/ }).click();
  await expect(page.locator('.question-title').first()).toBeVisible();
  await page.goto('/tags');
  await page.keyboard.press('Tab');
  const skip = page.getByRole('link', { name: 'Skip to main content' });
  await expect(skip).toBeFocused();
  await expect(skip).toBeInViewport();
  await skip.press('Enter');
  await expect(page).toHaveURL(/#main$/);
});

test('counts read "1 answer" and group thousands; a blank search by meaning shows the hint', async ({ page }) => {
  await signUp(page, uniqueName('count'));
  await page.goto('/search?text=');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Search by meaning');
  await expect(
    page.getByText('Hint: hit the search icon or your enter key to search with natural language!'),
  ).toBeVisible();
  await page.goto(`/home?search=${encodeURIComponent('PostgreSQL full-text search ignore word endings')}`);
  await expect(
    page.getByRole('navigation', { name: 'Order' }).getByRole('link', { name: 'Relevance' }),
  ).toHaveAttribute('aria-current', 'true');
  await expect(page.locator('#question-count')).toHaveText(/^1 question$/);
  await expect(page.locator('.question-summary').first().locator('.stats span').nth(1)).toHaveText('1 answer');
});

test('the delete dialog keeps focus inside and cancels with Escape', async ({ page, javaScriptEnabled }) => {
  const name = uniqueName('dialog');
  await signUp(page, name);
  await page.goto(`/user/${name}`);
  await page.getByRole('link', { name: 'Delete This User' }).click();
  const dialog = page.getByRole('dialog', { name: `Delete ${name}?` });
  await expect(dialog).toBeVisible();
  if (!javaScriptEnabled) return;
  // Focus is inside the dialog and stays there.
  for (let i = 0; i < 4; i++) {
    await page.keyboard.press('Tab');
    expect(await dialog.evaluate((d) => d.contains(document.activeElement))).toBe(true);
  }
  await page.keyboard.press('Escape');
  await expect(dialog).toHaveCount(0);
  await expect(page).toHaveURL(new RegExp(`/user/${name}$`));
});

test('with no chat selected the composer says "Select a chat first"; choosing one turns it on', async ({ page }) => {
  await signUp(page, uniqueName('dm'));
  await page.goto('/messaging/direct-message');
  await expect(page.getByRole('textbox', { name: 'Message' })).toBeDisabled();
  await expect(page.getByText('Select a chat first')).toBeVisible();
  await page.getByRole('radio', { name: 'alice', exact: true }).check();
  await page.getByRole('button', { name: 'Create Chat' }).click();
  await expect(page.getByRole('heading', { name: 'Chat with alice' })).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'Message' })).toBeEnabled();
  await expect(page.getByText('Select a chat first')).toHaveCount(0);
});
