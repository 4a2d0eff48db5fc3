/**
 * Security headers and the CSRF guard, seen by a browser: every screen loads and hydrates under
 * the Content-Security-Policy with no violation and no console error, the live socket connects,
 * and a form posted from another origin is refused with 403 while the site's own forms work.
 * And the edge as any client meets it: redirectTo, socket handshakes from other origins,
 * private caching, /metrics, malformed requests.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect, test, type APIRequestContext, type APIResponse, type Page } from '@playwright/test';
import { io } from 'socket.io-client';
import { MSG } from '@fso/shared';
import { E2E_CORS_ORIGIN, PASSWORD, signUp, uniqueName } from './fixtures.ts';

/** Records CSP violations and console errors of `page` from now on. */
function watch(page: Page) {
  const problems: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'error' || m.type() === 'warning') problems.push(`${m.type()}: ${m.text()}`);
  });
  page.on('pageerror', (e) => problems.push(`pageerror: ${e.message}`));
  return problems;
}

test('every response carries the security headers; HSTS only in production', async ({ request }) => {
  for (const path of ['/', '/home', '/question/getQuestion', '/healthz']) {
    const res = await request.get(path);
    const headers = res.headers();
    const csp = headers['content-security-policy'];
    expect(csp, path).toMatch(/script-src 'self' 'nonce-[A-Za-z0-9+/=]{20,}'/);
    expect(csp).toContain("frame-ancestors 'none'");
    // Forms post to this site only, and through the sign-in buttons' redirect to the one (mock) provider.
    expect(csp).toMatch(/(^|; )form-action 'self' http:\/\/127\.0\.0\.1:\d+(;|$)/);
    expect(csp).not.toContain('unsafe-inline');
    expect(headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    expect(headers['x-content-type-options']).toBe('nosniff');
    // The e2e server runs with NODE_ENV=production.
    expect(headers['strict-transport-security']).toContain('max-age=');
  }
  const a = (await request.get('/')).headers()['content-security-policy'];
  const b = (await request.get('/')).headers()['content-security-policy'];
  expect(a).not.toBe(b);
});

test('the page scripts carry the nonce of their own response and nothing inline lacks it', async ({ request }) => {
  const res = await request.get('/');
  const nonce = /'nonce-([^']+)'/.exec(res.headers()['content-security-policy']!)![1];
  const html = await res.text();
  const scripts = [...html.matchAll(/<script\b[^>]*>/g)].map((m) => m[0]);
  expect(scripts.length).toBeGreaterThan(0);
  for (const tag of scripts) expect(tag).toContain(`nonce="${nonce}"`);
});

test.describe('with JavaScript', () => {
  test.skip(({ javaScriptEnabled }) => !javaScriptEnabled, 'hydration and the socket need JavaScript');

  test('every screen renders, hydrates and connects its socket with no CSP violation or console error', async ({
    page,
  }) => {
    const problems = watch(page);
    await page.goto('/');
    await expect(page.getByRole('heading', { name: 'Welcome to FakeStackOverflow!' })).toBeVisible();
    const user = uniqueName('csp');
    await signUp(page, user);

    await page.goto('/home');
    await expect(page.getByText('Connecting to live updates')).toHaveCount(0);
    const firstQuestion = page.locator('a[href^="/question/"]').first();
    const questionPath = await firstQuestion.getAttribute('href');
    await page.goto('/games');
    await page.getByLabel('Game type').selectOption('Nim');
    await page.getByRole('button', { name: 'Create Game' }).click();
    await expect(page).toHaveURL(/\/games\/\d+$/);
    const gamePath = new URL(page.url()).pathname;

    const screens = [
      '/signup',
      '/home',
      '/tags',
      '/messaging',
      '/messaging/direct-message',
      questionPath!,
      '/new/question',
      `/new/answer/${questionPath!.split('/').pop()}`,
      '/users',
      `/user/${user}`,
      '/games',
      gamePath,
    ];
    for (const path of screens) {
      await page.goto(path);
      await page.waitForLoadState('networkidle');
      if (path !== '/signup') await expect(page.getByText('Connecting to live updates'), path).toHaveCount(0);
    }
    // Client-side navigation (single-fetch data requests) under the same policy.
    await page.getByRole('link', { name: 'Tags' }).first().click();
    await expect(page).toHaveURL(/\/tags$/);
    expect(problems).toEqual([]);
  });

  test('a form on another origin cannot post to the site with the signed-in cookie; the site own forms can', async ({
    page,
  }) => {
    await signUp(page, uniqueName('csrf'));
    // The attacker's page, on another port (another origin), auto-submits a question.
    const evil: Server = createServer((_req, res) => {
      res.setHeader('Content-Type', 'text/html');
      res.end(`<form method="post" action="${new URL('/new/question', page.url()).href}">
        <input name="title" value="forged"><input name="text" value="forged"><input name="tags" value="forged">
        <button>go</button></form>`);
    });
    await new Promise<void>((resolve) => evil.listen(0, '127.0.0.1', resolve));
    try {
      await page.goto(`http://localhost:${(evil.address() as AddressInfo).port}/`);
      const [response] = await Promise.all([
        page.waitForResponse(/\/new\/question/),
        page.getByRole('button', { name: 'go' }).click(),
      ]);
      expect(response.status()).toBe(403);
      await expect(page.locator('body')).toHaveText(MSG.crossSiteRefused);
    } finally {
      evil.close();
    }
    await page.goto('/new/question');
    await page.getByLabel('Question Title').fill('Posted from the site itself');
    await page.getByLabel('Question Text').fill('Same-origin forms still work.');
    await page.getByLabel('Tags').fill('csrf');
    await page.getByRole('button', { name: 'Post Question' }).click();
    await expect(page).toHaveURL(/\/home$/);
  });
});

test('REST mutations: another origin is refused; a CORS origin, the site and a non-browser client pass', async ({
  request,
  baseURL,
}) => {
  const body = { username: uniqueName('nobody'), password: 'wrong-password' };
  const evil = await request.post('/user/login', { data: body, headers: { Origin: 'https://evil.example' } });
  expect(evil.status()).toBe(403);
  expect(await evil.text()).toBe(MSG.crossSiteRefused);
  const crossSite = await request.post('/user/login', {
    data: body,
    headers: { 'Sec-Fetch-Site': 'cross-site', Origin: 'https://evil.example' },
  });
  expect(crossSite.status()).toBe(403);
  const byReferer = await request.post('/user/login', {
    data: body,
    headers: { Referer: 'https://evil.example/page' },
  });
  expect(byReferer.status()).toBe(403);
  // The configured CORS origin (scripts/e2e-server.mjs), the same origin, and a client that sends no Origin at all (curl, the spec's tests): judged on their merits.
  const trusted = await request.post('/user/login', {
    data: body,
    headers: { Origin: E2E_CORS_ORIGIN, 'Sec-Fetch-Site': 'cross-site' },
  });
  expect(trusted.status()).toBe(401);
  expect(trusted.headers()['access-control-allow-origin']).toBe(E2E_CORS_ORIGIN);
  expect((await request.post('/user/login', { data: body, headers: { Origin: baseURL! } })).status()).toBe(401);
  expect((await request.post('/user/login', { data: body })).status()).toBe(401);
  // Reading is never refused.
  expect((await request.get('/question/getQuestion', { headers: { Origin: 'https://evil.example' } })).status()).toBe(
    200,
  );
});

test.describe('the edge, without a browser page', () => {
  test.skip(({ javaScriptEnabled }) => !javaScriptEnabled, 'HTTP-level checks run once');

  /** A new user's session cookie, signed up over the REST path. */
  async function session(request: APIRequestContext) {
    const res = await request.post('/user/signup', { data: { username: uniqueName('edge'), password: PASSWORD } });
    expect(res.status()).toBe(200);
    return res.headers()['set-cookie']!.split(';')[0]!;
  }

  test('redirectTo after sign-in stays on the site: anything else, or a broken value, goes to /home', async ({
    request,
  }) => {
    const cookie = await session(request);
    const landing = async (redirectTo: string) => {
      const res = await request.get(`/?redirectTo=${redirectTo}`, { headers: { cookie }, maxRedirects: 0 });
      expect(res.status(), redirectTo).toBe(302);
      return res.headers()['location'];
    };
    expect(await landing('%2Fusers')).toBe('/users');
    for (const evil of [
      '%2F%09%2Fevil.com',
      '%2F%5Cevil.com',
      '%2F%2Fevil.com',
      'https%3A%2F%2Fevil.com',
      '%0A',
      '%2F%0D%0A%2Fevil.com',
    ])
      expect(await landing(evil), evil).toBe('/home');
  });

  test('a Socket.IO handshake from another origin is refused like a cross-site write; the site and non-browser clients connect', async ({
    request,
    baseURL,
  }) => {
    const cookie = await session(request);
    const attempt = (headers: Record<string, string>) =>
      new Promise<string>((resolve) => {
        const socket = io(baseURL, {
          transports: ['websocket'],
          reconnection: false,
          extraHeaders: { cookie, ...headers },
        });
        socket.once('connect', () => resolve('connected'));
        socket.once('connect_error', (error) => resolve(`refused: ${error.message}`));
      });
    expect(await attempt({ Origin: 'https://evil.example' })).toMatch(/^refused/);
    // Same host, other scheme: another origin.
    expect(await attempt({ Origin: baseURL!.replace('http:', 'https:') })).toMatch(/^refused/);
    expect(await attempt({ Origin: baseURL! })).toBe('connected');
    expect(await attempt({ Origin: E2E_CORS_ORIGIN })).toBe('connected');
    expect(await attempt({})).toBe('connected');
  });

  test('a form or fetch from the same host over another scheme is refused', async ({ request, baseURL }) => {
    const res = await request.post('/user/login', {
      data: { username: uniqueName('nobody'), password: 'wrong-password' },
      headers: { Origin: baseURL!.replace('http:', 'https:') },
    });
    expect(res.status()).toBe(403);
    expect(await res.text()).toBe(MSG.crossSiteRefused);
  });

  test('answers about the signed-in user are Cache-Control: private, no-store; public pages for visitors are not', async ({
    request,
  }) => {
    const cookie = await session(request);
    for (const path of [
      '/messaging',
      '/messaging/direct-message',
      '/home',
      '/messaging/getMessages',
      '/user/getUsers',
    ]) {
      const res = await request.get(path, { headers: { cookie } });
      expect(res.status(), path).toBe(200);
      expect(res.headers()['cache-control'], path).toBe('private, no-store');
    }
    const signIn = await request.post('/user/signup', { data: { username: uniqueName('edge'), password: PASSWORD } });
    expect(signIn.headers()['cache-control']).toBe('private, no-store');
    for (const path of ['/home', '/question/getQuestion'])
      expect(
        (await request.get(path, { headers: { cookie: '' } })).headers()['cache-control'] ?? '',
        path,
      ).not.toContain('private');
  });

  test('/metrics does not exist without METRICS_TOKEN', async ({ request }) => {
    const res = await request.get('/metrics');
    expect(res.status()).toBe(404);
    expect(await res.text()).not.toContain('process_cpu');
  });

  test('malformed requests get a 4xx with a plain text, never a 500 or a stack trace', async ({ request }) => {
    const cookie = await session(request);
    const checks: [string, Promise<APIResponse>][] = [
      ...[
        '/home?search=%00',
        '/home?tag=%00',
        '/question/getQuestion?search=%00',
        '/tag/getTagByName/%00',
        '/user/getUser/%00',
        '/question/semanticSearch?text=%00',
        '/users?filter=%00',
        '/question/1%00',
      ].map((path): [string, Promise<APIResponse>] => [path, request.get(path, { headers: { cookie } })]),
      ['/%FF', request.get('/%FF')],
      ['TRACE /', request.fetch('/', { method: 'TRACE' })],
      ['POST /auth/github (no form)', request.post('/auth/github')],
      ['POST /signup (JSON)', request.post('/signup', { data: { username: 'x', password: 'y' } })],
      ['POST /new/question (JSON)', request.post('/new/question', { data: { title: 't' }, headers: { cookie } })],
      ['POST /new/question (no body)', request.post('/new/question', { headers: { cookie } })],
      ['POST /?index (no body)', request.post('/?index')],
      ['bad session cookie', request.get('/home', { headers: { cookie: 'fso_session=%E0%A4%A' } })],
    ];
    for (const [what, pending] of checks) {
      const res = await pending;
      const text = await res.text();
      expect([200, 400, 404, 405], `${what}: ${res.status()} ${text.slice(0, 200)}`).toContain(res.status());
      expect(text, what).not.toMatch(/\n\s+at |node_modules|\/remix-app\//);
    }
    expect((await request.get('/home?search=%00')).status()).toBe(400);
    expect(await (await request.get('/tag/getTagByName/%00')).text()).toBe(MSG.nulInAddress);
    expect((await request.fetch('/', { method: 'TRACE' })).status()).toBe(405);
  });
});
