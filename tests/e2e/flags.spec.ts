/**
 * Flags and the review queue (issue 41), with and without JavaScript: three users' spam flags
 * hide a question from the list and from everyone but its asker; the moderator dana sees it in
 * /review (the header's count) and dismisses the flags, and it is back. Removing a spammer from
 * /review closes the account and removes its posts; scores and reputations equal a recount
 * (checked against the rows in core's tests; here: the posts are gone and the voter's answer
 * keeps its own score). The review screen passes axe at 390 px in both themes.
 */
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { FLAG_MSG } from '@fso/shared';
import { jsEnabled, logIn, logOut, PASSWORD, signUp, uniqueName } from './fixtures.ts';

const json = (data: unknown) => ({ data: JSON.stringify(data), headers: { 'Content-Type': 'application/json' } });

/** Signs in and waits for the question list. */
async function signIn(page: Page, username: string, password: string) {
  await logIn(page, username, password);
  await expect(page).toHaveURL(/\/home/);
}

async function ask(page: Page, username: string, title: string): Promise<string> {
  const asked = await page.request.post(
    '/question/addQuestion',
    json({ title, text: 'Buy cheap pills at our shop today', tags: [{ name: 'flagtest' }], askedBy: username }),
  );
  expect(asked.status()).toBe(200);
  return String(((await asked.json()) as { _id: string })._id);
}

/** Flags the question from its page; the flag that hides it sends the flagger to the list. */
async function flagThroughPage(page: Page, qid: string, hides: boolean) {
  await page.goto(`/question/${qid}`);
  const question = page.locator('.question-page .post').first();
  await question.locator('.flag-control > summary').first().click();
  await question.getByRole('radio', { name: 'Spam' }).first().check();
  await question.getByRole('button', { name: 'Flag question' }).click();
  if (hides) await expect(page).toHaveURL(/\/home$/);
  else await expect(page.getByText(FLAG_MSG.flagged)).toBeVisible();
}

test('three spam flags hide a question; a moderator dismisses them and it is back', async ({ page }) => {
  const spammer = uniqueName('spam');
  await signUp(page, spammer);
  const title = `Cheap pills ${uniqueName('t')}`;
  const qid = await ask(page, spammer, title);
  await logOut(page);
  for (let i = 0; i < 3; i++) {
    await signUp(page, uniqueName('flagger'));
    await flagThroughPage(page, qid, i === 2);
    // Again: refused, said under the form.
    if (i === 0) {
      const again = await page.request.post('/flag/addFlag', json({ id: qid, type: 'question', reason: 'spam' }));
      expect(again.status()).toBe(409);
    }
    await logOut(page);
  }
  // Hidden: gone from the list and 404 for a visitor.
  await page.goto('/home?search=' + encodeURIComponent(title));
  await expect(page.getByText('No Questions Found')).toBeVisible();
  expect((await page.request.get(`/question/getQuestionById/${qid}`)).status()).toBe(404);
  // Its asker still reads it, with the notice.
  await signIn(page, spammer, PASSWORD);
  await page.goto(`/question/${qid}`);
  await expect(page.getByText(FLAG_MSG.hiddenNotice)).toBeVisible();
  await logOut(page);

  await signIn(page, 'dana', 'fakestack123');
  await page.goto('/home');
  await expect(page.getByTestId('review-count')).toBeVisible();
  await page.getByRole('link', { name: /Review queue/ }).click();
  const item = page.locator('.review-item', { hasText: title });
  await expect(item).toContainText('Spam: 3');
  await item.getByRole('button', { name: 'Dismiss flags' }).click();
  await expect(page.locator('.review-item', { hasText: title })).toHaveCount(0);
  await logOut(page);
  await page.goto('/home?search=' + encodeURIComponent(title));
  await expect(page.getByRole('link', { name: title })).toBeVisible();
});

test('a moderator removes a spammer with questions, answers, comments and votes', async ({ page }) => {
  const spammer = uniqueName('spam');
  const honest = uniqueName('honest');
  await signUp(page, honest);
  const honestQid = await ask(page, honest, `Honest question ${uniqueName('t')}`);
  await logOut(page);
  await signUp(page, spammer);
  const spamTitle = `Spam question ${uniqueName('t')}`;
  await ask(page, spammer, spamTitle);
  const answered = await page.request.post(
    '/answer/addAnswer',
    json({ qid: honestQid, ans: { text: 'Visit my shop for pills', ansBy: spammer } }),
  );
  expect(answered.status()).toBe(200);
  await page.request.post(
    '/comment/addComment',
    json({ id: honestQid, type: 'question', comment: { text: 'cheap pills here', commentBy: spammer } }),
  );
  expect(
    (await page.request.post('/question/downvoteQuestion', json({ qid: honestQid, username: spammer }))).status(),
  ).toBe(200);
  await logOut(page);

  await signIn(page, 'dana', 'fakestack123');
  await page.goto('/review?tab=spammers');
  await page.getByLabel(/Username to remove as a spammer/).fill(spammer);
  await page.getByRole('button', { name: 'Remove spammer' }).click();
  await expect(page).toHaveURL(/tab=spammers/);
  await expect(async () => {
    await page.goto('/review?tab=spammers');
    await expect(page.locator('.review-item', { hasText: spammer })).toContainText('removed — 4 of 4');
  }).toPass({ timeout: 20_000 });
  const question = (await (await page.request.get(`/question/getQuestionById/${honestQid}`)).json()) as {
    answers: unknown[];
    comments: unknown[];
    downVotes: string[];
  };
  expect(question).toMatchObject({ answers: [], comments: [], downVotes: [] });
  await page.goto('/home?search=' + encodeURIComponent(spamTitle));
  await expect(page.getByText('No Questions Found')).toBeVisible();
  await logOut(page);
  // The account can no longer sign in.
  const login = await page.request.post('/user/login', json({ username: spammer, password: PASSWORD }));
  expect(login.status()).toBe(401);
});

for (const colorScheme of ['light', 'dark'] as const)
  test(`the review screen at 390 px in the ${colorScheme} theme passes axe`, async ({ page }, info) => {
    test.skip(!jsEnabled(info.project.name), 'axe runs in the page');
    await page.emulateMedia({ colorScheme });
    await page.setViewportSize({ width: 390, height: 900 });
    await signIn(page, 'dana', 'fakestack123');
    for (const tab of ['flagged', 'spammers']) {
      await page.goto(`/review?tab=${tab}`);
      const { violations } = await new AxeBuilder({ page }).analyze();
      expect(violations.filter((v) => v.impact === 'serious' || v.impact === 'critical')).toEqual([]);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
      await page.screenshot({ path: info.outputPath(`review-${tab}-390-${colorScheme}.png`), fullPage: true });
    }
  });
