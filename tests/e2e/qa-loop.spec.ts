/**
 * The Stack Overflow loop in two browsers, with and without JavaScript (issue 17): bob answers
 * alice's question; alice upvotes and accepts it; bob's reputation goes up by 25 and his profile
 * lists the answer with its score; alice edits her question and the revisions page shows the diff.
 */
import { expect, test, type Page } from '@playwright/test';
import { jsEnabled, signUp, uniqueName } from './fixtures.ts';
import { microdata, type MicroItem } from './microdata.ts';

async function reputationOf(page: Page, username: string): Promise<number> {
  await page.goto(`/user/${username}`);
  return Number(await page.locator('#reputation').textContent());
}

test('answer, upvote, accept, reputation, profile, edit and its revisions', async ({ page, browser }, info) => {
  test.slow(); // two browsers, a dozen page loads
  const alice = uniqueName('asker');
  const bob = uniqueName('answerer');
  await signUp(page, alice);
  const title = `Why does ${uniqueName('loop')} spin forever?`;
  await page.goto('/new/question');
  await page.getByLabel('Question Title').fill(title);
  await page.getByLabel('Question Text').fill('My loop never stops when the counter wraps.');
  await page.getByLabel('Tags').fill('loops');
  await page.getByRole('button', { name: 'Post Question' }).click();
  await page.getByRole('link', { name: title }).click();
  await expect(page).toHaveURL(/\/question\/\d+$/);
  const questionUrl = page.url();

  const other = await browser.newContext({ javaScriptEnabled: jsEnabled(info.project.name) });
  const bobPage = await other.newPage();
  await signUp(bobPage, bob);
  const before = await reputationOf(bobPage, bob);
  await bobPage.goto(questionUrl.replace('/question/', '/new/answer/'));
  await bobPage.getByLabel('Answer Text').fill('Use a wider counter type.');
  await bobPage.getByRole('button', { name: 'Post Answer' }).click();
  await expect(bobPage.getByText('Use a wider counter type.')).toBeVisible();
  // Bob cannot vote on his own answer: he sees its score and no arrows (issue 42).
  const own = bobPage.locator('.answer').filter({ hasText: 'Use a wider counter type.' });
  await expect(own.getByLabel('Answer score')).toHaveText('0');
  await expect(own.getByRole('button', { name: 'Vote up on this answer' })).toHaveCount(0);

  if (!jsEnabled(info.project.name)) await page.reload();
  const answer = page.locator('.answer').filter({ hasText: 'Use a wider counter type.' });
  await expect(answer).toBeVisible();
  await answer.getByRole('button', { name: 'Vote up on this answer' }).click();
  await expect(answer.getByLabel('Answer score')).toHaveText('1');
  await expect(answer.getByRole('button', { name: 'Vote up on this answer' })).toHaveAttribute('aria-pressed', 'true');
  await answer.getByRole('button', { name: 'Accept this answer' }).click();
  await expect(answer.getByRole('button', { name: 'Unaccept this answer' })).toHaveAttribute('aria-pressed', 'true');
  await expect(answer).toHaveClass(/accepted/);
  // The page's schema.org microdata marks the accepted answer with its score: live with JavaScript, after the action's reload without.
  const structured = async () => ((await microdata(page))[0]?.mainEntity as MicroItem[] | undefined)?.[0];
  await expect.poll(structured).toMatchObject({
    acceptedAnswer: [
      {
        '@type': 'https://schema.org/Answer',
        text: ['Use a wider counter type.'],
        upvoteCount: ['1'],
        author: [{ name: [bob] }],
      },
    ],
    upvoteCount: ['0'],
  });

  // With JavaScript bob's open page follows the vote and the accept live; without, a reload shows them.
  if (!jsEnabled(info.project.name)) await bobPage.goto(questionUrl);
  await expect(bobPage.getByRole('img', { name: 'Accepted answer' })).toBeVisible();
  await expect(bobPage.getByLabel('Answer score')).toHaveText('1');
  expect(await reputationOf(bobPage, bob)).toBe(before + 25);
  const listed = bobPage.locator('.activity-list li').filter({ hasText: title });
  await expect(listed).toBeVisible();
  await expect(listed.locator('.activity-score')).toHaveText('1');
  await expect(listed.getByLabel('accepted')).toBeVisible();

  await page.goto('/home');
  await expect(page.getByRole('listitem').filter({ hasText: title }).locator('.answers-stat.accepted')).toHaveText(
    /1 answer/,
  );

  await page.goto(questionUrl);
  await page.getByRole('link', { name: 'Edit question' }).click();
  await expect(page.getByLabel('Question Text')).toHaveValue('My loop never stops when the counter wraps.');
  await page.getByLabel('Question Text').fill('My loop never stops when the unsigned counter overflows.');
  await page.getByRole('button', { name: 'Save Edits' }).click();
  await expect(page).toHaveURL(questionUrl);
  await expect(page.getByText('My loop never stops when the unsigned counter overflows.')).toBeVisible();
  await page.getByRole('link', { name: /^edited / }).click();
  await expect(page.getByRole('heading', { name: 'Revisions' })).toBeVisible();
  const revision = page.locator('.revision').first();
  await expect(revision).toContainText(alice);
  await expect(revision.locator('del')).toHaveText(['wraps.']);
  await expect(revision.locator('ins')).toHaveText(['unsigned ', 'overflows.']);

  // Bob has answered, so alice may not delete her question (409, as on Stack Overflow).
  await page.goto(questionUrl);
  await page.getByRole('link', { name: 'Delete question' }).click();
  await page
    .getByRole('dialog', { name: 'Delete this question?' })
    .getByRole('button', { name: 'Delete question' })
    .click();
  await expect(page.getByText('This question has answers by others, so it cannot be deleted.')).toBeVisible();
  await expect(page.getByRole('heading', { name: title })).toBeVisible();
  await other.close();
});

test('deleting a post asks first, then says it was deleted (issue 42)', async ({ page, javaScriptEnabled }) => {
  const me = uniqueName('del');
  await signUp(page, me);
  const title = `Deleted soon ${uniqueName('t')}`;
  await page.goto('/new/question');
  await page.getByLabel('Question Title').fill(title);
  await page.getByLabel('Question Text').fill('Nothing to keep.');
  await page.getByLabel('Tags').fill('deleting');
  await page.getByRole('button', { name: 'Post Question' }).click();
  await expect(page).toHaveURL(/\/home$/, { timeout: 20_000 });
  await page.getByRole('link', { name: title }).click();
  await expect(page).toHaveURL(/\/question\/\d+$/);
  const questionUrl = page.url();
  await page.goto(`/new/answer/${questionUrl.split('/').pop()}`);
  await page.getByLabel('Answer Text').fill('My own answer, soon gone.');
  await page.getByRole('button', { name: 'Post Answer' }).click();
  await expect(page.getByText('My own answer, soon gone.')).toBeVisible();

  // One click deletes nothing: it asks; Cancel keeps the answer.
  await page.getByRole('link', { name: 'Delete answer' }).click();
  const dialog = page.getByRole('dialog', { name: 'Delete this answer?' });
  await expect(dialog).toBeVisible();
  // Focus starts on Cancel, with and without JavaScript: Enter keeps the answer.
  await expect(dialog.getByRole('link', { name: 'Cancel' })).toBeFocused();
  if (javaScriptEnabled) await page.keyboard.press('Escape');
  else await page.keyboard.press('Enter');
  await expect(dialog).toHaveCount(0);
  await expect(page.getByText('My own answer, soon gone.')).toBeVisible();
  await page.getByRole('link', { name: 'Delete answer' }).click();
  await dialog.getByRole('button', { name: 'Delete answer' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Your answer was deleted.' })).toBeVisible();
  // Only its author still sees it, among their deleted answers (undelete.spec.ts).
  await expect(
    page.getByRole('list', { name: 'Your deleted answers' }).getByText('My own answer, soon gone.'),
  ).toBeVisible();
  await expect(
    page.locator('.answer-list:not(#your-deleted-answers)').getByText('My own answer, soon gone.'),
  ).toHaveCount(0);

  await page.getByRole('link', { name: 'Delete question' }).click();
  const asking = page.getByRole('dialog', { name: 'Delete this question?' });
  await expect(asking.getByRole('link', { name: 'Cancel' })).toBeFocused();
  await asking.getByRole('button', { name: 'Delete question' }).click();
  await expect(page).toHaveURL(/\/home\?notice=question-deleted&post=\d+$/);
  await expect(page.getByRole('status').filter({ hasText: 'Your question was deleted.' })).toBeVisible();
  await expect(page.getByRole('link', { name: title })).toHaveCount(0);
});
