/**
 * Undeleting one's own posts (issue 42, docs/decisions/0096), with and without JavaScript: after
 * deleting an answer its author still sees it, tinted, with a "Deleted" notice and Undelete, and
 * nobody else does; Undelete brings it back with its votes. A deleted question is the same at its
 * own address for its asker, and "Question not found" for everybody else.
 */
import { expect, test, type Browser } from '@playwright/test';
import { apiUser, json, signUp, uniqueName } from './fixtures.ts';

async function otherViewer(browser: Browser, javaScriptEnabled: boolean) {
  const context = await browser.newContext({ javaScriptEnabled });
  const page = await context.newPage();
  await signUp(page, uniqueName('viewer'));
  return page;
}

test('an author undeletes their answer, then their question; nobody else sees them deleted', async ({
  page,
  browser,
  javaScriptEnabled,
  playwright,
  baseURL,
}) => {
  test.slow();
  const me = uniqueName('undel');
  await signUp(page, me);
  const title = `Back again ${uniqueName('t')}`;
  await page.goto('/new/question');
  await page.getByLabel('Question Title').fill(title);
  await page.getByLabel('Question Text').fill('Will it come back?');
  await page.getByLabel('Tags').fill('undeleting');
  await page.getByRole('button', { name: 'Post Question' }).click();
  await expect(page).toHaveURL(/\/home$/, { timeout: 20_000 });
  await page.getByRole('link', { name: title }).click();
  await expect(page).toHaveURL(/\/question\/\d+$/);
  const questionUrl = page.url();
  const qid = questionUrl.split('/').pop()!;
  await page.goto(`/new/answer/${qid}`);
  await page.getByLabel('Answer Text').fill('An answer I will regret.');
  await page.getByRole('button', { name: 'Post Answer' }).click();
  await expect(page.getByText('An answer I will regret.')).toBeVisible();
  // Somebody upvotes it: the vote comes back with it.
  const voter = await apiUser(playwright, baseURL, 'voter');
  const aid = (await (await voter.api.get(`/question/getQuestionById/${qid}`)).json()).answers[0]._id as string;
  expect((await voter.api.post('/answer/upvoteAnswer', json({ aid }))).status()).toBe(200);

  await page.goto(questionUrl);
  await page.getByRole('link', { name: 'Delete answer' }).click();
  await page
    .getByRole('dialog', { name: 'Delete this answer?' })
    .getByRole('button', { name: 'Delete answer' })
    .click();
  await expect(page.getByRole('status').filter({ hasText: 'Your answer was deleted.' })).toBeVisible();
  const deleted = page.getByRole('list', { name: 'Your deleted answers' }).getByRole('listitem');
  await expect(deleted).toContainText('An answer I will regret.');
  await expect(deleted).toContainText(
    /Deleted .* ago\. Only you can see this answer\. You can undelete it until \w{3} \d\d, \d{4}\./,
  );
  await expect(page.getByRole('heading', { name: '0 answers' })).toBeVisible();

  const other = await otherViewer(browser, javaScriptEnabled);
  await other.goto(questionUrl);
  await expect(other.getByRole('heading', { name: title })).toBeVisible();
  await expect(other.getByText('An answer I will regret.')).toHaveCount(0);
  await expect(other.getByRole('button', { name: /Undelete/ })).toHaveCount(0);
  expect((await voter.api.get(`/answer/getRevisions/${aid}`)).status()).toBe(404);

  await deleted.getByRole('button', { name: 'Undelete answer' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Your answer is back.' })).toBeVisible();
  await expect(page.getByRole('heading', { name: '1 answer' })).toBeVisible();
  const back = page.locator(`#answer-${aid}`);
  await expect(back).toContainText('An answer I will regret.');
  await expect(back.getByLabel('Answer score')).toHaveText('1');
  await expect(page.getByRole('list', { name: 'Your deleted answers' })).toHaveCount(0);

  // The question: its asker finds it at its address, greyed; everybody else finds nothing.
  await page.getByRole('link', { name: 'Delete question' }).click();
  await page
    .getByRole('dialog', { name: 'Delete this question?' })
    .getByRole('button', { name: 'Delete question' })
    .click();
  await expect(page.getByRole('status').filter({ hasText: 'Your question was deleted.' })).toBeVisible();
  await page.getByRole('link', { name: 'See it or undelete it' }).click();
  await expect(page).toHaveURL(questionUrl);
  await expect(page.getByRole('heading', { name: title })).toBeVisible();
  await expect(page.getByText('Only you can see this question.')).toBeVisible();
  await expect(page.getByText('Will it come back?')).toBeVisible();

  const missing = await other.goto(questionUrl);
  expect(missing?.status()).toBe(404);
  await expect(other.getByText('Question not found.').first()).toBeVisible();
  expect((await voter.api.get(`/question/getQuestionById/${qid}`)).status()).toBe(404);

  await page.getByRole('button', { name: 'Undelete question' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Your question is back.' })).toBeVisible();
  await expect(page.getByRole('heading', { name: '1 answer' })).toBeVisible();
  await expect(page.locator(`#answer-${aid}`)).toContainText('An answer I will regret.');
  await other.goto(questionUrl);
  await expect(other.getByRole('heading', { name: title })).toBeVisible();
  await expect(other.getByText('An answer I will regret.')).toBeVisible();
  await other.context().close();
  await voter.api.dispose();
});

test('undeleting what is not one’s own deleted post is a 404 with a message, changing nothing', async ({
  playwright,
  baseURL,
}) => {
  const asker = await apiUser(playwright, baseURL, 'asker');
  const qid = (
    await (
      await asker.api.post(
        '/question/addQuestion',
        json({ title: `Mine ${uniqueName('q')}`, text: 'Body', tags: [{ name: 'e2e' }], askedBy: asker.username }),
      )
    ).json()
  )._id as string;
  expect((await asker.api.delete(`/question/deleteQuestion/${qid}`)).status()).toBe(200);
  const thief = await apiUser(playwright, baseURL, 'thief');
  const form = { form: { intent: 'undelete', kind: 'question', post: qid }, maxRedirects: 0 };
  const refused = await thief.api.post(`/question/${qid}`, form);
  expect(refused.status()).toBe(404);
  expect(await refused.text()).toContain('There is no deleted post of yours here to undelete.');
  expect((await thief.api.get(`/question/getQuestionById/${qid}`)).status()).toBe(404);
  const bad = await asker.api.post(`/question/${qid}`, {
    form: { intent: 'undelete', kind: 'comment', post: qid },
    maxRedirects: 0,
  });
  expect(bad.status()).toBe(400);
  expect((await asker.api.post(`/question/${qid}`, form)).status()).toBe(302);
  expect((await thief.api.get(`/question/getQuestionById/${qid}`)).status()).toBe(200);
  await asker.api.dispose();
  await thief.api.dispose();
});
