/**
 * The server as a real process, the way a platform runs it: SIGTERM while a request is in
 * flight (it is answered, sockets are told to reconnect, exit 0 within 10 s), PostgreSQL
 * going away and coming back (503 with a clear text meanwhile, /healthz 503 and /livez 200,
 * then recovery, same process), and hostile requests (huge chunked bodies, malformed ones).
 * Not browser tests: they run once, in the `js` project.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { connect as tcpConnect, createServer, type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { io } from 'socket.io-client';
import { MAX_BODY_BYTES, MSG } from '@fso/shared';
import { sendChunked } from '@fso/platform/testing';
import { canRunPostgres, throwawayPostgres } from '../../entry/test/throwaway-postgres.ts';
import { uniqueName } from './fixtures.ts';

test.skip(({ javaScriptEnabled }) => !javaScriptEnabled, 'process tests run once');
test.describe.configure({ timeout: 120_000 });

const root = new URL('../..', import.meta.url).pathname;

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

interface Site {
  url: string;
  child: ChildProcess;
  lines: () => Record<string, unknown>[];
  exited: Promise<{ code: number | null; ms: number }>;
  signalledAt: { at: number };
}

/** Starts entry/main.ts (the production build) and waits until /healthz answers. */
async function startSite(env: Record<string, string>): Promise<Site> {
  const port = await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', 'entry/main.ts'], {
    cwd: root,
    env: {
      PATH: process.env.PATH,
      NODE_ENV: 'production',
      HOST: '127.0.0.1',
      PORT: String(port),
      SESSION_SECRET: 's'.repeat(40),
      COOKIE_SECURE: 'false',
      SEED_DEMO: 'false',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true, // a process group of its own, so killSite ends its workers and embedded PostgreSQL too
  });
  let out = '';
  child.stdout.on('data', (d) => (out += d));
  child.stderr.on('data', (d) => (out += d));
  const signalledAt = { at: 0 };
  const exited = new Promise<{ code: number | null; ms: number }>((resolve) =>
    child.on('exit', (code) => resolve({ code, ms: Date.now() - signalledAt.at })),
  );
  const url = `http://127.0.0.1:${port}`;
  await expect
    .poll(
      async () =>
        child.exitCode === null ? (await fetch(`${url}/healthz`).catch(() => null))?.status : `exited: ${out}`,
      { timeout: 60_000 },
    )
    .toBe(200);
  const lines = () =>
    out
      .split('\n')
      .filter(Boolean)
      .map((l) => JSON.parse(l) as Record<string, unknown>);
  return { url, child, lines, exited, signalledAt };
}

/** Ends the site's whole process group at once: a SIGKILL to entry/main.ts alone would leave its children running. */
const killSite = (site: Site) => {
  try {
    process.kill(-site.child.pid!, 'SIGKILL');
  } catch {
    // ESRCH: the group has already ended (the site exited and took its children with it).
  }
};

const terminate = (site: Site) => {
  site.signalledAt.at = Date.now();
  site.child.kill('SIGTERM');
};

test('SIGTERM: the request in flight is answered, sockets are told to reconnect, exit 0 within 10 s', async () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'fso-shutdown-'));
  const site = await startSite({ DATA_DIR: dataDir });
  try {
    const username = uniqueName('stop');
    const signup = await fetch(`${site.url}/user/signup`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ username, password: 'correct-horse-1' }),
    });
    expect(signup.status).toBe(200);
    const cookie = signup.headers.get('set-cookie')!.split(';')[0]!;
    const socket = io(site.url, { transports: ['websocket'], reconnection: false, extraHeaders: { cookie } });
    await new Promise<void>((resolve, reject) => {
      socket.once('connect', resolve);
      socket.once('connect_error', reject);
    });
    const socketGone = new Promise<string>((resolve) => socket.once('disconnect', resolve));

    // A slow client: the login request's headers now, its body only after the signal.
    const body = JSON.stringify({ username, password: 'correct-horse-1' });
    const raw = tcpConnect(Number(new URL(site.url).port), '127.0.0.1');
    let answer = '';
    raw.on('data', (d) => (answer += d));
    // The server closes the connection once it has answered (it is shutting down).
    const answered = new Promise<void>((resolve) => raw.on('end', resolve));
    raw.write(
      `POST /user/login HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: ${body.length}\r\n\r\n`,
    );
    await new Promise((resolve) => setTimeout(resolve, 300));

    // 5 keep-alive clients, each with one request answered: their connections are idle.
    const keptAlive = await Promise.all(
      Array.from({ length: 5 }, async () => {
        const socket = tcpConnect(Number(new URL(site.url).port), '127.0.0.1');
        const seen = { text: '', errors: [] as string[] };
        socket.on('data', (d) => (seen.text += d));
        socket.on('error', (error: NodeJS.ErrnoException) => seen.errors.push(error.code ?? error.message));
        const closed = new Promise<void>((resolve) => socket.on('close', () => resolve()));
        socket.write('GET /livez HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n');
        await expect.poll(() => seen.text).toContain('\r\n\r\nok');
        return { socket, seen, closed };
      }),
    );

    terminate(site);
    // Each sends its next request on its open connection as the server begins to stop: answered, then closed, never reset.
    await new Promise((resolve) => setTimeout(resolve, 100));
    for (const client of keptAlive) client.socket.write('GET /livez HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n');
    for (const client of keptAlive) {
      await client.closed;
      expect(client.seen.text.split('HTTP/1.1 200 OK')).toHaveLength(3);
      expect(client.seen.errors).toEqual([]);
    }
    // Past the 1 s grace, idle connections (fetch's own kept-alive one too) are closed.
    await new Promise((resolve) => setTimeout(resolve, 1500));
    // Closed to new connections while the old one is still being served.
    await expect(fetch(`${site.url}/healthz`)).rejects.toThrow();
    raw.write(body);
    await answered;
    expect(answer).toMatch(/^HTTP\/1\.1 200 OK/);
    expect(answer).toContain(`"username":"${username}"`);

    // Closed transport, not a server-side disconnect: the client reconnects (to another instance).
    expect(await socketGone).toBe('transport close');
    const { code, ms } = await site.exited;
    expect(code).toBe(0);
    expect(ms).toBeLessThan(10_000);
    // Every line is JSON (site.lines() parses them), each request has an id, no secret is logged.
    const lines = site.lines();
    expect(lines.map((l) => l.msg)).toEqual(expect.arrayContaining(['request', 'shutting down', 'stopped']));
    expect(lines.filter((l) => l.msg === 'request').every((l) => typeof l.reqId === 'string')).toBe(true);
    const logged = JSON.stringify(lines);
    for (const secret of ['correct-horse-1', cookie.split('=')[1]!, 's'.repeat(40)])
      expect(logged).not.toContain(secret);
  } finally {
    killSite(site);
    rmSync(dataDir, { recursive: true, force: true });
  }
});

test('PostgreSQL stopping and coming back: 503 with a clear text meanwhile, then recovery without a restart', async () => {
  test.skip(
    !canRunPostgres,
    'needs PostgreSQL 15 binaries in /usr/lib/postgresql/15/bin and root (to run them as postgres)',
  );
  const postgres = throwawayPostgres(await freePort());
  let site: Site | undefined;
  try {
    site = await startSite({ DATABASE_URL: postgres.url });
    const url = site.url;
    expect((await fetch(`${url}/question/getQuestion`)).status).toBe(200);

    postgres.stop('fast');
    for (const path of ['/question/getQuestion', '/home', '/tags']) {
      const res = await fetch(`${url}${path}`);
      expect(res.status, path).toBe(503);
      expect(res.headers.get('retry-after')).toBe('5');
      expect(await res.text()).toBe(MSG.databaseUnavailable);
    }
    const write = await fetch(`${url}/user/login`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ username: 'ann', password: 'x' }),
    });
    expect(write.status).toBe(503);
    // A platform's health check sees the database is away; the process itself is alive.
    await expect.poll(async () => (await fetch(`${url}/healthz`)).status).toBe(503);
    expect((await fetch(`${url}/livez`)).status).toBe(200);

    postgres.start();
    await expect.poll(async () => (await fetch(`${url}/question/getQuestion`)).status, { timeout: 15_000 }).toBe(200);
    expect((await fetch(`${url}/home`)).status).toBe(200);
    await expect.poll(async () => (await fetch(`${url}/healthz`)).status).toBe(200);
    expect(site.child.exitCode).toBeNull();
    terminate(site);
    expect((await site.exited).code).toBe(0);
  } finally {
    if (site) killSite(site);
    postgres.remove();
  }
});

test('hostile requests under npm start (NODE_ENV development): chunked 200 MB bodies get 413 and leave RSS where it was; malformed ones a 4xx with no stack trace', async () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'fso-hostile-'));
  const site = await startSite({ DATA_DIR: dataDir, NODE_ENV: 'development' });
  const rssMb = () => Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${site.child.pid}/status`, 'utf8'))![1]) / 1024;
  try {
    // Warm up (the first requests load code), then measure.
    for (let i = 0; i < 3; i++) await sendChunked(`${site.url}/user/login`, 2 * MAX_BODY_BYTES);
    const before = rssMb();
    for (const path of ['/user/login', '/?index', '/question/addQuestion']) {
      const res = await sendChunked(`${site.url}${path}`, 200 * 1024 * 1024);
      expect(res.status, path).toBe(413);
      expect(res.text).toBe(MSG.bodyTooLarge);
    }
    const after = rssMb();
    console.info(`server RSS before three chunked 200 MB bodies ${before.toFixed(1)} MB, after ${after.toFixed(1)} MB`);
    expect(after - before).toBeLessThan(20);

    for (const [path, init] of [
      ['/%FF', {}],
      ['/user/%FF', {}],
      ['/home?search=%00', {}],
      ['/auth/github', { method: 'POST' }],
      ['/signup', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: '{"username":"a"}' }],
    ] as [string, RequestInit][]) {
      const res = await fetch(`${site.url}${path}`, init);
      const text = await res.text();
      expect([400, 404, 405], `${path}: ${res.status} ${text.slice(0, 300)}`).toContain(res.status);
      expect(text, path).not.toMatch(/\n\s+at |node_modules|URIError|TypeError/);
    }
    // fetch refuses to send TRACE: a plain HTTP request does.
    const trace = await new Promise<{ status?: number; text: string }>((resolve, reject) => {
      const req = httpRequest(`${site.url}/`, { method: 'TRACE' }, (res) => {
        let text = '';
        res.setEncoding('utf8').on('data', (d: string) => (text += d));
        res.on('end', () => resolve({ status: res.statusCode, text }));
      });
      req.on('error', reject).end();
    });
    expect(trace).toEqual({ status: 405, text: MSG.methodUnsupported });
    expect(site.child.exitCode).toBeNull();
  } finally {
    killSite(site);
    rmSync(dataDir, { recursive: true, force: true });
  }
});
