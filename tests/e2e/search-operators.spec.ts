/**
 * Search operators beyond `[tag]` (issue 42): user:, is:, score:, answers:, isaccepted:,
 * closed: combined with words in the header's search box; a value it cannot use is said, not
 * a 500; the box's help lists them. With and without JavaScript (a GET form, a <details>).
 */
import { expect, test, type Page } from '@playwright/test';
import { SEARCH_MSG } from '@fso/shared';
import { apiUser, askOverApi, json, signUp, uniqueName } from './fixtures.ts';

async function search(page: Page, text: string) {
  const box = page.getByRole('searchbox', { name: 'Search questions' });
  await box.fill(text);
  await box.press('Enter');
  await expect(page).toHaveURL((url) => url.pathname === '/home' && url.searchParams.get('search') === text);
}

const listed = (page: Page) => page.getByRole('list').filter({ has: page.locator('.question-summary') });
/** The listed titles, in any order, once the page shows them. */
const expectTitles = (page: Page, titles: string[]) =>
  expect
    .poll(async () => (await listed(page).locator('.question-title').allTextContents()).sort())
    .toEqual([...titles].sort());

test('operators narrow a search by asker, score, answers and acceptance, with words', async ({
  page,
  playwright,
  baseURL,
}) => {
  const word = `zork${Date.now().toString(36)}`;
  const asker = await apiUser(playwright, baseURL, 'op');
  const answered = await askOverApi(asker, `Answered ${word} question`);
  await askOverApi(asker, `Quiet ${word} question`);
  const other = await apiUser(playwright, baseURL, 'op');
  await askOverApi(other, `Someone else's ${word} question`);
  const reply = await other.api.post(
    '/answer/addAnswer',
    json({ qid: answered, ans: { text: 'An answer to it', ansBy: other.username } }),
  );
  expect(reply.status()).toBe(200);
  expect(
    (await other.api.post('/question/upvoteQuestion', json({ qid: answered, username: other.username }))).status(),
  ).toBe(200);

  await signUp(page, uniqueName('seeker'));
  await search(page, word);
  await expect(page.getByText('3 questions')).toBeVisible();
  await search(page, `${word} user:${asker.username}`);
  await expect(page.getByText('2 questions')).toBeVisible();
  await expectTitles(page, [`Answered ${word} question`, `Quiet ${word} question`]);
  await search(page, `user:${asker.username} answers:1 ${word}`);
  await expectTitles(page, [`Answered ${word} question`]);
  await search(page, `${word} score:1 is:question`);
  await expectTitles(page, [`Answered ${word} question`]);
  await search(page, `${word} isaccepted:yes`);
  await expect(page.getByText('No Questions Found')).toBeVisible();
  await search(page, `${word} isaccepted:no closed:no user:${other.username}`);
  await expectTitles(page, [`Someone else's ${word} question`]);
  // The operators are not words: the excerpt marks only the word.
  await expect(listed(page).locator('mark').first()).toHaveText(word);
});

test('is:answer lists answers, their words marked, each linking to the answer on its question', async ({
  page,
  playwright,
  baseURL,
}) => {
  const word = `quux${Date.now().toString(36)}`;
  const asker = await apiUser(playwright, baseURL, 'op');
  const qid = await askOverApi(asker, `Where is the ${word} answer`);
  const answerer = await apiUser(playwright, baseURL, 'op');
  for (const text of [`The ${word} is under the table.`, 'Nothing to see here.'])
    expect(
      (await answerer.api.post('/answer/addAnswer', json({ qid, ans: { text, ansBy: answerer.username } }))).status(),
    ).toBe(200);

  await signUp(page, uniqueName('seeker'));
  await search(page, `${word} is:answer`);
  // The URL changes before the list is rendered: /home's own rows also say "1 answer".
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Search Results');
  await expect(page.getByText('1 answer', { exact: true })).toBeVisible();
  const result = listed(page).locator('.question-summary');
  await expect(result).toHaveCount(1);
  await expect(result.locator('.question-title')).toHaveText(`A: Where is the ${word} answer`);
  await expect(result.locator('mark').first()).toHaveText(word);
  await expect(result.getByText(`answered`)).toBeVisible();
  await search(page, `is:answer user:${answerer.username}`);
  await expect(listed(page).locator('.question-summary')).toHaveCount(2);
  await search(page, `${word} is:answer`);
  // The last list (two answers) stays until the new one is rendered.
  await expect(listed(page).locator('.question-summary')).toHaveCount(1);
  await listed(page).locator('.question-title').click();
  await expect(page).toHaveURL(new RegExp(`/question/${qid}#answer-\\d+$`));
  await expect(page.getByText(`The ${word} is under the table.`)).toBeVisible();
});

test('a value an operator cannot use says how to write it; the REST list answers 400', async ({ page, request }) => {
  await signUp(page, uniqueName('seeker'));
  await search(page, 'entanglement score:lots');
  await expect(page.getByRole('alert')).toHaveText(SEARCH_MSG.badNumber('score'));
  const response = await page.request.get(`/home?search=${encodeURIComponent('closed:maybe')}`);
  expect(response.status()).toBe(400);
  const rest = await request.get(`/question/getQuestion?search=${encodeURIComponent('is:comment')}`);
  expect(rest.status()).toBe(400);
  expect(await rest.text()).toBe(SEARCH_MSG.badIs);
});

test('the search box has a help listing the operators', async ({ page }) => {
  await page.goto('/home');
  const help = page.getByText('Combine words with these:');
  await expect(help).toBeHidden();
  await page.getByLabel('Search help').click();
  await expect(help).toBeVisible();
  for (const example of [
    'user:alice',
    'is:question',
    'is:answer',
    'score:3',
    'answers:2',
    'isaccepted:yes',
    'closed:no',
  ])
    await expect(page.getByRole('definition').or(page.getByRole('term')).filter({ hasText: example })).toBeVisible();
});
