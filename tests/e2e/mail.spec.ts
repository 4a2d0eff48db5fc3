/**
 * Email through a real SMTP server (the e2e server's, scripts/e2e-mail-sink.ts), with and
 * without JavaScript: an address added on the profile and confirmed by its link, then a
 * forgotten password recovered by mail — signed in with the new one, every other session
 * signed out, the link good only once; and the request's answer that tells nothing.
 */
import { expect, test } from '@playwright/test';
import { MAIL_MSG } from '@fso/shared';
import { logOut, signUp, uniqueName } from './fixtures.ts';
import { linkIn, mailCount, mailTo } from './mailbox.ts';

test('an address confirmed by its link, then a forgotten password recovered by mail', async ({ page, browser }) => {
  test.slow(); // two mails, four forms and a second sign-in
  const name = uniqueName('mail');
  const address = `${name}@example.com`;
  await signUp(page, name);
  const otherDevice = await browser.newContext();
  const other = await otherDevice.newPage();
  await other.context().addCookies(await page.context().cookies());

  await page.goto(`/user/${name}`);
  await expect(page.locator('#current-email')).toHaveText(MAIL_MSG.emailNone);
  await page.getByLabel('New email address').fill(address);
  await page.getByRole('button', { name: 'Send confirmation link' }).click();
  await expect(page.getByRole('status')).toHaveText(MAIL_MSG.emailSent(address));
  const confirm = await mailTo(address, 'Confirm your email address');
  expect(confirm.html).toContain('Confirm this address');
  await page.goto(linkIn(confirm, '/confirm-email/'));
  await page.getByRole('button', { name: 'Confirm this address' }).click();
  await expect(page.getByRole('status')).toHaveText(MAIL_MSG.emailConfirmed(address));
  await page.getByRole('link', { name: 'Go to the site' }).click();
  await page.goto(`/user/${name}`);
  await expect(page.locator('#current-email')).toHaveText(address);

  await logOut(page);
  await page.getByRole('link', { name: MAIL_MSG.forgotLink }).click();
  await expect(page).toHaveURL(/\/forgot-password$/);
  await page.getByLabel('Username or email').fill(address);
  await page.getByRole('button', { name: 'Send reset link' }).click();
  await expect(page.getByRole('status')).toHaveText(MAIL_MSG.resetRequested);
  const reset = await mailTo(address, 'Reset your password');
  const link = linkIn(reset, '/reset-password/');
  await page.goto(link);
  await expect(page.getByText(`New password for ${name}.`)).toBeVisible();
  await page.getByLabel('New Password', { exact: true }).fill('brand-new-pass-42');
  await page.getByLabel('Confirm New Password').fill('brand-new-pass-42');
  await page.getByRole('button', { name: 'Set new password' }).click();
  await expect(page).toHaveURL(/\/home$/);
  await expect(page.getByRole('link', { name: 'View Profile' })).toBeVisible();

  // The session the other device had is over.
  await other.goto('/users');
  await expect(other).toHaveURL(/\/\?redirectTo=%2Fusers$/);
  await otherDevice.close();

  await page.goto(link);
  await expect(page.getByRole('alert')).toHaveText(MAIL_MSG.tokenUsed);
  await expect(page.getByRole('link', { name: 'Ask for a new link' })).toBeVisible();

  await page.goto('/home');
  await logOut(page);
  await page.getByLabel('Username').fill(name);
  await page.getByLabel('Password', { exact: true }).fill('brand-new-pass-42');
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(page).toHaveURL(/\/home$/);
});

test('a reset link that never was, or a mismatched confirmation, says so', async ({ page }) => {
  await page.goto('/reset-password/not-a-real-token');
  await expect(page.getByRole('alert')).toHaveText(MAIL_MSG.tokenUnknown);
  await page.goto('/confirm-email/not-a-real-token');
  await expect(page.getByRole('alert')).toHaveText(MAIL_MSG.tokenUnknown);
});

test('asking for a reset answers the same for an unknown name, and mails nobody', async ({ page, request }) => {
  const nobody = `${uniqueName('nobody')}@example.com`;
  for (const username of [nobody, uniqueName('ghost')]) {
    const answer = await request.post('/user/requestPasswordReset', { data: { username } });
    expect(answer.status()).toBe(200);
    expect(await answer.json()).toEqual({ message: MAIL_MSG.resetRequested });
  }
  await page.goto('/forgot-password');
  await page.getByLabel('Username or email').fill(nobody);
  await page.getByRole('button', { name: 'Send reset link' }).click();
  await expect(page.getByRole('status')).toHaveText(MAIL_MSG.resetRequested);
  expect(mailCount(nobody)).toBe(0);
});

test('a question is followed and a tag watched with one button each, which says its state', async ({ page }) => {
  await signUp(page, uniqueName('follow'));
  await page.goto('/home?tag=react');
  await page.getByRole('button', { name: 'Watch tag' }).click();
  await expect(page.getByRole('button', { name: 'Watching' })).toHaveAttribute('aria-pressed', 'true');
  await page.getByRole('link', { name: 'Why does my React effect run twice in development?' }).click();
  await page.getByRole('button', { name: 'Follow', exact: true }).click();
  await expect(page.getByRole('button', { name: 'Following' })).toHaveAttribute('aria-pressed', 'true');
  await page.getByRole('button', { name: 'Following' }).click();
  await expect(page.getByRole('button', { name: 'Follow', exact: true })).toHaveAttribute('aria-pressed', 'false');
});
