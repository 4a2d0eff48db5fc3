/**
 * `npm start`'s entry as an attacker meets it. Behind a front proxy that appends the address it
 * saw to X-Forwarded-For, as Fly's does, with TRUST_PROXY=1 (remix-app/server/client-address.ts),
 * a client that writes a new X-Forwarded-For of its own into every request still counts as one
 * address: wrong passwords for one name are refused with 429 past the limit, and so is the right
 * one after them. A client that sends its body slowly is answered 408 and cut off (the process's
 * HTTP server, @fso/platform's http-server.ts), not held for Node's default 300 s.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listen } from '@fso/platform/testing';
import { MSG, RATE_LIMITS } from '@fso/shared';
import { relayHttp } from '../remix-app/server/socket-proxy.ts';
import { freePort, startProcess, stopService, type ServerProcess } from './test/local-cluster.ts';

const root = new URL('..', import.meta.url).pathname;
const json = { 'Content-Type': 'application/json' };

describe('npm start behind a proxy that appends to X-Forwarded-For, with TRUST_PROXY=1', () => {
  let dataDir: string;
  let server: ServerProcess;
  let front: Awaited<ReturnType<typeof listen>>;

  beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'fso-proxy-'));
    const port = await freePort();
    server = await startProcess(
      [process.execPath, '--import', 'tsx', 'entry/main.ts'],
      root,
      {
        PATH: process.env.PATH,
        NODE_ENV: 'production',
        SESSION_SECRET: 'proxy-addresses-test-secret-proxy-addresses',
        COOKIE_SECURE: 'false',
        SEED_DEMO: 'false',
        HOST: '127.0.0.1',
        PORT: String(port),
        DATA_DIR: dataDir,
        TRUST_PROXY: '1',
      },
      port,
      120_000,
    );
    // What a platform's proxy does: keep what the client sent and append the address it saw.
    const target = new URL(server.base);
    front = await listen((req, res) => {
      const sent = req.headers['x-forwarded-for'];
      req.headers['x-forwarded-for'] = [sent, req.socket.remoteAddress].filter(Boolean).join(', ');
      relayHttp(target, req, res, { keepHost: true });
    });
  }, 150_000);

  afterAll(async () => {
    front?.server.closeAllConnections();
    await front?.close();
    if (server) await stopService(server);
    rmSync(dataDir, { recursive: true, force: true });
  }, 30_000);

  it('counts a client that sends a new X-Forwarded-For with every login as one address', async () => {
    const username = `spoof${Date.now().toString(36).slice(-6)}`;
    const password = 'proxy-addresses-password';
    const signup = await fetch(`${front.url}/user/signup`, {
      method: 'POST',
      headers: json,
      body: JSON.stringify({ username, password }),
    });
    expect(signup.status).toBe(200);
    const login = (attempt: number, pass: string) =>
      fetch(`${front.url}/user/login`, {
        method: 'POST',
        // A new made-up address every time, in front of whatever the proxy appends.
        headers: { ...json, 'X-Forwarded-For': `198.51.${attempt >> 8}.${attempt & 255}` },
        body: JSON.stringify({ username, password: pass }),
      });
    const limit = RATE_LIMITS.failedLogin.perIpAndName;
    const statuses: number[] = [];
    for (let attempt = 1; attempt <= limit + 5; attempt++) statuses.push((await login(attempt, 'wrong-guess')).status);
    expect(statuses).toEqual([...Array<number>(limit).fill(401), ...Array<number>(5).fill(429)]);
    const right = await login(1000, password);
    expect(right.status).toBe(429);
    expect(right.headers.get('retry-after')).toMatch(/^\d+$/);
    expect(await right.text()).toBe(MSG.tooManyLogins);
  });

  it('answers 408 to a login whose body never finishes, and closes the connection', async () => {
    const socket = connect(server.port, '127.0.0.1');
    let answer = '';
    socket.on('data', (d: Buffer) => (answer += d.toString()));
    socket.write('POST /user/login HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n');
    socket.write('Content-Length: 60\r\n\r\n{"username": "slow');
    await new Promise((resolve) => socket.on('close', resolve));
    expect(answer).toMatch(/^HTTP\/1\.1 408 /);
  }, 60_000);
});
