/**
 * Every screen at a phone's width (390 px) and a desktop's (1280 px), in the light and the dark
 * theme, filled with the longest unbroken words users may write in every field: nothing is
 * wider than the window, and a full-page screenshot of each is kept under test-results/ for a
 * human to look at. Axe must find no serious or critical violation on every screen at each
 * width in each theme. `SCREENS=question,answer` checks only the screens so named.
 */
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type APIRequestContext, type Browser, type Page } from '@playwright/test';
import { PASSWORD, uniqueName } from './fixtures.ts';

const json = (data: unknown) => ({ data: JSON.stringify(data), headers: { 'Content-Type': 'application/json' } });
const word = (n: number, seed = 'Unbroken') => seed.repeat(Math.ceil(n / seed.length)).slice(0, n);

async function account(
  playwright: { request: { newContext(o: { baseURL?: string }): Promise<APIRequestContext> } },
  baseURL: string | undefined,
  prefix: string,
) {
  const request = await playwright.request.newContext({ baseURL });
  const username = uniqueName(prefix).padEnd(30, 'w');
  expect((await request.post('/user/signup', json({ username, password: PASSWORD }))).status()).toBe(200);
  return { request, username };
}

interface Site {
  me: string;
  storage: Awaited<ReturnType<APIRequestContext['storageState']>>;
  qid: string;
  gameID: string;
  chatId: string;
  /** `me`'s comment on the question, still editable while the screens are checked. */
  commentId: string;
  /** A question of `me`'s whose answer `me` deleted, and one `me` deleted: only `me` sees them. */
  keptQid: string;
  goneQid: string;
}

/** The id of the comment just added, from addComment's reply (the question with its comments). */
const commentOf = (question: Record<string, unknown>) =>
  (question as { comments: { _id: string }[] }).comments.at(-1)!._id;

/** One user's long-worded question, answer, comments (upvoted), biography, messages, chat and game. */
async function fill(playwright: Parameters<typeof account>[0], baseURL: string | undefined): Promise<Site> {
  const me = await account(playwright, baseURL, 'screens');
  const other = await account(playwright, baseURL, 'other');
  const ok = async (response: Promise<{ status(): number; json(): Promise<unknown> }>) => {
    const r = await response;
    expect(r.status()).toBe(200);
    return r.json() as Promise<Record<string, string>>;
  };
  const text = `${word(600)}\n\nMath: $\\mathcal{H}_A \\otimes \\frac{1}{\\sqrt{2}}$ and $$\\sum_{i=0}^{n} x_i$$\n\n\`\`\`\n${word(300, 'code')}\n\`\`\``;
  const q = await ok(
    me.request.post(
      '/question/addQuestion',
      json({
        title: word(100, 'Title'),
        text,
        tags: [{ name: word(20, 'tag') }, { name: word(20, 'long') }],
        askedBy: me.username,
        askDateTime: new Date(),
        answers: [],
        upVotes: [],
        downVotes: [],
        views: [],
        comments: [],
      }),
    ),
  );
  // A question linking to it: the question page's sidebar lists it under Linked.
  const linking = await ok(
    other.request.post(
      '/question/addQuestion',
      json({
        title: word(100, 'Linking'),
        text: `See /question/${q._id}`,
        tags: [{ name: 'linked' }],
        askedBy: other.username,
      }),
    ),
  );
  const answer = await ok(
    other.request.post(
      '/answer/addAnswer',
      json({
        qid: q._id,
        ans: { text: word(600, 'Answer'), ansBy: other.username, ansDateTime: new Date(), comments: [] },
      }),
    ),
  );
  const commented = await ok(
    me.request.post(
      '/comment/addComment',
      json({
        id: q._id,
        type: 'question',
        comment: { text: word(600, 'Comment'), commentBy: me.username, commentDateTime: new Date() },
      }),
    ),
  );
  await ok(
    me.request.post(
      '/comment/addComment',
      json({
        id: answer._id,
        type: 'answer',
        comment: { text: word(600, 'Reply'), commentBy: me.username, commentDateTime: new Date() },
      }),
    ),
  );
  expect(
    (
      await me.request.patch('/user/updateBiography', json({ username: me.username, biography: word(1000, 'Bio') }))
    ).status(),
  ).toBe(200);
  await ok(
    me.request.post(
      '/messaging/addMessage',
      json({ messageToAdd: { msg: word(2000, 'Room'), msgFrom: me.username, msgDateTime: new Date() } }),
    ),
  );
  const chat = await ok(
    me.request.post(
      '/chat/createChat',
      json({
        participants: [me.username, other.username],
        messages: [{ msg: word(2000, 'Direct'), msgFrom: me.username }],
      }),
    ),
  );
  const game = await ok(me.request.post('/games/create', json({ gameType: 'Nim' })));
  expect(
    (await other.request.post('/games/join', json({ gameID: game.gameID, playerID: other.username }))).status(),
  ).toBe(200);
  // The author's deleted answer and deleted question, shown to the author only (issue 42).
  const kept = await ok(
    me.request.post(
      '/question/addQuestion',
      json({ title: word(100, 'Kept'), text, tags: [{ name: 'kept' }], askedBy: me.username }),
    ),
  );
  const own = await ok(
    me.request.post(
      '/answer/addAnswer',
      json({ qid: kept._id, ans: { text: word(600, 'Deleted'), ansBy: me.username } }),
    ),
  );
  await ok(me.request.delete(`/answer/deleteAnswer/${own._id}`));
  const gone = await ok(
    me.request.post(
      '/question/addQuestion',
      json({ title: word(100, 'Gone'), text, tags: [{ name: 'gone' }], askedBy: me.username }),
    ),
  );
  await ok(me.request.delete(`/question/deleteQuestion/${gone._id}`));
  // Upvoted comments (issue 42): each earns 15 reputation from the other's upvotes, then upvotes
  // the other's comment, so `me` sees a count on their own comment and a pressed button on another's.
  await ok(me.request.post('/answer/upvoteAnswer', json({ aid: answer._id })));
  await ok(me.request.post('/question/upvoteQuestion', json({ qid: linking._id, username: me.username })));
  for (const qid of [q._id, kept._id])
    await ok(other.request.post('/question/upvoteQuestion', json({ qid, username: other.username })));
  const replied = await ok(
    other.request.post(
      '/comment/addComment',
      json({ id: q._id, type: 'question', comment: { text: word(600, 'Other'), commentBy: other.username } }),
    ),
  );
  await ok(me.request.post('/comment/upvoteComment', json({ cid: commentOf(replied) })));
  await ok(other.request.post('/comment/upvoteComment', json({ cid: commentOf(commented) })));
  const storage = await me.request.storageState();
  await other.request.dispose();
  await me.request.dispose();
  return {
    me: me.username,
    storage,
    qid: q._id!,
    gameID: game.gameID!,
    chatId: chat._id!,
    keptQid: kept._id!,
    commentId: commentOf(commented),
    goneQid: gone._id!,
  };
}

const screens = (s: Site): [string, string][] => [
  ['home', '/home'],
  ['home-search', `/home?search=${encodeURIComponent(word(40, 'Title'))}`],
  ['home-search-answers', `/home?search=${encodeURIComponent('is:answer')}`],
  ['home-past-end', '/home?page=999'],
  ['tags', '/tags'],
  ['tags-filtered', '/tags?q=tag&sort=name'],
  ['tag-page', `/tags/${word(20, 'tag')}`],
  ['question', `/question/${s.qid}`],
  ['ask', '/new/question'],
  ['answer', `/new/answer/${s.qid}`],
  ['edit-question', `/edit/question/${s.qid}`],
  ['revisions', `/revisions/question/${s.qid}`],
  ['users', '/users'],
  ['profile', `/user/${s.me}`],
  ['profile-edit', `/user/${s.me}?edit`],
  ['profile-delete', `/user/${s.me}?confirm=delete`],
  ['notifications', '/notifications'],
  ['global-messages', '/messaging'],
  ['direct-messages', `/messaging/direct-message?chat=${s.chatId}`],
  ['games', '/games'],
  ['game', `/games/${s.gameID}`],
  ['game-leave-confirm', `/games/${s.gameID}?confirm=leave`],
  ['question-delete-confirm', `/question/${s.qid}?confirm=delete-question`],
  ['comment-edit', `/question/${s.qid}?editComment=${s.commentId}#comment-${s.commentId}`],
  ['deleted-answer', `/question/${s.keptQid}?notice=answer-deleted`],
  ['deleted-question', `/question/${s.goneQid}`],
  ['search-by-meaning', '/search?text='],
  ['not-found', '/question/999999999'],
];

const only = process.env.SCREENS?.split(',');

async function check(page: Page, name: string, path: string, file: string) {
  if (only && !only.includes(name)) return;
  await page.goto(path);
  await expect(page.locator('main')).toBeVisible();
  const { scrollWidth, innerWidth } = await page.evaluate(() => ({
    scrollWidth: document.documentElement.scrollWidth,
    innerWidth: window.innerWidth,
  }));
  expect
    .soft(scrollWidth, `${name} is ${scrollWidth} px wide in a ${innerWidth} px window`)
    .toBeLessThanOrEqual(innerWidth);
  const { violations } = await new AxeBuilder({ page }).analyze();
  const serious = violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
  expect.soft(serious, `${name}: axe`).toEqual([]);
  await page.screenshot({ path: file, fullPage: true });
}

test.describe('every screen', () => {
  test.skip(
    ({ javaScriptEnabled }) => !javaScriptEnabled,
    'the screens look the same without JavaScript; its behaviour is tested in the other specs',
  );
  let site: Site;
  test.beforeAll(async ({ playwright, baseURL }) => {
    site = await fill(playwright, baseURL);
  });

  for (const colorScheme of ['light', 'dark'] as const)
    for (const width of [390, 1280])
      test(`at ${width} px in the ${colorScheme} theme: fits, passes axe, screenshots`, async ({
        browser,
      }, testInfo) => {
        test.setTimeout(360_000);
        const signedOut = await newPage(browser, width, colorScheme);
        for (const [name, path] of [
          ['login', '/'],
          ['signup', '/signup'],
          ['unknown-address', '/no-such-screen'],
          ['forgot-password', '/forgot-password'],
          ['reset-password-unknown', '/reset-password/no-such-token'],
          ['unsubscribe-unknown', '/unsubscribe/no-such-token'],
        ] as const)
          await check(signedOut, name, path, testInfo.outputPath(`${width}-${colorScheme}-${name}.png`));
        await signedOut.context().close();
        const page = await newPage(browser, width, colorScheme, site.storage);
        for (const [name, path] of screens(site))
          await check(page, name, path, testInfo.outputPath(`${width}-${colorScheme}-${name}.png`));
        await page.context().close();
      });
});

async function newPage(browser: Browser, width: number, colorScheme: 'light' | 'dark', storageState?: Site['storage']) {
  const context = await browser.newContext({
    viewport: { width, height: width < 500 ? 844 : 800 },
    colorScheme,
    storageState,
    isMobile: width < 500,
    hasTouch: width < 500,
  });
  return context.newPage();
}
