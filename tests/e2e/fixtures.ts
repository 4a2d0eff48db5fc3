/** Shared e2e helpers: unique users, signing up (over REST, or through the screen) and in through the real screens. */
import { expect, test, type APIRequestContext, type Page, type WebSocketRoute } from '@playwright/test';
import { SOCKET_CLIENT_OPTIONS } from '@fso/shared';

let n = 0;
export const uniqueName = (prefix = 'u') =>
  `${prefix}${Date.now().toString(36)}${(n++).toString(36)}${Math.floor(Math.random() * 1e4)}`;

export const PASSWORD = 'correct-horse-1';

/** The CORS_ORIGINS entry the e2e server is started with (scripts/e2e-server.mjs). */
export const E2E_CORS_ORIGIN = 'http://spec-client.localhost:5173';

/** Signs up through the sign-up screen, which lands signed in on /home (accounts.spec.ts tests that screen). */
export async function signUpByForm(page: Page, username: string, password = PASSWORD) {
  await page.goto('/signup');
  await page.getByLabel('Username').fill(username);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByLabel('Confirm Password').fill(password);
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(page).toHaveURL(/\/home$/);
}

/**
 * Signs `page`'s browser context up as `username` over REST (the same sign-up as the screen's; the
 * context keeps the session cookie) and opens /home, where the screen lands: for a test about
 * something else, without a page load and a form of its own.
 */
export async function signUp(page: Page, username: string, password = PASSWORD) {
  expect((await page.request.post('/user/signup', json({ username, password }))).status()).toBe(200);
  await page.goto('/home');
  await expect(page).toHaveURL(/\/home$/);
}

/** Logs in from the login screen; `stay` keeps the current URL (e.g. its redirectTo). */
export async function logIn(page: Page, username: string, password = PASSWORD, stay = false) {
  if (!stay) await page.goto('/');
  await page.getByLabel('Username').fill(username);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Submit' }).click();
}

export async function logOut(page: Page) {
  await page.getByRole('button', { name: 'Log out' }).click();
  await expect(page.getByRole('heading', { name: 'Welcome to FakeStackOverflow!' })).toBeVisible();
}

export const jsEnabled = (projectName: string) => projectName !== 'nojs';

/**
 * How long after `restore()` a page may take to be live again: an attempt begun while the
 * socket was cut can wait out Socket.IO's connect timeout (seen on the cluster under load), and
 * the next one comes at most reconnectionDelayMax later.
 */
export const RECONNECTED_WITHIN = SOCKET_CLIENT_OPTIONS.timeout + SOCKET_CLIENT_OPTIONS.reconnectionDelayMax + 5_000;

/**
 * Lets a test cut a page's socket connection and restore it, deterministically: Chromium's
 * offline mode does not always close an open WebSocket. Install before the page connects.
 * The test gets three times its time: reconnecting alone may take RECONNECTED_WITHIN.
 */
export async function socketSwitch(page: Page) {
  test.slow();
  let down = false;
  const open = new Set<WebSocketRoute>();
  // The page's sockets are numbered; `connected` is the newest one Socket.IO has answered with
  // CONNECT ("40…"). An older socket may be that of a page that has gone (sign-up's visitor socket).
  let sockets = 0;
  let connected = 0;
  await page.routeWebSocket(/\/socket\.io\//, (ws) => {
    if (down) return void ws.close();
    const mine = ++sockets;
    const server = ws.connectToServer();
    server.onMessage((message) => {
      if (typeof message === 'string' && message.startsWith('40')) connected = Math.max(connected, mine);
      ws.send(message);
    });
    open.add(ws);
  });
  await page.route(/\/socket\.io\//, (route) => (down ? route.abort() : route.continue()));
  return {
    /** Cuts the connection once the page's newest socket is connected (a page starts idle, so no banner does not mean connected). */
    async cut() {
      await expect.poll(() => sockets > 0 && connected === sockets, { timeout: 15_000 }).toBe(true);
      down = true;
      for (const ws of open) await ws.close();
      open.clear();
    },
    restore() {
      down = false;
    },
  };
}

/** A JSON request body for Playwright's request context. */
export const json = (data: unknown) => ({
  data: JSON.stringify(data),
  headers: { 'Content-Type': 'application/json' },
});

/** A user signed up over REST, with a request context that carries their session. */
export async function apiUser(
  playwright: { request: { newContext(o: { baseURL?: string }): Promise<APIRequestContext> } },
  baseURL: string | undefined,
  prefix = 'api',
) {
  const api = await playwright.request.newContext({ baseURL });
  const username = uniqueName(prefix);
  expect((await api.post('/user/signup', json({ username, password: PASSWORD }))).status()).toBe(200);
  return { api, username };
}

/** Asks a question over REST as `user`; its id. */
export async function askOverApi(
  user: { api: APIRequestContext; username: string },
  title: string,
  text = 'What is asked here?',
  tag = 'e2e',
) {
  const response = await user.api.post(
    '/question/addQuestion',
    json({ title, text, tags: [{ name: tag }], askedBy: user.username }),
  );
  expect(response.status()).toBe(200);
  return String((await response.json())._id);
}

/**
 * Opens `url` and resolves once its socket is connected (Socket.IO's CONNECT frame, `40…`), so an
 * event sent after this reaches the page: the server joins the socket's rooms before it answers.
 * Hiding "Connecting to live updates" is no such proof (the banner is also hidden before the
 * script runs), and a socket of the page before may open late and die unconnected, so the wait
 * starts once `url` is committed.
 */
export async function gotoConnected(page: Page, url: string) {
  await page.goto(url, { waitUntil: 'commit' });
  const socket = await page.waitForEvent('websocket');
  await socket.waitForEvent('framereceived', { predicate: ({ payload }) => String(payload).startsWith('40') });
}

/**
 * Resolves once the page's socket has sent a `watch` naming `id` (or, given `{ list: [] }`, the
 * topic of a page that watches new questions only) and the server acknowledged it (Socket.IO
 * frames `42<n>["watch",…]` and `43<n>[{"ok":true}]`). Install before navigating.
 */
export function watching(page: Page, id: string | { list: [] }) {
  const named = typeof id === 'string' ? `"${id}"` : JSON.stringify(id);
  return new Promise<void>((resolve) => {
    page.on('websocket', (ws) => {
      const asked = new Set<string>();
      ws.on('framesent', ({ payload }) => {
        const sent = /^42(\d+)\["watch",(.*)\]$/.exec(String(payload));
        if (sent && sent[2]!.includes(named)) asked.add(sent[1]!);
      });
      ws.on('framereceived', ({ payload }) => {
        const ack = /^43(\d+)\[\{"ok":true\}\]$/.exec(String(payload));
        if (ack && asked.has(ack[1]!)) resolve();
      });
    });
  });
}
