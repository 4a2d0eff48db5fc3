/**
 * Comments (issue 42), with and without JavaScript: a comment's author edits it in place for five
 * minutes (the Edit link then goes with JavaScript; the server refuses anybody else with a 403
 * and too long a text with a 400), and a long thread shows its first five comments with "Show N more comments".
 */
import { expect, test } from '@playwright/test';
import { apiUser, json, PASSWORD, askOverApi } from './fixtures.ts';

test('an author edits their comment in place; others cannot', async ({
  page,
  playwright,
  baseURL,
  javaScriptEnabled,
}) => {
  const me = await apiUser(playwright, baseURL, 'commenter');
  const qid = await askOverApi(me, 'A question with a comment to fix');
  const added = await me.api.post(
    '/comment/addComment',
    json({ id: qid, type: 'question', comment: { text: 'Frist!', commentBy: me.username } }),
  );
  expect(added.status()).toBe(200);
  if (javaScriptEnabled) await page.clock.install();
  await page.goto('/');
  await page.getByLabel('Username').fill(me.username);
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(page).toHaveURL(/\/home$/);
  await page.goto(`/question/${qid}`);
  const comment = page.locator('.comment').filter({ hasText: 'Frist!' });
  await comment.getByRole('link', { name: 'Edit comment' }).click();
  const field = page.getByLabel('Edit your comment');
  await expect(field).toHaveValue('Frist!');
  await field.fill('First, with a fix.');
  await page.getByRole('button', { name: 'Save edits' }).click();
  const fixed = page.locator('.comment').filter({ hasText: 'First, with a fix.' });
  await expect(fixed).toBeVisible();
  await expect(page.getByLabel('Edit your comment')).toHaveCount(0);
  await expect(page.getByText('Frist!')).toHaveCount(0);
  const cid = (await fixed.getAttribute('id'))!.replace('comment-', '');

  // Somebody else sees no Edit link, and the server refuses their edit with a reason.
  const other = await apiUser(playwright, baseURL, 'other');
  const refused = await other.api.post(`/question/${qid}`, {
    form: { intent: 'editComment', comment: cid, text: 'Hijacked' },
    maxRedirects: 0,
  });
  expect(refused.status()).toBe(403);
  expect(await refused.text()).toContain('Only the author can do that to this post.');
  const tooLong = await me.api.post(`/question/${qid}`, {
    form: { intent: 'editComment', comment: cid, text: 'x'.repeat(601) },
    maxRedirects: 0,
  });
  expect(tooLong.status()).toBe(400);
  await expect(fixed).toContainText('First, with a fix.');

  if (javaScriptEnabled) {
    // Five minutes on, the Edit link goes by itself.
    await expect(fixed.getByRole('link', { name: 'Edit comment' })).toBeVisible();
    await page.clock.fastForward('05:10');
    await expect(fixed.getByRole('link', { name: 'Edit comment' })).toHaveCount(0);
  }
  await other.api.dispose();
  await me.api.dispose();
});

test('a long thread shows five comments and a link to the rest', async ({ page, playwright, baseURL }) => {
  const me = await apiUser(playwright, baseURL, 'chatty');
  const qid = await askOverApi(me, 'A question with many comments');
  for (let n = 1; n <= 7; n++)
    expect(
      (
        await me.api.post(
          '/comment/addComment',
          json({ id: qid, type: 'question', comment: { text: `Comment number ${n}`, commentBy: me.username } }),
        )
      ).status(),
    ).toBe(200);
  await page.goto(`/question/${qid}`);
  const comments = page.locator('.comment');
  await expect(comments).toHaveCount(5);
  await page.getByRole('link', { name: 'Show 2 more comments' }).click();
  await expect(comments).toHaveCount(7);
  await expect(page.getByText('Comment number 7')).toBeVisible();
  await expect(page.getByRole('link', { name: /more comment/ })).toHaveCount(0);
  await me.api.dispose();
});

test('@name in a comment box offers the thread’s people, commenters first', async ({
  page,
  playwright,
  baseURL,
  javaScriptEnabled,
}) => {
  const asker = await apiUser(playwright, baseURL, 'mentask');
  const qid = await askOverApi(asker, 'A question to mention people on');
  const talker = await apiUser(playwright, baseURL, 'menttalk');
  expect(
    (
      await talker.api.post(
        '/comment/addComment',
        json({ id: qid, type: 'question', comment: { text: 'I have a view.', commentBy: talker.username } }),
      )
    ).status(),
  ).toBe(200);
  await page.goto('/');
  await page.getByLabel('Username').fill(asker.username);
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(page).toHaveURL(/\/home$/);
  await page.goto(`/question/${qid}`);
  const box = page.getByLabel('Add a comment to this question');
  if (!javaScriptEnabled) {
    // Without JavaScript it is a plain box: a mention is typed whole and still posts.
    await box.fill(`@${talker.username} thanks`);
    await page.getByRole('button', { name: 'Add comment' }).first().click();
    await expect(page.getByText(`@${talker.username} thanks`)).toBeVisible();
    return;
  }
  await box.pressSequentially(`Thanks @${talker.username.slice(0, 6)}`);
  const people = page.getByRole('listbox', { name: 'People in this thread' });
  await expect(people.getByRole('option')).toHaveText([`@${talker.username}`]);
  await box.press('Enter');
  await expect(box).toHaveValue(`Thanks @${talker.username} `);
  await expect(people).toBeHidden();
  await box.pressSequentially('for this.');
  await page.getByRole('button', { name: 'Add comment' }).first().click();
  await expect(page.locator('.comment').filter({ hasText: `Thanks @${talker.username} for this.` })).toBeVisible();
  await talker.api.dispose();
  await asker.api.dispose();
});
