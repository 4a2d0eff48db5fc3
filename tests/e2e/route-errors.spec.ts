/**
 * The one error screen (components/RouteError.tsx), with and without JavaScript: a missing
 * question, user or game answers 404 and says what was not found, inside the site's layout,
 * whose header and side menu still work; so does an address no screen matches (issue 42).
 */
import { expect, test, type Page } from '@playwright/test';
import { MSG } from '@fso/shared';
import { apiUser, signUp, uniqueName } from './fixtures.ts';

async function expectNotFound(page: Page, text: string) {
  await expect(page.getByRole('heading', { level: 1, name: 'Page not found' })).toBeVisible();
  await expect(page.getByRole('main').getByRole('alert')).toHaveText(text);
  await expect(page.getByRole('banner').getByRole('button', { name: 'Log out' })).toBeVisible();
}

test('a missing question, user or game answers 404, says what was not found, and the header and menu stay usable', async ({
  page,
}) => {
  await signUp(page, uniqueName('missing'));
  for (const [path, text, back] of [
    ['/question/999999999', MSG.questionNotFound, 'Back to the questions'],
    ['/user/no-such-person-here', MSG.noUserData, 'Back to the users'],
    ['/games/999999999', MSG.gameNotFound, 'Back to the games'],
  ] as const) {
    const response = await page.goto(path);
    expect(response?.status(), path).toBe(404);
    await expectNotFound(page, text);
    await expect(page.getByRole('main').getByRole('link', { name: back })).toBeVisible();
  }
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Tags' }).click();
  await expect(page).toHaveURL(/\/tags$/);
  await expect(page.getByRole('heading', { name: 'Page not found' })).toHaveCount(0);
});

test('following a link to a question deleted meanwhile shows the same 404 screen', async ({
  page,
  playwright,
  baseURL,
}) => {
  // Another user's question: its author would see it deleted, with Undelete (issue 42).
  const asker = await apiUser(playwright, baseURL, 'gone');
  const title = `Soon gone ${asker.username}`;
  const added = await asker.api.post('/question/addQuestion', {
    data: { title, text: 'Deleted before anyone opens it.', tags: [{ name: 'e2e' }], askedBy: asker.username },
  });
  expect(added.status()).toBe(200);
  const { _id } = (await added.json()) as { _id: string };
  await signUp(page, uniqueName('reader'));
  // The profile's list is not live (on /home, with JavaScript, the deleted row leaves the list at once).
  await page.goto(`/user/${asker.username}`);
  const link = page.getByRole('link', { name: title });
  await expect(link).toBeVisible();
  expect((await asker.api.delete(`/question/deleteQuestion/${_id}`)).status()).toBe(200);
  await asker.api.dispose();
  await link.click();
  await expect(page).toHaveURL(new RegExp(`/question/${_id}$`));
  await expectNotFound(page, MSG.questionNotFound);
});

test('an address no screen matches answers 404 inside the layout, with a way back', async ({ page }) => {
  for (const path of ['/nonexistent', '/no-such-screen/here']) {
    const response = await page.goto(path);
    expect(response?.status(), path).toBe(404);
    await expect(page.getByRole('heading', { level: 1, name: 'Page not found' })).toBeVisible();
    await expect(page.getByRole('main').getByRole('alert')).toHaveText('There is nothing at this address.');
    await expect(page.getByRole('banner').getByRole('link', { name: 'Log in' })).toBeVisible();
    await expect(page.getByRole('navigation', { name: 'Main' })).toBeAttached();
  }
  await signUp(page, uniqueName('lost'));
  await page.goto('/nonexistent');
  await expectNotFound(page, 'There is nothing at this address.');
  await page.getByRole('main').getByRole('link', { name: 'Back to the questions' }).click();
  await expect(page).toHaveURL(/\/home$/);
});

test('signed out, any game address goes to sign in, a malformed one as a missing one', async ({ page }) => {
  for (const path of ['/games/99999', '/games/abc']) {
    await page.goto(path);
    await expect(page.getByRole('heading', { name: 'Welcome to FakeStackOverflow!' }), path).toBeVisible();
  }
});
