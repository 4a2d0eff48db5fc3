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
  // Numbered as on Stack Overflow: the original is revision 1, so the 21st edit made revision 22.
  await expect(revisions.first().getByRole('heading', { level: 2 })).toHaveText('Revision 22');
  await expect(revisions.last().getByRole('heading', { level: 2 })).toHaveText('Revision 3');
  await expect(revisions.first().locator('del')).toHaveText(['20']);
  await expect(revisions.first().locator('ins')).toHaveText(['21']);
  await expect(page.getByText('Page 1 of 2')).toBeVisible();

  await page.getByRole('link', { name: 'Next' }).click();
  await expect(page).toHaveURL(new RegExp(`/revisions/question/${qid}\\?page=2$`));
  await expect(page.getByText('Page 2 of 2')).toBeVisible();
  // The first edit (revision 2), then the original as asked (revision 1).
  await expect(revisions).toHaveCount(2);
  await expect(revisions.first().getByRole('heading', { level: 2 })).toHaveText('Revision 2');
  await expect(revisions.first()).toContainText(username);
  await expect(revisions.first().locator('del')).toHaveText(['0']);
  await expect(revisions.first().locator('ins')).toHaveText(['1']);
  const original = page.getByRole('listitem', { name: 'Revision 1' });
  await expect(original).toContainText('Original');
  await expect(original).toContainText(`${username} asked`);
  await expect(original).toContainText('Version 0 of the text.');

  await page.getByRole('link', { name: 'Previous' }).click();
  await expect(page).toHaveURL(new RegExp(`/revisions/question/${qid}$`));
  await expect(revisions).toHaveCount(20);
});

test('an edit says what it did: its summary is on the revisions page (issue 42)', async ({ page }) => {
  const username = uniqueName('summary');
  await signUp(page, username);
  const asked = await page.request.post(
    '/question/addQuestion',
    json({ title: 'A question to summarise', text: 'First words.', tags: ['edits'], askedBy: username }),
  );
  const qid = ((await asked.json()) as { _id: string })._id;
  const answered = await page.request.post(
    '/answer/addAnswer',
    json({ qid, ans: { text: 'An answer to summarise.', ansBy: username } }),
  );
  const aid = ((await answered.json()) as { _id: string })._id;

  await page.goto(`/edit/question/${qid}`);
  await page.getByLabel('Question Text').fill('Better words.');
  // Too long a summary is refused with its reason, and nothing is saved.
  await page.getByLabel('Edit Summary').fill('x'.repeat(301));
  await page.getByRole('button', { name: 'Save Edits' }).click();
  await expect(page.getByText('Edit summary cannot be more than 300 characters').first()).toBeVisible();
  await page.getByLabel('Edit Summary').fill('Reworded the question');
  await page.getByRole('button', { name: 'Save Edits' }).click();
  await expect(page).toHaveURL(new RegExp(`/question/${qid}$`));
  await page
    .getByRole('link', { name: /edited/ })
    .first()
    .click();
  await expect(page).toHaveURL(new RegExp(`/revisions/question/${qid}$`));
  const edit = page.getByRole('listitem', { name: 'Revision 2' });
  await expect(edit).toContainText('Reworded the question');
  await expect(edit.locator('ins')).toHaveText(['Better']);
  await expect(page.getByRole('listitem', { name: 'Revision 1' })).toContainText('First words.');

  await page.goto(`/edit/answer/${aid}`);
  await page.getByLabel('Answer Text').fill('A clearer answer to summarise.');
  await page.getByLabel('Edit Summary').fill('Clarified');
  await page.getByRole('button', { name: 'Save Edits' }).click();
  await expect(page.getByText('A clearer answer to summarise.')).toBeVisible();
  await page.goto(`/revisions/answer/${aid}`);
  await expect(page.getByRole('listitem', { name: 'Revision 2' })).toContainText('Clarified');
  await expect(page.getByRole('listitem', { name: 'Revision 1' })).toContainText(`${username} answered`);
});
