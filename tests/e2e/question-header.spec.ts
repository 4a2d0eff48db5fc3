/**
 * Issue 42: the question's header (asked, modified, viewed N times, as <time> elements), the
 * sidebar's Linked and Related questions, and the Share and Follow links; with and without
 * JavaScript.
 */
import { expect, test } from '@playwright/test';
import { apiUser, askOverApi, json, jsEnabled, signUp, uniqueName } from './fixtures.ts';

test('the header says asked, modified and viewed; Linked lists the questions linked either way', async ({
  page,
  playwright,
  baseURL,
}) => {
  const asker = await apiUser(playwright, baseURL, 'linker');
  const target = `Linked target ${uniqueName('q')}`;
  const q1 = await askOverApi(asker, target, 'Where is this linked from?');
  const linking = `Links to the target ${uniqueName('q')}`;
  const q2 = await askOverApi(asker, linking, `Like [the other one](https://fso.example/question/${q1}) says.`);
  const answered = await asker.api.post(
    '/answer/addAnswer',
    json({ qid: q1, ans: { text: 'An answer moves Modified.', ansBy: asker.username } }),
  );
  expect(answered.status()).toBe(200);

  await signUp(page, uniqueName('reader'));
  await page.goto(`/question/${q1}`);
  const header = page.locator('.question-header');
  await expect(header).toContainText(/^Asked .+ ago\s*Modified .+ ago\s*Viewed 1 time$/);
  const [asked, modified] = await header
    .locator('time')
    .evaluateAll((times) => times.map((t) => t.getAttribute('datetime')));
  expect(Date.parse(modified!)).toBeGreaterThan(Date.parse(asked!));
  await expect(header.locator('time').first()).toHaveAttribute('title', /^\d{4}-\d\d-\d\d \d\d:\d\d:\d\dZ$/);

  const linked = page.getByRole('region', { name: 'Linked' });
  await linked.getByRole('link', { name: linking }).click();
  await expect(page).toHaveURL(new RegExp(`/question/${q2}$`));
  await expect(page.getByRole('region', { name: 'Linked' }).getByRole('link', { name: target })).toBeVisible();
  await asker.api.dispose();
});

test('Share copies the address with JavaScript and is a plain link without; Follow sits beside it', async ({
  page,
  context,
  playwright,
  baseURL,
}, info) => {
  const asker = await apiUser(playwright, baseURL, 'sharer');
  const qid = await askOverApi(asker, `Shared ${uniqueName('q')}`);
  const answered = await asker.api.post(
    '/answer/addAnswer',
    json({ qid, ans: { text: 'Shared answer', ansBy: asker.username } }),
  );
  const aid = String((await answered.json())._id);
  await signUp(page, uniqueName('reader'));
  await page.goto(`/question/${qid}`);
  const share = page.getByRole('link', { name: 'Share a link to this question' });
  await expect(share).toHaveAttribute('href', `/question/${qid}`);
  await expect(page.getByRole('link', { name: 'Share a link to this answer' })).toHaveAttribute(
    'href',
    `/question/${qid}?answer=${aid}#answer-${aid}`,
  );
  await expect(page.locator('.post-menu').getByRole('button', { name: 'Follow' })).toBeVisible();
  if (jsEnabled(info.project.name)) {
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    await share.click();
    await expect(page.getByRole('status').filter({ hasText: 'Link copied' })).toBeVisible();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(`${baseURL}/question/${qid}`);
    await expect(page).toHaveURL(new RegExp(`/question/${qid}$`));
  } else {
    await page.getByRole('link', { name: 'Share a link to this answer' }).click();
    await expect(page).toHaveURL(new RegExp(`/question/${qid}\\?answer=${aid}#answer-${aid}$`));
  }
  await asker.api.dispose();
});

test('the sidebar sits beside the question on a wide screen and after it on a phone', async ({
  page,
  playwright,
  baseURL,
}, info) => {
  test.skip(!jsEnabled(info.project.name), 'the layout is the same without JavaScript');
  const asker = await apiUser(playwright, baseURL, 'sider');
  const q1 = await askOverApi(asker, `Sidebar target ${uniqueName('q')}`);
  await askOverApi(asker, `Sidebar linker ${uniqueName('q')}`, `See https://fso.example/question/${q1} too.`);
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto(`/question/${q1}`);
  const sidebar = page.getByRole('complementary', { name: 'Linked and related questions' });
  const body = page.locator('.question-page .post').first();
  const [aside, post] = [(await sidebar.boundingBox())!, (await body.boundingBox())!];
  expect(aside.x).toBeGreaterThan(post.x + post.width);
  expect(aside.y).toBeLessThan(post.y + post.height);
  await page.setViewportSize({ width: 390, height: 844 });
  const box = (await page.getByRole('region', { name: 'Your Answer' }).boundingBox())!;
  expect((await sidebar.boundingBox())!.y).toBeGreaterThan(box.y);
  await asker.api.dispose();
});
