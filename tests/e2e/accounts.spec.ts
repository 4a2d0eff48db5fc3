/** Sign-up, login, logout, biography, password reset and deletion — with and without JavaScript. */
import { expect, test } from '@playwright/test';
import { logIn, logOut, PASSWORD, signUp, signUpByForm, uniqueName } from './fixtures.ts';

test('the login screen shows its heading, fields and a link to sign up', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByRole('heading', { name: 'Welcome to FakeStackOverflow!' })).toBeVisible();
  await expect(page.getByLabel('Username')).toBeVisible();
  await expect(page.getByLabel('Password', { exact: true })).toHaveAttribute('type', 'password');
  await page.getByRole('link', { name: 'Sign up here' }).click();
  await expect(page).toHaveURL(/\/signup$/);
  await expect(page.getByLabel('Confirm Password')).toBeVisible();
  await page.getByRole('link', { name: 'Login here' }).click();
  await expect(page).toHaveURL(/\/$/);
});

test('sign-up validates its fields with the spec messages', async ({ page }) => {
  await page.goto('/signup');
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(page.getByRole('alert')).toHaveText('Please enter a username and password');
  await page.getByLabel('Username').fill(uniqueName());
  await page.getByLabel('Password', { exact: true }).fill('one-password');
  await page.getByLabel('Confirm Password').fill('another-password');
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(page.getByRole('alert')).toHaveText('Passwords do not match');
});

test('a taken username is refused with the sign-up error prefix', async ({ page }) => {
  await page.goto('/signup');
  await page.getByLabel('Username').fill('alice');
  await page.getByLabel('Password', { exact: true }).fill('whatever-pw');
  await page.getByLabel('Confirm Password').fill('whatever-pw');
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(page.getByRole('alert')).toHaveText('Error while signing up: That username is already taken.');
});

test('sign up lands signed in on /home; log out returns to login and guards the screens', async ({ page }) => {
  const name = uniqueName();
  await signUpByForm(page, name);
  await expect(page.getByRole('link', { name: 'Fake Stack Overflow' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'All Questions' })).toBeVisible();
  for (const link of ['Questions', 'Tags', 'Users', 'Games'])
    await expect(page.getByRole('link', { name: link, exact: true })).toBeVisible();
  await logOut(page);
  await page.goto('/users');
  await expect(page).toHaveURL(/\/\?redirectTo=%2Fusers$/);
  await logIn(page, name, PASSWORD, true);
  await expect(page).toHaveURL(/\/users$/);
});

test('a wrong password shows the login error prefix and the server text on /, keeping the username', async ({
  page,
}) => {
  await logIn(page, 'alice', 'not-her-password');
  await expect(page.getByRole('alert')).toHaveText('Error while logging in: Invalid username or password.');
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByLabel('Username')).toHaveValue('alice');
  // Read once: a reload shows the plain login screen and posts nothing again.
  await page.reload();
  await expect(page.getByRole('alert')).toHaveCount(0);
});

test('a failed login from a guarded page keeps where to go after signing in', async ({ page }) => {
  const name = uniqueName();
  await signUp(page, name);
  await logOut(page);
  await page.goto('/users');
  await expect(page).toHaveURL(/\/\?redirectTo=%2Fusers$/);
  await logIn(page, name, 'not-the-password', true);
  await expect(page.getByRole('alert')).toHaveText('Error while logging in: Invalid username or password.');
  await expect(page).toHaveURL(/\/\?redirectTo=%2Fusers$/);
  await logIn(page, name, PASSWORD, true);
  await expect(page).toHaveURL(/\/users$/);
});

test('the owner edits the biography; Cancel keeps the old one', async ({ page }) => {
  const name = uniqueName();
  await signUp(page, name);
  await page.getByRole('link', { name: 'View Profile' }).click();
  await expect(page.getByRole('heading', { name })).toBeVisible();
  await expect(page.getByText(/Date joined: /)).toBeVisible();
  await page.getByRole('link', { name: 'Edit' }).click();
  await page.getByLabel('Biography').fill('Draft I will throw away');
  await page.getByRole('link', { name: 'Cancel' }).click();
  await expect(page.getByText('No biography yet.')).toBeVisible();
  await page.getByRole('link', { name: 'Edit' }).click();
  await page.getByLabel('Biography').fill('I answer questions about <b>HTML</b>');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Biography updated!' })).toBeVisible();
  await expect(page.getByText('I answer questions about <b>HTML</b>')).toBeVisible();
});

test('password reset checks both fields and the current password, then the new password works', async ({ page }) => {
  const name = uniqueName();
  await signUp(page, name);
  await page.goto(`/user/${name}`);
  await page.getByRole('button', { name: 'Reset Password' }).click();
  await expect(page.getByRole('alert')).toHaveText('Please enter and confirm your new password.');
  await page.getByLabel('New Password', { exact: true }).fill('new-password-1');
  await page.getByLabel('Confirm New Password').fill('new-password-2');
  await page.getByRole('button', { name: 'Reset Password' }).click();
  await expect(page.getByRole('alert')).toHaveText('Passwords do not match.');
  // A current password given is checked, even within minutes of signing in.
  await page.getByLabel('Current Password').fill('not-my-password');
  await page.getByLabel('New Password', { exact: true }).fill('new-password-1');
  await page.getByLabel('Confirm New Password').fill('new-password-1');
  await page.getByRole('button', { name: 'Reset Password' }).click();
  await expect(page.getByRole('alert')).toHaveText('Failed to reset password. Your current password is not correct.');
  await page.getByLabel('Current Password').fill(PASSWORD);
  await page.getByLabel('New Password', { exact: true }).fill('new-password-1');
  await page.getByLabel('Confirm New Password').fill('new-password-1');
  await page.getByRole('button', { name: 'Reset Password' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Password reset successful!' })).toBeVisible();
  await logOut(page);
  await logIn(page, name, PASSWORD);
  await expect(page.getByRole('alert')).toContainText('Error while logging in:');
  await logIn(page, name, 'new-password-1');
  await expect(page).toHaveURL(/\/home$/);
  // Just signed in: the new password alone is enough (GitHub's "sudo mode"; core's test covers the 10 minutes).
  await page.goto(`/user/${name}`);
  await page.getByLabel('New Password', { exact: true }).fill('new-password-2');
  await page.getByLabel('Confirm New Password').fill('new-password-2');
  await page.getByRole('button', { name: 'Reset Password' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Password reset successful!' })).toBeVisible();
});

test('deleting asks for confirmation, then signs out with the success message', async ({ page }) => {
  const name = uniqueName();
  await signUp(page, name);
  await page.goto(`/user/${name}`);
  await page.getByRole('link', { name: 'Delete This User' }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toBeVisible();
  await dialog.getByRole('link', { name: 'Cancel' }).click();
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await page.getByRole('link', { name: 'Delete This User' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Confirm' }).click();
  await expect(page.getByText(`User "${name}" deleted successfully.`)).toBeVisible();
  await expect(page).toHaveURL(/\/\?deleted=/);
  await logIn(page, name);
  await expect(page.getByRole('alert')).toContainText('Error while logging in:');
});

test("another user's profile shows no edit or danger controls", async ({ page }) => {
  await signUp(page, uniqueName());
  await page.goto('/user/alice');
  await expect(page.getByRole('heading', { name: 'alice' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Edit' })).toHaveCount(0);
  await expect(page.getByText('Danger Zone')).toHaveCount(0);
  await page.goto('/user/no-such-person');
  await expect(page.getByText('No user data found. Make sure the username parameter is correct.')).toBeVisible();
});

test('the users list filters by name and says when nobody matches', async ({ page }) => {
  await signUp(page, uniqueName());
  await page.getByRole('link', { name: 'Users', exact: true }).click();
  await expect(page.getByRole('link', { name: 'alice' })).toBeVisible();
  await expect(page.getByText(/joined \w{3} \d{2}, \d{4}/).first()).toBeVisible();
  await page.getByLabel('Search by username').fill('zzz-nobody');
  await page.getByLabel('Search by username').press('Enter');
  await expect(page.getByText('No Users Found')).toBeVisible();
  await page.getByLabel('Search by username').fill('bob');
  await page.getByLabel('Search by username').press('Enter');
  await expect(page.getByRole('link', { name: 'bob' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'alice' })).toHaveCount(0);
  await page.getByRole('link', { name: 'bob' }).click();
  await expect(page).toHaveURL(/\/user\/bob$/);
});
