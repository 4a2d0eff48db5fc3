/**
 * The revisions page (issue 39 item 2): a post's edits 20 a page, newest first, with plain
 * Previous / Next links that work with and without JavaScript; each edit shows its word diff.
 */
import { expect, test } from '@playwright/test';
import { signUp, uniqueName } from './fixtures.ts';

const json = (data: unknown) => ({ data: JSON.stringify(data), headers: { 'Content-Type': 'application/json' } });

test('pages through 21 edits, newest first, 20 a page', async ({ page }) => {
  test.slow(); // 22 writes before the page is read
  const username = uniqueName('editor');
  await signUp(page, username);
  const body = (n: number) => ({
    title: 'An often edited question',
    text: `Version ${n} of the text.`,
    tags: ['edits'],
  });
  const asked = await page.request.post('/question/addQuestion', json({ ...body(0), askedBy: username }));
  expect(asked.status()).toBe(200);
  const qid = ((await asked.json()) as { _id: string })._id;
  for (let n = 1; n <= 21; n++)
    expect((await page.request.patch(`/question/editQuestion/${qid}`, json(body(n)))).status()).toBe(200);

  await page.goto(`/revisions/question/${qid}`);
  await expect(page.getByRole('heading', { name: 'Revisions' })).toBeVisible();
  await expect(page.getByText('21 edits')).toBeVisible();
  const revisions = page.locator('.revision');
  await expect(revisions).toHaveCount(20);
  await expect(revisions.first().locator('del')).toHaveText(['20']);
  await expect(revisions.first().locator('ins')).toHaveText(['21']);
  await expect(page.getByText('Page 1 of 2')).toBeVisible();

  await page.getByRole('link', { name: 'Next' }).click();
  await expect(page).toHaveURL(new RegExp(`/revisions/question/${qid}\\?page=2$`));
  await expect(page.getByText('Page 2 of 2')).toBeVisible();
  await expect(revisions).toHaveCount(1);
  await expect(revisions.first()).toContainText(username);
  await expect(revisions.first().locator('del')).toHaveText(['0']);
  await expect(revisions.first().locator('ins')).toHaveText(['1']);

  await page.getByRole('link', { name: 'Previous' }).click();
  await expect(page).toHaveURL(new RegExp(`/revisions/question/${qid}$`));
  await expect(revisions).toHaveCount(20);
});
