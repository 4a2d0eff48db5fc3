/**
 * Issue 42: the formatting toolbar of every post form (ask, answer, edit question, edit answer):
 * buttons and Ctrl shortcuts edit the Markdown, Undo takes an edit back, the preview follows;
 * without JavaScript there is no toolbar and the textarea works as before.
 */
import { expect, test, type Page } from '@playwright/test';
import { apiUser, askOverApi, json, jsEnabled, signUp, uniqueName } from './fixtures.ts';

const toolbarOf = (page: Page) => page.getByRole('toolbar', { name: 'Formatting' });

test('buttons and shortcuts format the question text; Undo takes an edit back', async ({ page }, info) => {
  test.skip(!jsEnabled(info.project.name), 'the toolbar needs JavaScript');
  await signUp(page, uniqueName('fmt'));
  await page.goto('/new/question');
  const text = page.getByLabel('Question Text');
  const toolbar = toolbarOf(page);
  await expect(toolbar.getByRole('button')).toHaveText(
    ['Bold', 'Italic', 'Code', 'Link', 'Quote', 'Bulleted list'].map((n) => new RegExp(n)),
  );

  await text.fill('word');
  await text.selectText();
  await toolbar.getByRole('button', { name: 'Bold' }).click();
  await expect(text).toHaveValue('**word**');
  await expect(page.getByRole('region', { name: 'Preview' }).locator('strong')).toHaveText('word');
  await text.press('Control+b');
  await expect(text).toHaveValue('word');
  await text.press('Control+z');
  await expect(text).toHaveValue('**word**');

  await text.fill('see docs');
  await text.selectText();
  await text.press('Control+i');
  await expect(text).toHaveValue('*see docs*');
  await text.press('Control+i');
  await text.press('Control+l');
  await expect(text).toHaveValue('[see docs](https://)');
  // The address is selected: typing replaces it.
  await text.pressSequentially('https://example.com');
  await expect(text).toHaveValue('[see docs](https://example.com)');

  await text.fill('one\ntwo');
  await text.selectText();
  await text.press('Control+u');
  await expect(text).toHaveValue('- one\n- two');
  await toolbar.getByRole('button', { name: 'Quote' }).click();
  await expect(text).toHaveValue('> - one\n> - two');
  await text.fill('x = 1\ny = 2');
  await text.selectText();
  await text.press('Control+k');
  await expect(text).toHaveValue('```\nx = 1\ny = 2\n```');

  // One tab stop; arrows move along the buttons.
  await toolbar.getByRole('button', { name: 'Bold' }).focus();
  await page.keyboard.press('ArrowRight');
  await expect(toolbar.getByRole('button', { name: 'Italic' })).toBeFocused();
  await page.keyboard.press('End');
  await expect(toolbar.getByRole('button', { name: 'Bulleted list' })).toBeFocused();
});

test('every post form has the toolbar with JavaScript, and works without it', async ({
  page,
  playwright,
  baseURL,
}, info) => {
  const js = jsEnabled(info.project.name);
  const me = await apiUser(playwright, baseURL, 'fmt');
  const qid = await askOverApi(me, `Formatting everywhere ${uniqueName('q')}`);
  const answered = await me.api.post(
    '/answer/addAnswer',
    json({ qid, ans: { text: 'An answer', ansBy: me.username } }),
  );
  const aid = String((await answered.json())._id);
  await page.context().addCookies((await me.api.storageState()).cookies);
  for (const [path, label] of [
    ['/new/question', 'Question Text'],
    [`/new/answer/${qid}`, 'Answer Text'],
    [`/question/${qid}`, 'Answer Text'],
    [`/edit/question/${qid}`, 'Question Text'],
    [`/edit/answer/${aid}`, 'Answer Text'],
  ] as const) {
    await page.goto(path);
    await expect(page.getByLabel(label)).toBeEditable();
    await expect(toolbarOf(page)).toHaveCount(js ? 1 : 0);
  }

  // The answer form still posts as typed, toolbar or none.
  await page.goto(`/new/answer/${qid}`);
  await page.getByLabel('Answer Text').fill('Plain **Markdown** typed by hand.');
  await page.getByRole('button', { name: 'Post Answer' }).click();
  await expect(page.locator('.answer strong', { hasText: 'Markdown' })).toBeVisible();
  await me.api.dispose();
});
