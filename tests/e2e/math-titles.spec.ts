/** Math in titles and search excerpts (issue 42 item 3): `$…$` shows as math, not as raw TeX. With and without JavaScript. */
import { expect, test } from '@playwright/test';
import { apiUser, askOverApi, signUp, uniqueName } from './fixtures.ts';

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
