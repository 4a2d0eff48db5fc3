/**
 * Tag pages (issue 42): `/tags` filtered by any part of a name and sorted; a tag's page with its
 * wiki and who may edit it; watched and ignored tags marked on the question list. With and
 * without JavaScript (plain forms and links).
 */
import { expect, test, type Page } from '@playwright/test';
import { TAG_MSG } from '@fso/shared';
import { logIn, logOut, signUp, uniqueName } from './fixtures.ts';

const json = (data: unknown) => ({ data: JSON.stringify(data), headers: { 'Content-Type': 'application/json' } });

/** A signed-in user who asked one question in a tag of their own; answers the tag. */
async function askerWithTag(page: Page) {
  const username = uniqueName('tagger');
  await signUp(page, username);
  const tag = `zq${Date.now().toString(36).slice(-6)}`;
  const asked = await page.request.post(
    '/question/addQuestion',
    json({ title: `A question about ${tag}`, text: 'What is it?', tags: [{ name: tag }], askedBy: username }),
  );
  expect(asked.status()).toBe(200);
  return tag;
}

test('the tags list filters by any part of a name and sorts by name or newest', async ({ page }) => {
  const tag = await askerWithTag(page);
  await page.goto('/tags');
  await page.getByLabel('Filter by tag name').fill(tag.slice(2));
  await page.getByRole('button', { name: 'Filter' }).click();
  await expect(page.getByRole('heading', { name: `Tags containing “${tag.slice(2)}”` })).toBeVisible();
  await expect(page.locator('.tag-card')).toHaveCount(1);
  await expect(page.getByRole('link', { name: tag, exact: true })).toBeVisible();
  await page.getByRole('navigation', { name: 'Sort tags' }).getByRole('link', { name: 'New', exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`q=${tag.slice(2)}.*sort=new`));
  await expect(page.getByRole('link', { name: 'New', exact: true })).toHaveAttribute('aria-current', 'true');
  await expect(page.getByRole('link', { name: tag, exact: true })).toBeVisible();
  await page.getByLabel('Filter by tag name').fill('no-such-tag-anywhere');
  await page.getByRole('button', { name: 'Filter' }).click();
  await expect(page.getByText('No tags match “no-such-tag-anywhere”.')).toBeVisible();
});

test('a tag’s page: its count, no wiki yet, the privilege said, and ignoring then watching it marks the list', async ({
  page,
}) => {
  const tag = await askerWithTag(page);
  await page.goto('/tags?q=' + tag);
  await page.getByRole('link', { name: `About ${tag}` }).click();
  await expect(page).toHaveURL(`/tags/${tag}`);
  await expect(page.getByRole('heading', { name: `Tag ${tag}` })).toBeVisible();
  await expect(page.getByRole('link', { name: '1 question tagged' })).toBeVisible();
  await expect(page.getByText('This tag has no wiki yet.')).toBeVisible();
  await expect(page.getByText(TAG_MSG.wikiPrivilege)).toBeVisible();
  await expect(page.getByRole('link', { name: 'Edit tag info' })).toHaveCount(0);

  await page.getByRole('button', { name: 'Ignore tag' }).click();
  await expect(page.getByRole('button', { name: 'Ignoring' })).toHaveAttribute('aria-pressed', 'true');
  await page.goto('/home');
  const row = page.getByRole('listitem').filter({ has: page.getByRole('link', { name: `A question about ${tag}` }) });
  await expect(row.getByRole('link', { name: `${tag} (ignored)` })).toBeVisible();
  await expect(row).toHaveClass(/ignored/);

  await page.goto(`/tags/${tag}`);
  await page.getByRole('button', { name: 'Ignoring' }).click();
  await expect(page.getByRole('button', { name: 'Ignore tag' })).toHaveAttribute('aria-pressed', 'false');
  await page.getByRole('button', { name: 'Watch tag' }).click();
  await expect(page.getByRole('button', { name: 'Watching' })).toBeVisible();
  await page.goto('/home');
  await expect(row.getByRole('link', { name: `${tag} (watched)` })).toBeVisible();
  await expect(row).toHaveClass(/watched/);
  await page.getByRole('link', { name: `${tag} (watched)` }).click();
  await expect(page.getByRole('link', { name: 'About this tag' })).toHaveAttribute('href', `/tags/${tag}`);
});

test('the wiki REST paths: read by anyone, an edit below the privilege refused with 403 and nothing changed', async ({
  page,
}) => {
  const tag = await askerWithTag(page);
  const refused = await page.request.post('/tag/updateTagWiki', json({ name: tag, excerpt: 'Hijacked', wiki: 'Spam' }));
  expect(refused.status()).toBe(403);
  expect(await refused.text()).toContain(TAG_MSG.wikiPrivilege);
  const tooLong = await page.request.post(
    '/tag/updateTagWiki',
    json({ name: tag, excerpt: 'x'.repeat(501), wiki: '' }),
  );
  expect(tooLong.status()).toBe(400);
  const info = await page.request.get(`/tag/getTagInfo/${tag}`);
  expect(await info.json()).toMatchObject({ name: tag, qcnt: 1, wiki: '', wikiEditedBy: null });
  expect((await page.request.get('/tag/getTagInfo/no-such-tag-anywhere')).status()).toBe(404);
  const ignored = await page.request.post('/tag/ignoreTag', json({ name: tag }));
  expect(await ignored.json()).toEqual({ name: tag, ignoring: true });
});

test('a moderator edits a tag’s excerpt and wiki, which the tag’s page then shows rendered', async ({ page }) => {
  const tag = await askerWithTag(page);
  await logOut(page);
  await logIn(page, 'dana', 'fakestack123');
  await expect(page.getByRole('link', { name: 'View Profile' })).toBeVisible();
  await page.goto(`/tags/${tag}`);
  await page.getByRole('link', { name: 'Edit tag info' }).click();
  await page.getByLabel('Excerpt').fill(`Questions about ${tag}.`);
  await page.getByLabel('Wiki').fill('Ask **one** thing at a time.');
  await page.getByRole('button', { name: 'Save tag info' }).click();
  await expect(page.getByText(TAG_MSG.wikiSaved)).toBeVisible();
  await expect(page.getByText(`Questions about ${tag}.`)).toBeVisible();
  await expect(page.locator('.post-body strong')).toHaveText('one');
  await expect(page.getByText(/Edited by dana on/)).toBeVisible();
  await page.goto(`/tags?q=${tag}`);
  await expect(page.getByText(`Questions about ${tag}.`)).toBeVisible();
});
