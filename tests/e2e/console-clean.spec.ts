/**
 * The browser console stays clean through the common flows with JavaScript (issue 42, item 12):
 * a refused form (wrong password, taken name, empty comment or message, a move out of turn) is
 * an answer, not a failed resource, and typing in a filter aborts stale requests quietly.
 */
import { expect, test, type Page, type Request } from '@playwright/test';
import { PASSWORD, signUp, uniqueName } from './fixtures.ts';

/** Console errors and warnings and page errors of `page` from now on. */
function watch(page: Page) {
  const problems: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'error' || m.type() === 'warning') problems.push(`${m.type()}: ${m.text()}`);
  });
  page.on('pageerror', (e) => problems.push(`pageerror: ${e.message}`));
  return problems;
}

test('a refused form is 200 to a script, its status in the reply, and keeps its status without one', async ({
  request,
  baseURL,
  javaScriptEnabled,
}) => {
  test.skip(!javaScriptEnabled, 'a request, the same in both projects');
  const form = { username: 'alice', password: PASSWORD, confirmPassword: PASSWORD };
  const headers = { Origin: baseURL! };
  const byScript = await request.post('/signup.data', { form, headers });
  expect(byScript.status()).toBe(200);
  expect(await byScript.text()).toMatch(/"status",409/);
  const byForm = await request.post('/signup', { form, headers, maxRedirects: 0 });
  expect(byForm.status()).toBe(409);
});

test('refused forms and a typed filter log nothing in the console', async ({ page, javaScriptEnabled }) => {
  test.skip(!javaScriptEnabled, 'the console of a page that runs scripts');
  test.slow();
  const problems = watch(page);
  const me = uniqueName('quiet');

  await page.goto('/');
  await page.getByLabel('Username').fill(me);
  await page.getByLabel('Password', { exact: true }).fill('wrong-password-1');
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(page.getByRole('alert')).toContainText('Error while logging in:');

  await page.goto('/signup');
  await page.getByLabel('Username').fill('alice');
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByLabel('Confirm Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(page.getByRole('alert')).toContainText('Error while signing up:');
  await signUp(page, me);

  await page.getByRole('link', { name: 'Ask a Question' }).click();
  await page.getByRole('button', { name: 'Post Question' }).click();
  await expect(page.getByText('Title cannot be empty')).toBeVisible();
  await page.getByLabel('Question Title').fill(`Quiet console ${me}`);
  await page.getByLabel('Question Text').fill('Nothing *to* log.');
  await page.getByLabel('Tags').fill('console');
  await page.getByRole('button', { name: 'Post Question' }).click();
  // Posting embeds the question for search: slow on a busy machine.
  await expect(page).toHaveURL(/\/home$/, { timeout: 20_000 });
  await page.getByRole('link', { name: `Quiet console ${me}` }).click();
  await page.getByRole('button', { name: 'Add comment' }).first().click();
  await expect(page.getByRole('alert')).toHaveText('Comment text cannot be empty');

  await page.goto('/messaging');
  await page.getByRole('button', { name: 'Send' }).click();
  await expect(page.getByRole('alert')).toHaveText('Message cannot be empty');

  await page.goto('/users');
  // A slow network: each keystroke comes while the request of the one before is in flight. A data
  // request aborted by the next one is what logged an AbortError, when cut while its body streamed.
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  const slow = { offline: false, latency: 300, downloadThroughput: -1, uploadThroughput: -1 };
  await cdp.send('Network.emulateNetworkConditions', slow);
  let inFlight = 0;
  let overlapping = 0;
  const ofUsers = (r: Request) => new URL(r.url()).pathname === '/users.data';
  page.on('request', (r) => {
    if (!ofUsers(r)) return;
    if (inFlight > 0) overlapping++;
    inFlight++;
  });
  const settled = (r: Request) => void (ofUsers(r) && inFlight--);
  page.on('requestfinished', settled);
  page.on('requestfailed', settled);
  await page.getByLabel('Search by username').pressSequentially('alicexyz', { delay: 100 });
  await expect(page).toHaveURL(/filter=alicexyz/);
  await expect(page.getByText('No Users Found')).toBeVisible();
  await cdp.send('Network.emulateNetworkConditions', { ...slow, latency: 0 });
  expect(overlapping, 'a filter request started while another was in flight').toBe(0);

  await page.goto(`/user/${me}`);
  await page.getByLabel('Current Password').fill('not-my-password-1');
  await page.getByLabel('New Password', { exact: true }).fill('another-horse-2');
  await page.getByLabel('Confirm New Password').fill('another-horse-2');
  await page.getByRole('button', { name: 'Reset Password' }).click();
  await expect(page.getByRole('alert')).toContainText('Failed to reset password.');

  await page.goto('/games');
  await page.getByLabel('Game type').selectOption('Nim');
  await page.getByRole('button', { name: 'Create Game' }).click();
  await expect(page).toHaveURL(/\/games\/\d+$/);
  await page.getByRole('link', { name: 'Games' }).first().click();
  await expect(page).toHaveURL(/\/games$/);

  expect(problems).toEqual([]);
});
