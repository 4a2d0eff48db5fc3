/**
 * Moderators' actions in the browser (issue 41), with and without JavaScript: a suspension from
 * the profile's form (the suspended user sees the notice on every page, is refused with the
 * message on posting, and posts again once it is lifted; with JavaScript an open page is told
 * live); the log screen (/moderation, from the header) lists these. Each new screen and control passes axe at 390 and 1280 px, light
 * and dark, with screenshots kept under test-results/.
 */
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Browser, type Page } from '@playwright/test';
import { jsEnabled, logIn, logOut, signUp, uniqueName } from './fixtures.ts';

const json = (data: unknown) => ({ data: JSON.stringify(data), headers: { 'Content-Type': 'application/json' } });
const SUSPENDED = /Your account is suspended until \d{4}-\d\d-\d\d \d\d:\d\d UTC: Posting links to a shop/;

async function signIn(page: Page, username: string, password?: string) {
  await logIn(page, username, password);
  await expect(page).toHaveURL(/\/home/);
}

async function ask(page: Page, username: string, title: string): Promise<string> {
  const asked = await page.request.post(
    '/question/addQuestion',
    json({ title, text: 'How do I do this properly?', tags: [{ name: 'modtest' }], askedBy: username }),
  );
  expect(asked.status()).toBe(200);
  return String(((await asked.json()) as { _id: string })._id);
}

async function answerOnPage(page: Page, qid: string, text: string) {
  await page.goto(`/question/${qid}`);
  await page.getByLabel('Answer Text').fill(text);
  await page.getByRole('button', { name: 'Post Answer' }).click();
}

test('a moderator suspends a user from the profile, the user is refused, then the lift lets them post', async ({
  browser,
  page,
}, testInfo) => {
  test.slow(); // two browsers, a suspension and its lift
  const user = uniqueName('susp');
  await signUp(page, user);
  const qid = await ask(page, user, `Suspension question ${uniqueName('t')}`);
  await logOut(page);

  const mod = await browser.newPage({ javaScriptEnabled: jsEnabled(testInfo.project.name) });
  await signIn(mod, 'dana', 'fakestack123');
  // The suspended user's page is open (with JavaScript, it is told live).
  await signIn(page, user);
  await page.goto(`/question/${qid}`);

  await mod.goto(`/user/${user}`);
  await mod.getByLabel('Days suspended').fill('3');
  await mod.getByLabel('Reason for the suspension').fill('Posting links to a shop');
  await mod.getByRole('button', { name: 'Suspend' }).click();
  await expect(mod.getByText('Suspended.')).toBeVisible();
  await expect(mod.getByTestId('profile-suspension')).toContainText('Suspended until');

  if (jsEnabled(testInfo.project.name)) await expect(page.getByTestId('suspension-notice')).toHaveText(SUSPENDED);
  await answerOnPage(page, qid, 'An answer written while suspended');
  await expect(page.getByText(SUSPENDED).first()).toBeVisible();
  await page.goto('/home');
  await expect(page.getByTestId('suspension-notice')).toHaveText(SUSPENDED);
  // Reading goes on; the profile says so; the inbox has the notice.
  await page.goto(`/user/${user}`);
  await expect(page.getByTestId('profile-suspension')).toHaveText(SUSPENDED);
  await page.goto('/notifications');
  await expect(page.getByText(/dana suspended your account until/)).toBeVisible();
  expect((await page.request.post('/question/upvoteQuestion', json({ qid, username: user }))).status()).toBe(403);

  await mod.goto(`/user/${user}`);
  await mod.getByRole('button', { name: 'Lift Suspension' }).click();
  await expect(mod.getByText('Not suspended.')).toBeVisible();
  await expect(mod.getByTestId('profile-suspension')).toHaveCount(0);

  if (jsEnabled(testInfo.project.name)) await expect(page.getByTestId('suspension-notice')).toHaveCount(0);
  await answerOnPage(page, qid, 'An answer written after the lift');
  await expect(page).toHaveURL(/answer=\d+/);
  await expect(page.locator('.answer-list li', { hasText: 'An answer written after the lift' })).toBeVisible();
  await expect(page.getByTestId('suspension-notice')).toHaveCount(0);

  // The log, from the header: both actions, newest first, with the reason and links.
  await mod.getByRole('link', { name: /Log of moderators’ actions/ }).click();
  await expect(mod).toHaveURL(/\/moderation$/);
  const entries = mod.locator('.mod-log-entry', { has: mod.getByRole('link', { name: user }) });
  await expect(entries.first()).toContainText(`dana lifted the suspension of ${user}`);
  await expect(entries.nth(1)).toContainText(`dana suspended ${user}`);
  await expect(entries.nth(1)).toContainText(/Posting links to a shop · until \d{4}-/);
  // Not for others.
  expect((await page.request.get('/moderation')).status()).toBe(403);
  await mod.close();
});

test('a moderator closes a question as a duplicate (banner, canonical, no answer box), reopens and locks it', async ({
  page,
}) => {
  test.slow(); // close, reopen and lock, each a page load
  const asker = uniqueName('asker');
  await signUp(page, asker);
  const original = await ask(page, asker, `Original question ${uniqueName('t')}`);
  const copy = await ask(page, asker, `Copied question ${uniqueName('t')}`);
  await logOut(page);

  await signIn(page, 'dana', 'fakestack123');
  await page.goto(`/question/${copy}`);
  await page.getByRole('link', { name: 'Close', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Why should this question be closed?' });
  await dialog.getByRole('radio', { name: /^Duplicate/ }).check();
  await dialog.getByRole('button', { name: 'Close' }).click();
  await expect(dialog.getByText('Choose the question this one duplicates.')).toBeVisible();
  await dialog.getByLabel(/id or link/).fill(`http://example.test/question/${original}`);
  await dialog.getByRole('button', { name: 'Close' }).click();
  await expect(page.getByTestId('duplicate-banner')).toContainText('This question already has an answer here:');
  await expect(page.getByTestId('no-answers')).toHaveText('This question is closed: it takes no new answers.');
  await expect(page.getByLabel('Answer Text')).toHaveCount(0);
  await logOut(page);

  // Visitors and crawlers get the banner and the canonical hint in the served HTML.
  const html = await (await page.request.get(`/question/${copy}`)).text();
  expect(html).toContain('This question already has an answer here:');
  expect(html).toMatch(new RegExp(`<link rel="canonical" href="[^"]*/question/${original}"`));
  await page.goto(`/question/${copy}`);
  await page.getByTestId('duplicate-banner').getByRole('link').click();
  await expect(page).toHaveURL(new RegExp(`/question/${original}$`));

  await signIn(page, 'dana', 'fakestack123');
  await page.goto(`/question/${copy}`);
  await page.getByRole('button', { name: 'Reopen' }).click();
  await expect(page.getByTestId('duplicate-banner')).toHaveCount(0);
  await expect(page.getByLabel('Answer Text')).toBeVisible();

  await page.getByRole('button', { name: 'Lock' }).click();
  await expect(page.getByTestId('locked-notice')).toBeVisible();
  await expect(page.getByTestId('no-answers')).toHaveText('This question is locked: it takes no new answers.');
  // Nor comments: the comment box gives way to the reason.
  await expect(page.getByRole('button', { name: 'Add comment' })).toHaveCount(0);
  await expect(page.locator('.comment-closed').first()).toHaveText('This question is locked');
  await logOut(page);
  const voter = uniqueName('voter');
  await signUp(page, voter);
  const vote = await page.request.post('/question/upvoteQuestion', json({ qid: copy, username: voter }));
  expect(await vote.text()).toBe('This question is locked');
  await logOut(page);

  await signIn(page, 'dana', 'fakestack123');
  await page.goto(`/question/${copy}`);
  await page.getByRole('button', { name: 'Unlock' }).click();
  await expect(page.getByTestId('locked-notice')).toHaveCount(0);
  await page.goto('/moderation');
  for (const did of ['closed', 'reopened', 'locked', 'unlocked'])
    await expect(page.locator('.mod-log-entry', { hasText: `dana ${did} Copied question` }).first()).toBeVisible();
});

/** Axe and a screenshot of one screen as it stands. */
async function look(page: Page, name: string, file: string) {
  await expect(page.locator('main')).toBeVisible();
  const { scrollWidth, innerWidth } = await page.evaluate(() => ({
    scrollWidth: document.documentElement.scrollWidth,
    innerWidth: window.innerWidth,
  }));
  expect.soft(scrollWidth, `${name} fits`).toBeLessThanOrEqual(innerWidth);
  const { violations } = await new AxeBuilder({ page }).analyze();
  const serious = violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
  expect.soft(serious, `${name}: axe`).toEqual([]);
  await page.screenshot({ path: file, fullPage: true });
}

async function newPage(browser: Browser, width: number, colorScheme: 'light' | 'dark') {
  const context = await browser.newContext({
    viewport: { width, height: width < 500 ? 844 : 800 },
    colorScheme,
    isMobile: width < 500,
    hasTouch: width < 500,
  });
  return context.newPage();
}

test.describe('moderation screens', () => {
  test.skip(({ javaScriptEnabled }) => !javaScriptEnabled, 'the screens look the same without JavaScript');
  for (const colorScheme of ['light', 'dark'] as const)
    for (const width of [390, 1280])
      test(`at ${width} px in the ${colorScheme} theme: fit, pass axe, screenshots`, async ({ browser }, testInfo) => {
        test.setTimeout(120_000);
        const user = uniqueName('shot');
        const page = await newPage(browser, width, colorScheme);
        await signUp(page, user);
        await logOut(page);
        await signIn(page, 'dana', 'fakestack123');
        const shot = (name: string) => testInfo.outputPath(`${width}-${colorScheme}-${name}.png`);
        await page.goto(`/user/${user}`);
        await look(page, 'profile-suspend-form', shot('profile-suspend-form'));
        expect(
          (
            await page.request.post(
              '/user/suspendUser',
              json({ username: user, days: 2, reason: 'Posting links to a shop' }),
            )
          ).status(),
        ).toBe(200);
        await page.goto(`/user/${user}`);
        await look(page, 'profile-suspended', shot('profile-suspended'));
        await logOut(page);
        await signIn(page, user);
        await look(page, 'suspended-notice', shot('suspended-notice'));
        await logOut(page);
        await signIn(page, 'dana', 'fakestack123');
        await page.goto('/moderation');
        await look(page, 'moderation-log', shot('moderation-log'));
        const target = await ask(page, 'dana', `Screens original ${uniqueName('t')}`);
        const qid = await ask(page, 'dana', `Screens copy ${uniqueName('t')}`);
        await page.goto(`/question/${qid}`);
        await look(page, 'question-mod-controls', shot('question-mod-controls'));
        await page.goto(`/question/${qid}?close`);
        await look(page, 'close-dialog', shot('close-dialog'));
        const closed = await page.request.post(
          '/question/closeQuestion',
          json({ qid, reason: 'duplicate', duplicateOf: target }),
        );
        expect(closed.status()).toBe(200);
        expect((await page.request.post('/question/lockQuestion', json({ qid, locked: true }))).status()).toBe(200);
        await page.goto(`/question/${qid}`);
        await look(page, 'duplicate-locked', shot('duplicate-locked'));
        await page.context().close();
      });
});
