/**
 * New users' limits and held first posts (issue 41), with and without JavaScript: a new account's
 * first question with three links is held — its asker reads it with the "held for review" notice,
 * visitors get 404 and no list shows it — until the moderator dana approves it from /review's
 * held tab. A new account's first answer with three links waits in a box only its author sees;
 * dana deletes it. A later post over the link limit is refused with the limit named. The review
 * tabs are screenshot at 390 and 1280 px in both themes and pass axe.
 */
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { FLAG_MSG } from '@fso/shared';
import { apiUser, askOverApi, jsEnabled, json, logIn, logOut, signUp, uniqueName } from './fixtures.ts';

const LINKS = '[one](https://example.com/1) [two](https://example.com/2) [three](https://example.com/3)';

async function signIn(page: Page, username: string, password?: string) {
  await logIn(page, username, password);
  await expect(page).toHaveURL(/\/home/);
}

test('a new account’s first question with three links is held until a moderator approves it', async ({ page }) => {
  const newbie = uniqueName('newbie');
  await signUp(page, newbie);
  const title = `Held first ${uniqueName('t')}`;
  await page.goto('/new/question');
  await page.getByLabel('Question Title').fill(title);
  await page.getByLabel('Question Text').fill(`My shop: ${LINKS}`);
  await page.getByLabel('Tags').fill('heldtest');
  await page.getByRole('button', { name: 'Post Question' }).click();
  await expect(page.getByText(FLAG_MSG.heldNotice)).toBeVisible();
  const qid = new URL(page.url()).pathname.split('/').at(-1)!;
  // A later post over the limit is refused, naming it.
  const second = await page.request.post(
    '/question/addQuestion',
    json({ title: 'Second', text: LINKS, tags: [{ name: 'heldtest' }], askedBy: newbie }),
  );
  expect(second.status()).toBe(400);
  expect(await second.text()).toBe(FLAG_MSG.tooManyLinks);
  await logOut(page);

  expect((await page.request.get(`/question/getQuestionById/${qid}`)).status()).toBe(404);
  await page.goto('/home?search=' + encodeURIComponent(title));
  await expect(page.getByText('No Questions Found')).toBeVisible();

  await signIn(page, 'dana', 'fakestack123');
  await page.goto('/review?tab=held');
  const item = page.locator('.review-item', { hasText: title });
  await expect(item).toContainText(`Question by ${newbie}`);
  await item.getByRole('button', { name: 'Approve' }).click();
  await expect(page.locator('.review-item', { hasText: title })).toHaveCount(0);
  await logOut(page);
  await page.goto('/home?search=' + encodeURIComponent(title));
  await expect(page.getByRole('link', { name: title })).toBeVisible();
});

test('a new account’s first answer with three links waits for review; a moderator deletes it', async ({
  page,
  playwright,
  baseURL,
}) => {
  const asker = await apiUser(playwright, baseURL, 'asker');
  const title = `Answered later ${uniqueName('t')}`;
  const qid = await askOverApi(asker, title);
  const newbie = uniqueName('newbie');
  await signUp(page, newbie);
  await page.goto(`/question/${qid}`);
  await page.getByLabel('Answer Text').fill(`Buy here: ${LINKS}`);
  await page.getByRole('button', { name: 'Post Answer' }).click();
  const held = page.getByRole('region', { name: 'Your answer, waiting for review' });
  await expect(held).toContainText(FLAG_MSG.heldNotice);
  await expect(held.getByRole('link', { name: 'three' })).toBeVisible();
  await logOut(page);
  await page.goto(`/question/${qid}`);
  await expect(page.getByText('Buy here:')).toHaveCount(0);

  await signIn(page, 'dana', 'fakestack123');
  await page.goto('/review?tab=held');
  const item = page.locator('.review-item', { hasText: title });
  await expect(item).toContainText(`Answer by ${newbie}`);
  await item.getByRole('button', { name: 'Delete answer' }).click();
  await expect(page.locator('.review-item', { hasText: title })).toHaveCount(0);
});

for (const colorScheme of ['light', 'dark'] as const)
  for (const width of [390, 1280])
    test(`the review tabs at ${width} px in the ${colorScheme} theme pass axe`, async ({
      page,
      playwright,
      baseURL,
    }, info) => {
      test.slow(); // four tabs, axe on each
      test.skip(!jsEnabled(info.project.name), 'axe runs in the page');
      await page.emulateMedia({ colorScheme });
      await page.setViewportSize({ width, height: 900 });
      // Something waits in each tab: a suggested edit and a held post.
      const asker = await apiUser(playwright, baseURL, 'asker');
      const qid = await askOverApi(asker, `Review tabs ${uniqueName('t')}`, 'Teh text to fix');
      const editor = await apiUser(playwright, baseURL, 'editor');
      await editor.api.patch(
        `/question/editQuestion/${qid}`,
        json({ title: 'Review tabs, fixed', text: 'The text to fix', tags: ['e2e'] }),
      );
      await editor.api.post('/answer/addAnswer', json({ qid, ans: { text: `Spam ${LINKS}`, ansBy: editor.username } }));
      await signIn(page, 'dana', 'fakestack123');
      for (const tab of ['flagged', 'suggested', 'held', 'spammers']) {
        await page.goto(`/review?tab=${tab}`);
        const { violations } = await new AxeBuilder({ page }).analyze();
        expect(violations.filter((v) => v.impact === 'serious' || v.impact === 'critical')).toEqual([]);
        await page.screenshot({
          path: `/tmp/shots-mod-spam/review-${tab}-${width}-${colorScheme}.png`,
          fullPage: true,
        });
        expect(await page.evaluate(() => document.documentElement.scrollWidth), tab).toBeLessThanOrEqual(width);
      }
    });
