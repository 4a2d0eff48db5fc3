/** The REST contract's answers to bad input (DESIGN): clear 4xx, plain text, nothing changed. */
import { expect, test } from '@playwright/test';
import { uniqueName } from './fixtures.ts';

test.skip(({ javaScriptEnabled }) => !javaScriptEnabled, 'HTTP-only checks run once');

const json = (data: unknown) => ({ data: JSON.stringify(data), headers: { 'Content-Type': 'application/json' } });

test('malformed JSON is 400, a body over 100 kB is 413, a wrong method is 405', async ({ request }) => {
  const bad = await request.post('/user/login', {
    data: Buffer.from('{"username":'),
    headers: { 'Content-Type': 'application/json' },
  });
  expect(bad.status()).toBe(400);
  expect(await bad.text()).toBe('The request body is not valid JSON.');
  const big = await request.post('/user/signup', json({ username: 'x', password: 'y'.repeat(120_000) }));
  expect(big.status()).toBe(413);
  expect((await request.get('/user/signup')).status()).toBe(405);
});

test('missing fields get the spec message; signup and login answer the user without its password', async ({
  request,
}) => {
  const empty = await request.post('/user/signup', json({ username: '  ', password: '' }));
  expect(empty.status()).toBe(400);
  expect(await empty.text()).toBe('Please enter a username and password');
  const name = uniqueName();
  const created = await request.post('/user/signup', json({ username: `  ${name} `, password: 'pw-123456' }));
  expect(created.status()).toBe(200);
  const user = await created.json();
  expect(user).toMatchObject({ username: name, biography: '' });
  expect(JSON.stringify(user)).not.toMatch(/password|argon/i);
  expect(created.headers()['set-cookie']).toMatch(/HttpOnly; SameSite=Lax/);
  expect((await request.post('/user/signup', json({ username: name, password: 'pw-123456' }))).status()).toBe(409);
});

test('writes need a session (401) and the owner (403), and change nothing otherwise', async ({
  playwright,
  baseURL,
}) => {
  const anon = await playwright.request.newContext({ baseURL });
  const unauth = await anon.patch('/user/updateBiography', json({ username: 'alice', biography: 'pwned' }));
  expect(unauth.status()).toBe(401);
  expect((await anon.get('/user/getUsers')).status()).toBe(401);
  expect((await anon.delete('/user/deleteUser/alice')).status()).toBe(401);

  const mallory = await playwright.request.newContext({ baseURL });
  const malloryName = uniqueName('m');
  expect((await mallory.post('/user/signup', json({ username: malloryName, password: 'pw-123456' }))).status()).toBe(
    200,
  );
  expect((await mallory.patch('/user/updateBiography', json({ username: 'alice', biography: 'pwned' }))).status()).toBe(
    403,
  );
  expect(
    (await mallory.patch('/user/resetPassword', json({ username: 'alice', password: 'pwned-by-mallory' }))).status(),
  ).toBe(403);
  expect((await mallory.delete('/user/deleteUser/alice')).status()).toBe(403);
  const ownWithWrongCurrent = await mallory.patch(
    '/user/resetPassword',
    json({ username: malloryName, password: 'new-pw-123456', currentPassword: 'not-it' }),
  );
  expect(ownWithWrongCurrent.status()).toBe(403);
  expect(await ownWithWrongCurrent.text()).toBe('Your current password is not correct.');
  const ownWithCurrent = await mallory.patch(
    '/user/resetPassword',
    json({ username: malloryName, password: 'new-pw-123456', currentPassword: 'pw-123456' }),
  );
  expect(ownWithCurrent.status()).toBe(200);
  const alice = await (await anon.get('/user/getUser/alice')).json();
  expect(alice.biography).not.toBe('pwned');
  expect((await anon.post('/user/login', json({ username: 'alice', password: 'fakestack123' }))).status()).toBe(200);
  expect((await anon.get('/user/getUser/nobody-here')).status()).toBe(404);
  await anon.dispose();
  await mallory.dispose();
});

test('users are listed a page at a time with the total', async ({ request }) => {
  await request.post('/user/signup', json({ username: uniqueName(), password: 'pw-123456' }));
  const page = await request.get('/user/getUsers?limit=2');
  expect(page.status()).toBe(200);
  expect(await page.json()).toHaveLength(2);
  expect(Number(page.headers()['x-total-count'])).toBeGreaterThanOrEqual(3);
});

test('repeated failed logins are answered 429 with Retry-After', async ({ request }) => {
  const name = uniqueName('r');
  await request.post('/user/signup', json({ username: name, password: 'right-password' }));
  let last = 0;
  for (let i = 0; i < 11; i++)
    last = (await request.post('/user/login', json({ username: name, password: 'wrong' }))).status();
  expect(last).toBe(429);
  const blocked = await request.post('/user/login', json({ username: name, password: 'right-password' }));
  expect(blocked.status()).toBe(429);
  expect(Number(blocked.headers()['retry-after'])).toBeGreaterThan(0);
  expect(await blocked.text()).toBe('Too many failed login attempts. Try again later.');
});
