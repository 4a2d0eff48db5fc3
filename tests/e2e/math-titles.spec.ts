/**
 * Math in titles and search excerpts (issue 42 item 3): `$…$` shows as math, not as raw TeX, also
 * in the lists of titles (the question sidebar, profile activity, notifications). With and
 * without JavaScript.
 */
import { expect, test, type Locator } from '@playwright/test';
import { apiUser, askOverApi, json, jsEnabled, logIn, signUp, uniqueName } from './fixtures.ts';

/** One formula, shown as math, and no dollar left. */
async function showsMath(title: Locator) {
  await expect(title.locator('math')).toHaveCount(1);
  await expect(title).not.toContainText('$');
}

test('a title and an excerpt with TeX show math, on the question page and in search results', async ({
  page,
  playwright,
  baseURL,
}) => {
  const word = `qubitz${Date.now().toString(36)}`;
  const asker = await apiUser(playwright, baseURL, 'tex');
  const qid = await askOverApi(
    asker,
    `Is $\\langle 0|H|1\\rangle$ real for ${word}?`,
    `We know ${word} has $H^\\dagger = H$.`,
  );
  await signUp(page, uniqueName('reader'));

  await page.goto(`/question/${qid}`);
  const heading = page.getByRole('heading', { level: 1 });
  await expect(heading.locator('math')).toHaveCount(1);
  await expect(heading).not.toContainText('$');
  await expect(heading).toContainText(`real for ${word}?`);

  await page.goto(`/home?search=${word}`);
  const title = page.getByRole('link', { name: new RegExp(`real for ${word}`) });
  await expect(title.locator('math')).toHaveCount(1);
  const excerpt = page.locator('.search-excerpt');
  await expect(excerpt.locator('math')).toHaveCount(1);
  await expect(excerpt).not.toContainText('$');
});

test('a title with TeX shows math in the sidebar, on the profile and in notifications, live too', async ({
  page,
  playwright,
  baseURL,
}, testInfo) => {
  const word = `braket${Date.now().toString(36)}`;
  const asker = await apiUser(playwright, baseURL, 'texasker');
  const title = `Is $\\langle 0|H|1\\rangle$ real for ${word}?`;
  const qid = await askOverApi(asker, title, 'Asked with math in the title.');
  const linking = await askOverApi(asker, `Links to ${word}`, `See [that one](https://fso.example/question/${qid}).`);
  const answerer = await apiUser(playwright, baseURL, 'texanswer');
  const answer = async (text: string) =>
    expect(
      (await answerer.api.post('/answer/addAnswer', json({ qid, ans: { text, ansBy: answerer.username } }))).status(),
    ).toBe(200);
  await answer('It is, for a Hermitian operator: $\\langle 0|H|1\\rangle = \\overline{\\langle 1|H|0\\rangle}$.');
  const name = new RegExp(`real for ${word}`);

  await logIn(page, asker.username);
  await expect(page).toHaveURL(/\/home$/);
  await page.goto(`/question/${linking}`);
  await showsMath(page.getByRole('region', { name: 'Linked' }).getByRole('link', { name }));

  await page.goto(`/user/${asker.username}`);
  await showsMath(page.getByRole('region', { name: /Questions?$/ }).getByRole('link', { name }));

  await page.goto('/notifications');
  const entries = page.locator('.inbox-what');
  await expect(entries).toHaveCount(1);
  await expect(entries.first()).toContainText(`${answerer.username} answered your question “`);
  await showsMath(entries.first());
  // The answer's excerpt too, its TeX whole (a `|` is not Markdown there).
  await showsMath(page.locator('.inbox-excerpt').first());
  await expect(page.locator('.inbox-excerpt annotation').first()).toContainText('0|H|1');
  if (jsEnabled(testInfo.project.name)) {
    // One that arrives while the inbox is open comes with its title rendered by the server.
    await answer('Another answer, read live: $|1\\rangle$.');
    await expect(entries).toHaveCount(2);
    await showsMath(entries.first());
    await showsMath(page.locator('.inbox-excerpt').first());
  }
  await asker.api.dispose();
  await answerer.api.dispose();
});
