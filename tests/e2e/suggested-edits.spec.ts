/**
 * Suggested edits (issue 41), with and without JavaScript: a new user edits someone else's
 * question from its page; the edit waits (the page says so, visitors still read the old text);
 * the moderator dana approves it from /review's "Suggested edits" tab and the question shows it,
 * and the suggester reads the approval in their inbox. A rejection needs a reason and is told too.
 */
import { expect, test, type Page } from '@playwright/test';
import { SUGGEST_MSG } from '@fso/shared';
import { apiUser, askOverApi, logIn, logOut, signUp, uniqueName } from './fixtures.ts';

/** Signs in and waits for the question list. */
async function signIn(page: Page, username: string, password?: string) {
  await logIn(page, username, password);
  await expect(page).toHaveURL(/\/home/);
}

async function suggest(page: Page, qid: string, text: string) {
  await page.goto(`/question/${qid}`);
  await page.getByRole('link', { name: 'Edit question' }).click();
  await expect(page.getByRole('heading', { name: 'Suggest an Edit' })).toBeVisible();
  await page.getByLabel('Question Text').fill(text);
  await page.getByRole('button', { name: 'Suggest Edit' }).click();
  await expect(page.getByText(SUGGEST_MSG.submitted)).toBeVisible();
}

test('a new user’s edit waits for review; a moderator approves one and rejects another', async ({
  page,
  playwright,
  baseURL,
}) => {
  const asker = await apiUser(playwright, baseURL, 'asker');
  const title = `Suggest here ${uniqueName('t')}`;
  const qid = await askOverApi(asker, title, 'Teh original text of the question');
  const editor = uniqueName('editor');
  await signUp(page, editor);
  await suggest(page, qid, 'The corrected text of the question');
  await logOut(page);
  await page.goto(`/question/${qid}`);
  await expect(page.getByText('Teh original text of the question')).toBeVisible();

  await signIn(page, 'dana', 'fakestack123');
  await page.goto('/review?tab=suggested');
  await expect(page.getByRole('link', { name: 'Suggested edits' })).toHaveAttribute('aria-current', 'page');
  const item = page.locator('.review-item', { hasText: title });
  await expect(item).toContainText(`suggested by ${editor}`);
  await expect(item.locator('ins', { hasText: 'corrected' })).toBeVisible();
  await item.getByRole('button', { name: 'Approve edit' }).click();
  await expect(page.locator('.review-item', { hasText: title })).toHaveCount(0);
  await page.goto(`/question/${qid}`);
  await expect(page.getByText('The corrected text of the question')).toBeVisible();
  await logOut(page);

  await signIn(page, editor);
  await page.goto('/notifications');
  await expect(page.getByText(`dana ${SUGGEST_MSG.approvedNotice}`)).toBeVisible();
  await suggest(page, qid, 'Buy cheap pills at my shop');
  await logOut(page);

  await signIn(page, 'dana', 'fakestack123');
  await page.goto('/review?tab=suggested');
  const spam = page.locator('.review-item', { hasText: title });
  await spam.getByRole('button', { name: 'Reject edit' }).click();
  await expect(page.locator('.review-item', { hasText: title })).toContainText(SUGGEST_MSG.reasonNeeded);
  await page.locator('.review-item', { hasText: title }).getByLabel('Reason to reject').fill('Adds spam');
  await page.locator('.review-item', { hasText: title }).getByRole('button', { name: 'Reject edit' }).click();
  await expect(page.locator('.review-item', { hasText: title })).toHaveCount(0);
  await logOut(page);
  await signIn(page, editor);
  await page.goto('/notifications');
  await expect(page.getByText(`dana ${SUGGEST_MSG.rejectedNotice}: Adds spam`)).toBeVisible();
  await page.goto(`/question/${qid}`);
  await expect(page.getByText('The corrected text of the question')).toBeVisible();
});
