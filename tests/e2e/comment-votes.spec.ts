/**
 * Comment upvotes (issue 42), with and without JavaScript: a user with 15 reputation upvotes
 * another's comment once and takes it back; the count shows beside the comment and follows live
 * on another viewer's page (a JavaScript browser in both projects); no button on one's own
 * comment or for a user below the privilege; the REST paths refuse a visitor, one's own comment,
 * a missing one and a user without the privilege with a message, and count a repeat once.
 */
import { expect, test, type APIRequestContext } from '@playwright/test';
import { MSG, type Comment, type Question } from '@fso/shared';
import { apiUser, askOverApi, json, logIn, watching } from './fixtures.ts';

type User = { api: APIRequestContext; username: string };

/** Comments on question `qid` as `user`; the new comment's id. */
async function comment(user: User, qid: string, text: string): Promise<string> {
  const added = await user.api.post(
    '/comment/addComment',
    json({ id: qid, type: 'question', comment: { text, commentBy: user.username } }),
  );
  expect(added.status()).toBe(200);
  const question = (await added.json()) as Question;
  return question.comments.find((c: Comment) => c.text === text)!._id;
}

/** A new user with 21 reputation (two upvotes on a question of theirs): past the privilege's 15. */
async function privilegedUser(playwright: Parameters<typeof apiUser>[0], baseURL: string | undefined, fans: User[]) {
  const user = await apiUser(playwright, baseURL, 'cvote');
  const qid = await askOverApi(user, 'A question that earns its asker reputation');
  for (const fan of fans)
    expect((await fan.api.post('/question/upvoteQuestion', json({ qid, username: fan.username }))).status()).toBe(200);
  return user;
}

test('an upvote shows beside the comment, live for another viewer, and is taken back', async ({
  page,
  browser,
  playwright,
  baseURL,
  javaScriptEnabled,
}) => {
  const asker = await apiUser(playwright, baseURL, 'cvask');
  const fan = await apiUser(playwright, baseURL, 'cvfan');
  const qid = await askOverApi(asker, 'A question whose comments get upvoted');
  const cid = await comment(asker, qid, 'Check the units before anything else.');
  const voter = await privilegedUser(playwright, baseURL, [asker, fan]);
  const own = await comment(voter, qid, 'Agreed, and the signs too.');

  // Another viewer (a visitor, with JavaScript) watches the page.
  const other = await browser.newContext({ baseURL, javaScriptEnabled: true });
  const watcher = await other.newPage();
  const watched = watching(watcher, qid);
  await watcher.goto(`/question/${qid}`);
  await watched;
  const seen = watcher.locator(`#comment-${cid}`);
  await expect(seen.getByText('Check the units before anything else.')).toBeVisible();
  await expect(seen.locator('.comment-score')).toHaveCount(0);
  await expect(seen.getByRole('button', { name: 'Upvote this comment' })).toHaveCount(0);

  await logIn(page, voter.username);
  await expect(page).toHaveURL(/\/home$/);
  await page.goto(`/question/${qid}`);
  const mine = page.locator(`#comment-${own}`);
  await expect(mine.getByText('Agreed, and the signs too.')).toBeVisible();
  await expect(mine.getByRole('button', { name: 'Upvote this comment' })).toHaveCount(0);
  const theirs = page.locator(`#comment-${cid}`);
  const button = theirs.getByRole('button', { name: 'Upvote this comment' });
  await expect(button).toHaveAttribute('aria-pressed', 'false');
  await button.click();
  await expect(button).toHaveAttribute('aria-pressed', 'true');
  await expect(theirs.locator('.comment-score')).toHaveText(/1 upvote$/);
  // Without JavaScript the post comes back to the page at the comment.
  if (!javaScriptEnabled) await expect(page).toHaveURL(new RegExp(`/question/${qid}#comment-${cid}$`));
  await expect(seen.locator('.comment-score')).toHaveText(/1 upvote$/);

  // The fan (1 reputation) is refused with the reason; the count stays one.
  const refused = await fan.api.post('/comment/upvoteComment', json({ cid }));
  expect(refused.status()).toBe(403);
  expect(await refused.text()).toContain(MSG.commentUpvotePrivilege);
  await page.reload();
  await expect(theirs.locator('.comment-score')).toHaveText(/1 upvote$/);

  await button.click();
  await expect(button).toHaveAttribute('aria-pressed', 'false');
  await expect(theirs.locator('.comment-score')).toHaveCount(0);
  await expect(seen.locator('.comment-score')).toHaveCount(0);
  await other.close();
  for (const user of [asker, fan, voter]) await user.api.dispose();
});

test('REST: an upvote counts once; a visitor, one’s own comment and a missing one are refused with a reason', async ({
  playwright,
  baseURL,
  javaScriptEnabled,
}) => {
  test.skip(!javaScriptEnabled, 'no page: once is enough');
  const asker = await apiUser(playwright, baseURL, 'cvrest');
  const fan = await apiUser(playwright, baseURL, 'cvfan');
  const qid = await askOverApi(asker, 'A question for comment upvotes over REST');
  const cid = await comment(asker, qid, 'A comment worth an upvote.');
  const voter = await privilegedUser(playwright, baseURL, [asker, fan]);
  const upvote = (user: User, body: unknown) => user.api.post('/comment/upvoteComment', json(body));

  const first = await upvote(voter, { cid });
  expect(first.status()).toBe(200);
  expect(await first.json()).toEqual({ cid, score: 1, upvoted: true });
  expect(await (await upvote(voter, { cid: Number(cid) })).json()).toEqual({ cid, score: 1, upvoted: true });
  const read = (await (await asker.api.get(`/question/getQuestionById/${qid}`)).json()) as Question;
  expect(read.comments.find((c) => c._id === cid)?.score).toBe(1);

  const visitor = await playwright.request.newContext({ baseURL });
  const anonymous = await visitor.post('/comment/upvoteComment', json({ cid }));
  expect(anonymous.status()).toBe(401);
  expect(await anonymous.text()).toContain(MSG.notSignedIn);
  const ownComment = await comment(voter, qid, 'My own remark.');
  const selfVote = await upvote(voter, { cid: ownComment });
  expect(selfVote.status()).toBe(403);
  expect(await selfVote.text()).toContain(MSG.ownCommentVote);
  const missing = await upvote(voter, { cid: '999999999' });
  expect(missing.status()).toBe(404);
  expect(await missing.text()).toContain(MSG.commentNotFound);
  const bad = await upvote(voter, { cid: 'abc' });
  expect(bad.status()).toBe(400);
  expect(await bad.text()).toContain(MSG.invalidId);

  const back = await voter.api.post('/comment/unvoteComment', json({ cid }));
  expect(await back.json()).toEqual({ cid, score: 0, upvoted: false });
  await visitor.dispose();
  for (const user of [asker, fan, voter]) await user.api.dispose();
});
