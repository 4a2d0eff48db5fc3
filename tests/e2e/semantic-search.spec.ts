/**
 * Natural-language search (SPEC §2/§7/§8): the REST path, the header box with and without
 * JavaScript, and similar questions on the ask form. Embeddings are made by the server's
 * background worker, so a new question is polled for until it is searchable by meaning.
 */
import { expect, test } from '@playwright/test';
import { jsEnabled, signUp, uniqueName } from './fixtures.ts';

const REACT_DEMO = 'Why does my React effect run twice in development?';

test('GET /question/semanticSearch: blank text, topk bounds, errors as { error }', async ({ request }) => {
  expect(await (await request.get('/question/semanticSearch?text=%20%20')).json()).toEqual([]);
  expect(await (await request.get('/question/semanticSearch')).json()).toEqual([]);
  for (const topk of ['0', '21', 'abc', '1.5']) {
    const response = await request.get(`/question/semanticSearch?text=react&topk=${topk}`);
    expect(response.status()).toBe(400);
    expect(await response.json()).toEqual({ error: 'topk must be a whole number from 1 to 20.' });
  }
  const hits = (await (await request.get('/question/semanticSearch?text=react+hook+fires+two+times')).json()) as {
    _id: string;
    title: string;
  }[];
  expect(hits.length).toBeLessThanOrEqual(3);
  expect(hits[0]).toMatchObject({ _id: expect.any(String), title: REACT_DEMO });
  expect(await (await request.get('/question/semanticSearch?text=nim&topk=1')).json()).toHaveLength(1);
});

test('a new question becomes searchable by meaning within seconds', async ({ page, request }, info) => {
  test.skip(!jsEnabled(info.project.name), 'server behaviour, once');
  test.setTimeout(90_000);
  await signUp(page, uniqueName());
  await page.goto('/new/question');
  const title = `How can I keep my houseplants alive during winter? ${uniqueName('p')}`;
  await page.getByLabel('Question Title').fill(title);
  await page.getByLabel('Question Text').fill('The leaves go brown when the heating is on.');
  await page.getByLabel('Tags').fill('gardening');
  await page.getByRole('button', { name: 'Post Question' }).click();
  // The post shares the cores with the background embedder and the similar-questions search: allow for a busy machine.
  await expect(page).toHaveURL(/\/home$/, { timeout: 15_000 });
  // No word in common with the title: only the embedding can find it.
  await expect
    .poll(
      async () =>
        (
          (await (
            await request.get('/question/semanticSearch?text=indoor+greenery+dying+in+cold+months&topk=3')
          ).json()) as { title: string }[]
        ).map((h) => h.title),
      {
        timeout: 60_000,
        intervals: [1000],
      },
    )
    .toContain(title);
});

test('header box: Enter or the icon opens the results page, with or without JavaScript', async ({ page }, info) => {
  const box = page.getByRole('combobox', { name: 'Search by meaning' });
  await page.goto('/home');
  await box.fill('react hook fires two times');
  await box.press('Enter');
  await expect(page).toHaveURL(/\/search\?text=react\+hook\+fires\+two\+times$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Questions like “react hook fires two times”');
  await expect(page.getByRole('main').getByRole('link', { name: REACT_DEMO })).toBeVisible();

  await page.goto('/home');
  await box.fill('misère nim strategy');
  await page.getByRole('button', { name: 'Search by meaning' }).click();
  await expect(page).toHaveURL(/\/search\?text=mis%C3%A8re\+nim\+strategy$/);
  await page
    .getByRole('main')
    .getByRole('link', { name: /misère Nim/ })
    .click();
  await expect(page).toHaveURL(/\/question\/\d+$/);
  if (jsEnabled(info.project.name)) await expect(page.getByRole('option')).toHaveCount(0);
});

test('header box: hint, up to 3 suggestions while typing, keyboard, hides after blur', async ({ page }, info) => {
  test.skip(!jsEnabled(info.project.name), 'suggestions need JavaScript');
  const box = page.getByRole('combobox', { name: 'Search by meaning' });
  await page.goto('/home');
  await box.focus();
  await expect(
    page.getByText('Hint: hit the search icon or your enter key to search with natural language!'),
  ).toBeVisible();
  await box.pressSequentially('react hook fires two times', { delay: 10 });
  const options = page.getByRole('option');
  await expect(options.first()).toHaveText(REACT_DEMO);
  expect(await options.count()).toBeLessThanOrEqual(3);
  await expect(page).toHaveURL(/\/home$/);

  await page.getByRole('heading').first().click();
  await expect(options.first()).toBeVisible();
  await expect(options).toHaveCount(0, { timeout: 1000 });

  await box.focus();
  await box.press('ArrowDown');
  await expect(options.first()).toHaveAttribute('aria-selected', 'true');
  await box.press('Enter');
  await expect(page.getByRole('heading', { name: REACT_DEMO })).toBeVisible();
});

test('header box: nonsense gets nothing, on the results page and in the suggestions', async ({ page }, info) => {
  const box = page.getByRole('combobox', { name: 'Search by meaning' });
  await page.goto('/home');
  if (jsEnabled(info.project.name)) {
    await box.pressSequentially('my cat is sick', { delay: 10 });
    await expect(page.getByText('No results found.')).toBeVisible();
    await expect(page.getByRole('option')).toHaveCount(0);
  } else await box.fill('my cat is sick');
  await box.press('Enter');
  await expect(page).toHaveURL(/\/search\?text=my\+cat\+is\+sick$/);
  await expect(page.getByRole('main').getByText('No results found.')).toBeVisible();
  await expect(page.getByRole('main').locator('.question-list li')).toHaveCount(0);
});

test('header box: a long title ends with an ellipsis at a word boundary', async ({ page }, info) => {
  test.skip(!jsEnabled(info.project.name), 'suggestions need JavaScript');
  test.setTimeout(90_000);
  const asker = uniqueName('long');
  await signUp(page, asker);
  // 91 to 100 characters: longer than a suggestion shows (90), short enough to ask (100).
  const title = `Why does the flux qubit calibration drift every single night in our big dilution fridge ${Date.now() % 100_000}`;
  const asked = await page.request.post('/question/addQuestion', {
    data: {
      title,
      text: 'The frequency moves by a few MHz overnight.',
      tags: [{ name: 'calibration' }],
      askedBy: asker,
    },
  });
  expect(asked.status()).toBe(200);
  const query = 'flux qubit calibration drifts overnight in the fridge';
  await expect
    .poll(
      async () =>
        (
          (await (await page.request.get(`/question/semanticSearch?text=${encodeURIComponent(query)}`)).json()) as {
            title: string;
          }[]
        ).map((h) => h.title),
      { timeout: 60_000, intervals: [1000] },
    )
    .toContain(title);
  await page.goto('/home');
  await page.getByRole('combobox', { name: 'Search by meaning' }).pressSequentially(query, { delay: 5 });
  const option = page.getByRole('option').filter({ hasText: 'flux qubit calibration' });
  await expect(option).toBeVisible();
  const shown = (await option.textContent())!;
  expect(shown.endsWith('…')).toBe(true);
  expect(shown.length).toBeLessThan(title.length);
  const kept = shown.slice(0, -1);
  expect(title.startsWith(kept)).toBe(true);
  expect(title[kept.length]).toBe(' ');
});

test('header box: "No results found.", "Error: {message}" and the unknown error', async ({ page }, info) => {
  test.skip(!jsEnabled(info.project.name), 'suggestions need JavaScript');
  const box = page.getByRole('combobox', { name: 'Search by meaning' });
  await page.goto('/home');
  await page.route('**/question/semanticSearch?*', (route) => route.fulfill({ json: [] }));
  await box.pressSequentially('anything at all', { delay: 10 });
  await expect(page.getByText('No results found.')).toBeVisible();

  await page.unroute('**/question/semanticSearch?*');
  await page.route('**/question/semanticSearch?*', (route) =>
    route.fulfill({ status: 500, json: { error: 'Error when semantic searching questions' } }),
  );
  await box.pressSequentially(' now', { delay: 10 });
  await expect(page.getByText('Error: Error when semantic searching questions')).toBeVisible();

  await page.unroute('**/question/semanticSearch?*');
  await page.route('**/question/semanticSearch?*', (route) => route.abort('failed'));
  await box.pressSequentially(' again', { delay: 10 });
  await expect(page.getByText(/^Error: .+|^An unknown error occurred during search$/)).toBeVisible();
});

test('the ask form shows similar questions while the title is typed', async ({ page }, info) => {
  test.skip(!jsEnabled(info.project.name), 'suggestions need JavaScript');
  await signUp(page, uniqueName());
  await page.goto('/new/question');
  await page
    .getByLabel('Question Title')
    .pressSequentially('my react effect fires two times when developing', { delay: 5 });
  const similar = page.getByRole('complementary', { name: 'Similar questions' });
  await expect(similar.getByRole('link', { name: REACT_DEMO })).toBeVisible({ timeout: 15_000 });
  expect(await similar.getByRole('link').count()).toBeLessThanOrEqual(5);
});
