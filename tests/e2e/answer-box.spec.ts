/**
 * Issue 42: the answer box under the question, with the question in view, and the answer form at
 * /new/answer/:qid showing the question being answered; with and without JavaScript.
 */
import { expect, test } from '@playwright/test';
import { apiUser, askOverApi, jsEnabled, signUp, uniqueName } from './fixtures.ts';

test('the answer box under the question posts an answer and comes back to it', async ({
  page,
  playwright,
  baseURL,
}, info) => {
  const asker = await apiUser(playwright, baseURL, 'asker');
  const title = `Answered in place ${uniqueName('q')}`;
  const qid = await askOverApi(asker, title, 'Can I answer **right here**?');
  await signUp(page, uniqueName('answerer'));
  await page.goto(`/question/${qid}`);
  const box = page.getByRole('region', { name: 'Your Answer' });
  await expect(page.getByRole('heading', { name: title })).toBeVisible();

  await box.getByRole('button', { name: 'Post Answer' }).click();
  await expect(page.getByText('Answer text cannot be empty')).toBeVisible();
  if (jsEnabled(info.project.name)) {
    // Refused in place: still on the question.
    await expect(page).toHaveURL(new RegExp(`/question/${qid}$`));
  } else {
    // Without JavaScript the refusal lands on the answer form, which shows the question too.
    await expect(page).toHaveURL(new RegExp(`/new/answer/${qid}$`));
    await expect(page.getByRole('link', { name: title })).toBeVisible();
    await page.goto(`/question/${qid}`);
  }

  await box.getByLabel('Answer Text').fill('Yes: type it *here*.');
  await box.getByRole('button', { name: 'Post Answer' }).click();
  await expect(page).toHaveURL(new RegExp(`/question/${qid}\\?answer=(\\d+)#answer-\\1$`));
  await expect(page.getByRole('heading', { name: '1 Answer' })).toBeVisible();
  await expect(page.locator('.answer em')).toHaveText('here');
  await expect(box.getByLabel('Answer Text')).toHaveValue('');
  await expect(box.getByRole('region', { name: 'Preview' })).toHaveCount(0);
  await asker.api.dispose();
});

test('the answer form shows the question being answered', async ({ page, playwright, baseURL }) => {
  const asker = await apiUser(playwright, baseURL, 'asker');
  const title = `Shown above the form ${uniqueName('q')}`;
  const qid = await askOverApi(asker, title, 'The body says **this**.');
  await signUp(page, uniqueName('answerer'));
  await page.goto(`/question/${qid}`);
  await page.getByRole('link', { name: 'Answer Question' }).click();
  await expect(page).toHaveURL(new RegExp(`/new/answer/${qid}$`));
  const shown = page.getByRole('region', { name: title });
  await expect(shown.getByRole('link', { name: title })).toHaveAttribute('href', `/question/${qid}`);
  await expect(shown.locator('strong')).toHaveText('this');
  await expect(shown.getByRole('link', { name: asker.username })).toBeVisible();
  await page.getByLabel('Answer Text').fill('Answered from the form.');
  await page.getByRole('button', { name: 'Post Answer' }).click();
  await expect(page).toHaveURL(new RegExp(`/question/${qid}\\?answer=(\\d+)#answer-\\1$`));
  await expect(page.locator('.answer').getByText('Answered from the form.')).toBeVisible();
  await page.goto('/new/answer/999999999');
  await expect(page.getByText('Question not found')).toBeVisible();
  await asker.api.dispose();
});

test('visitors see a link to log in instead of the answer box', async ({ page, playwright, baseURL }) => {
  const asker = await apiUser(playwright, baseURL, 'asker');
  const qid = await askOverApi(asker, `Visitors answer? ${uniqueName('q')}`);
  await page.goto(`/question/${qid}`);
  const box = page.getByRole('region', { name: 'Your Answer' });
  await expect(box.getByLabel('Answer Text')).toHaveCount(0);
  await box.getByRole('link', { name: 'Log in' }).click();
  await expect(page).toHaveURL(`/?redirectTo=${encodeURIComponent(`/question/${qid}`)}`);
  await asker.api.dispose();
});
