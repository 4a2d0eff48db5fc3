/**
 * Sign-in with GitHub and Google through the real authorization-code flow (PKCE, state) against
 * the local mock provider that scripts/e2e-server.mjs starts (scripts/oauth-mock.mjs), with and
 * without JavaScript; and POST /user/firebaseLogin with ID tokens the mock signs.
 */
import { expect, test, type Page } from '@playwright/test';
import { logOut, uniqueName } from './fixtures.ts';

const MOCK = `http://127.0.0.1:${process.env.E2E_OAUTH_PORT}`;

test.skip(!!process.env.E2E_BASE_URL, 'needs the mock provider the e2e server starts');

interface Identity {
  sub?: string;
  login?: string;
  email?: string;
  verified?: boolean;
}

/** From the login (or sign-up) screen to the mock's consent page, then fills in who signs in. */
async function startSignIn(page: Page, button: string, who: Identity = {}) {
  await page.getByRole('button', { name: button }).click();
  await expect(page.getByRole('heading', { name: /^Authorize mock-(github|google)-client\?$/ })).toBeVisible();
  if (who.sub) await page.getByLabel('Stable id').fill(who.sub);
  if (who.login) await page.getByLabel('Login').fill(who.login);
  if (who.email !== undefined) await page.getByLabel('Email', { exact: true }).fill(who.email);
  if (who.verified === false) await page.getByLabel('Email verified').uncheck();
}

async function signInWith(page: Page, button: string, who: Identity) {
  await page.goto('/');
  await startSignIn(page, button, who);
  await page.getByRole('button', { name: 'Allow' }).click();
}

const signedInAs = async (page: Page, username: string) => {
  await expect(page).toHaveURL(/\/home$/);
  await expect(page.getByRole('link', { name: 'View Profile' })).toHaveAttribute('href', `/user/${username}`);
};

test('the login and sign-up screens offer GitHub and Google as plain forms', async ({ page }) => {
  await page.goto('/');
  for (const label of ['Sign in with GitHub', 'Sign in with Google'])
    await expect(page.getByRole('button', { name: label })).toBeEnabled();
  await page.goto('/signup');
  for (const label of ['Sign up with GitHub', 'Sign up with Google'])
    await expect(page.getByRole('button', { name: label })).toBeEnabled();
});

test('GitHub: consent on the provider, land on /home signed in; the next sign-in finds the same account', async ({
  page,
}) => {
  const login = uniqueName('gh');
  const sub = uniqueName('id');
  await signInWith(page, 'Sign in with GitHub', { sub, login, email: `${login}@example.test` });
  await signedInAs(page, login);
  await logOut(page);
  await signInWith(page, 'Sign in with GitHub', { sub, login: uniqueName('renamed'), email: '' });
  await signedInAs(page, login);
});

test('Google from the sign-up screen creates the account and signs in', async ({ page }) => {
  const login = uniqueName('gg');
  await page.goto('/signup');
  await startSignIn(page, 'Sign up with Google', { login, email: `${login}@example.test` });
  await page.getByRole('button', { name: 'Allow' }).click();
  await signedInAs(page, login);
});

test('signing in from a page that asked for it returns to that page', async ({ page }) => {
  const login = uniqueName('back');
  await page.goto('/new/question');
  await expect(page).toHaveURL(/\/\?redirectTo=%2Fnew%2Fquestion$/);
  await startSignIn(page, 'Sign in with GitHub', { login, email: `${login}@example.test` });
  await page.getByRole('button', { name: 'Allow' }).click();
  await expect(page).toHaveURL(/\/new\/question$/);
  await expect(page.getByRole('button', { name: 'Post Question' })).toBeVisible();
});

test('an account without a verified email is refused and nobody is created', async ({ page }) => {
  const login = uniqueName('nomail');
  await signInWith(page, 'Sign in with GitHub', { login, email: `${login}@example.test`, verified: false });
  await expect(page).toHaveURL(/\/\?oauth=email/);
  await expect(page.getByRole('alert')).toHaveText('Email required for oauth');
  expect((await page.request.get(`/user/getUser/${login}`)).status()).toBe(404);
});

test('cancelling consent brings the visitor back to the login screen with a message', async ({ page }) => {
  await page.goto('/');
  await startSignIn(page, 'Sign in with Google');
  await page.getByRole('button', { name: 'Deny' }).click();
  await expect(page).toHaveURL(/\/\?oauth=cancelled/);
  await expect(page.getByRole('status')).toHaveText('Sign-in with Google was cancelled. Nothing was changed.');
  await expect(page.getByRole('heading', { name: 'Welcome to FakeStackOverflow!' })).toBeVisible();
});

test('a callback with a state this browser did not start is refused', async ({ page }) => {
  await page.goto('/');
  await startSignIn(page, 'Sign in with GitHub');
  await page.goto('/auth/github/callback?code=stolen-code&state=forged-state');
  await expect(page.getByRole('alert')).toHaveText(
    /^Error while logging in with firebase oauth: this sign-in link has expired/,
  );
  await expect(page.getByRole('link', { name: 'View Profile' })).toHaveCount(0);
});

test('a replayed callback is refused, with or without the old state cookie', async ({ page, context }) => {
  const login = uniqueName('replay');
  await page.goto('/');
  await startSignIn(page, 'Sign in with GitHub', { login, email: `${login}@example.test` });
  const stateCookies = (await context.cookies()).filter((c) => c.name.startsWith('fso_oauth_github'));
  expect(stateCookies).toHaveLength(1);
  const callback = page.waitForRequest(/\/auth\/github\/callback\?/);
  await page.getByRole('button', { name: 'Allow' }).click();
  const callbackUrl = (await callback).url();
  await signedInAs(page, login);
  expect((await context.cookies()).filter((c) => c.name.startsWith('fso_oauth_github'))).toHaveLength(0);
  await logOut(page);

  await page.goto(callbackUrl);
  await expect(page.getByRole('alert')).toHaveText(
    /^Error while logging in with firebase oauth: this sign-in link has expired/,
  );
  await context.addCookies(stateCookies);
  await page.goto(callbackUrl);
  await expect(page.getByRole('alert')).toHaveText(
    /^Error while logging in with firebase oauth: GitHub refused the sign-in code/,
  );
  await expect(page.getByRole('link', { name: 'View Profile' })).toHaveCount(0);
});

test('the same verified email on another provider links to the account only after confirmation', async ({ page }) => {
  const login = uniqueName('link');
  const email = `${login}@example.test`;
  await signInWith(page, 'Sign in with GitHub', { login, email });
  await signedInAs(page, login);
  await logOut(page);

  const googleSub = uniqueName('g');
  await signInWith(page, 'Sign in with Google', { sub: googleSub, login: uniqueName('other'), email });
  await expect(page).toHaveURL(/\/auth\/link$/);
  await expect(page.getByRole('heading', { name: 'Link your Google account?' })).toBeVisible();
  await expect(page.getByText(`The account ${login} on Fake Stack Overflow uses the same email`)).toBeVisible();
  await page.getByRole('button', { name: 'Cancel' }).click();
  await expect(page.getByRole('status')).toHaveText('Nothing was linked. You can sign in with your password instead.');

  await signInWith(page, 'Sign in with Google', { sub: googleSub, email });
  await page.getByRole('button', { name: 'Link and sign in' }).click();
  await signedInAs(page, login);
  await logOut(page);
  await signInWith(page, 'Sign in with Google', { sub: googleSub, email: '' });
  await signedInAs(page, login);
});

test.describe('POST /user/firebaseLogin', () => {
  test.skip(({ javaScriptEnabled }) => !javaScriptEnabled, 'HTTP-only checks run once');

  const idToken = async (payload: Record<string, unknown>) => {
    const response = await fetch(`${MOCK}/id-token`, { method: 'POST', body: JSON.stringify({ payload }) });
    return ((await response.json()) as { idToken: string }).idToken;
  };

  test('a bare firebaseId and email get 401; a verified ID token signs in and answers the user', async ({
    request,
  }) => {
    const sub = uniqueName('fb');
    const bare = await request.post('/user/firebaseLogin', { data: { firebaseId: sub, email: `${sub}@example.test` } });
    expect(bare.status()).toBe(401);
    expect(await bare.text()).toMatch(/ID token/);

    const forged = await idToken({ sub, aud: 'another-project', email: `${sub}@example.test`, email_verified: true });
    const wrongAudience = await request.post('/user/firebaseLogin', { data: { firebaseId: sub, idToken: forged } });
    expect(wrongAudience.status()).toBe(401);
    expect(await wrongAudience.text()).toBe('The ID token could not be verified: its "aud" claim is not accepted.');

    const token = await idToken({
      sub,
      aud: 'mock-firebase-project',
      email: `${sub}@example.test`,
      email_verified: true,
    });
    const ok = await request.post('/user/firebaseLogin', {
      data: { firebaseId: sub },
      headers: { Authorization: `Bearer ${token}` },
    });
    expect(ok.status()).toBe(200);
    expect(await ok.json()).toMatchObject({ username: sub, firebaseId: sub, email: `${sub}@example.test` });
    expect(ok.headers()['set-cookie']).toMatch(/fso_session=.*HttpOnly; SameSite=Lax/);
  });
});
