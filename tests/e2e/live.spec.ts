/** Live behaviour that needs JavaScript: userUpdate across browsers, the socket state, the toggles. */
import { expect, test } from '@playwright/test';
import { gotoConnected, RECONNECTED_WITHIN, signUp, socketSwitch, uniqueName } from './fixtures.ts';

test.skip(({ javaScriptEnabled }) => !javaScriptEnabled, 'live updates need JavaScript');

test('a second browser sees a new sign-up (offered in a bar) and a deletion on /users without reloading', async ({
  page,
  browser,
}) => {
  await signUp(page, uniqueName('watcher'));
  // The sign-up below must come after this page's socket is connected, or it has no one to tell.
  await gotoConnected(page, '/users?sort=new');
  const other = await browser.newContext();
  const otherPage = await other.newPage();
  const newcomer = uniqueName('a');
  await signUp(otherPage, newcomer);
  // The list does not move under the reader: a bar offers the new users (others may sign up too).
  await page.getByRole('button', { name: /new users? — show$/ }).click();
  await expect(page.getByRole('link', { name: newcomer })).toBeVisible();
  await otherPage.goto(`/user/${newcomer}?confirm=delete`);
  await otherPage.getByRole('button', { name: 'Confirm', exact: true }).click();
  await expect(page.getByRole('link', { name: newcomer })).toHaveCount(0);
  await other.close();
});

test('logging out in one tab sends the other tab of that session back to login', async ({ page, context }) => {
  await signUp(page, uniqueName());
  const second = await context.newPage();
  await second.goto('/users');
  await expect(second.getByRole('heading', { name: 'Users List' })).toBeVisible();
  await page.getByRole('button', { name: 'Log out' }).click();
  await expect(second.getByRole('heading', { name: 'Welcome to FakeStackOverflow!' })).toBeVisible();
});

test('the page says it is reconnecting while the socket is down', async ({ page }) => {
  const socket = await socketSwitch(page);
  await signUp(page, uniqueName());
  await expect(page.getByRole('status').filter({ hasText: /live updates/ })).toHaveCount(0);
  await socket.cut();
  await expect(page.getByText(/Reconnecting to live updates/)).toBeVisible({ timeout: 15_000 });
  socket.restore();
  await expect(page.getByText(/Reconnecting to live updates/)).toHaveCount(0, { timeout: RECONNECTED_WITHIN });
});

test('show password reveals the password and Messaging flips its sub-list', async ({ page }) => {
  await page.goto('/');
  const field = page.getByLabel('Password', { exact: true });
  await page.getByLabel('Show password').check();
  await expect(field).toHaveAttribute('type', 'text');
  await signUp(page, uniqueName());
  await expect(page.getByRole('link', { name: 'Global Messages' })).toBeHidden();
  await page.getByText('Messaging', { exact: true }).click();
  await expect(page.getByRole('link', { name: 'Global Messages' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Direct Messages' })).toBeVisible();
  await page.getByText('Messaging', { exact: true }).click();
  await expect(page.getByRole('link', { name: 'Global Messages' })).toBeHidden();
});
