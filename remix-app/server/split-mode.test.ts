/**
 * Split mode end to end: 2 realtime and 2 web processes (the real entries, `web.ts` and
 * `realtime.ts`) on loopback against a real PostgreSQL server, in a database of their own.
 * Proves that events published by a web process reach sockets on every realtime instance —
 * directly and through a web process's `/socket.io` forward — that a private chat reaches its
 * participants and nobody else, and that a game update carries each viewer's own view.
 * Needs TEST_DATABASE_URL (skipped without it); REDIS_URL runs the same checks over Redis too.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createServer } from 'node:net';
import pg from 'pg';
import { io as connect, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ClientToServerEvents, Game, JoinChatResult, ServerToClientEvents } from '@fso/shared';

type Client = Socket<ServerToClientEvents, ClientToServerEvents>;
type Received = { event: string; args: unknown[] }[];

const serverUrl = process.env.TEST_DATABASE_URL;
const appDir = new URL('..', import.meta.url).pathname;
const SECRET = 'split-mode-test-secret-split-mode-test';
const json = { 'Content-Type': 'application/json' };

const withDatabase = (url: string, name: string) => Object.assign(new URL(url), { pathname: `/${name}` }).toString();

async function adminQuery(text: string) {
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  try {
    await admin.query(text);
  } finally {
    await admin.end();
  }
}

const freePort = () =>
  new Promise<number>((resolve) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });

async function waitHealthy(base: string, child: ChildProcess, log: string[]) {
  for (let i = 0; i < 300; i++) {
    if (child.exitCode !== null) throw new Error(`${base} exited: ${log.join('')}`);
    if (await fetch(`${base}/healthz`).then((r) => r.ok, () => false)) return;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`${base} did not become healthy: ${log.join('')}`);
}

/** One of the four processes; its output is kept for the failure message. */
async function start(entry: 'web.ts' | 'realtime.ts', env: Record<string, string>) {
  const port = await freePort();
  const log: string[] = [];
  const child = spawn(process.execPath, ['--import', 'tsx', entry], {
    cwd: appDir,
    env: { PATH: process.env.PATH, NODE_ENV: 'production', SESSION_SECRET: SECRET, COOKIE_SECURE: 'false', SEED_DEMO: 'false', HOST: '127.0.0.1', PORT: String(port), ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout!.on('data', (d: Buffer) => log.push(d.toString()));
  child.stderr!.on('data', (d: Buffer) => log.push(d.toString()));
  const base = `http://127.0.0.1:${port}`;
  await waitHealthy(base, child, log);
  return { base, child };
}

function open(base: string, cookie: string, transports: ('websocket' | 'polling')[] = ['websocket']) {
  const socket: Client = connect(base, { path: '/socket.io', transports, reconnection: false, extraHeaders: { cookie } });
  const received: Received = [];
  socket.onAny((event: string, ...args: unknown[]) => received.push({ event, args }));
  return { socket, received };
}

const connected = (socket: Client) =>
  new Promise<void>((resolve, reject) => {
    if (socket.connected) return resolve();
    socket.once('connect', () => resolve());
    socket.once('connect_error', reject);
  });

/** Resolves with `check`'s first defined answer; fails after 5 s with `what`. */
function until<T>(check: () => T | undefined, what: () => string): Promise<T> {
  return new Promise((resolve, reject) => {
    const started = Date.now();
    const look = () => {
      const found = check();
      if (found !== undefined) return resolve(found);
      if (Date.now() - started > 5000) return reject(new Error(what()));
      setTimeout(look, 10);
    };
    look();
  });
}

/** The first matching event, already received or still to come. */
const eventually = (received: Received, match: (e: Received[number]) => boolean) =>
  until(
    () => received.find(match),
    () => `not received; got ${JSON.stringify(received).slice(0, 500)}`,
  );

const carries = (text: string) => (e: Received[number]) => JSON.stringify(e.args).includes(text);
const shipsOn = (board: unknown[][]) => board.flat().filter((c) => c === 'SHIP').length;

async function post(base: string, cookie: string, path: string, body: unknown) {
  const res = await fetch(`${base}${path}`, { method: 'POST', headers: { ...json, cookie }, body: JSON.stringify(body) });
  expect(res.status, `${path}: ${await res.clone().text()}`).toBe(200);
  return res.json();
}

async function signUp(base: string, username: string) {
  const res = await fetch(`${base}/user/signup`, { method: 'POST', headers: json, body: JSON.stringify({ username, password: 'split-mode-password' }) });
  expect(res.status).toBe(200);
  return res.headers.get('set-cookie')!.split(';')[0]!;
}

const buses = [{ name: 'PostgreSQL', env: {} as Record<string, string> }];
const redisUrl = process.env.TEST_REDIS_URL ?? process.env.REDIS_URL;
if (redisUrl) buses.push({ name: 'Redis', env: { REDIS_URL: redisUrl } });

if (!serverUrl) console.info('Split-mode test skipped: set TEST_DATABASE_URL to a PostgreSQL server to run it.');

describe.skipIf(!serverUrl).each(buses)('split mode over $name: 2 web + 2 realtime processes (needs TEST_DATABASE_URL)', ({ env: busEnv }) => {
  const name = `fso_split_${process.pid}_${Date.now().toString(36)}`;
  const processes: ChildProcess[] = [];
  const sockets: Client[] = [];
  let web1: string, web2: string, rt1: string, rt2: string;
  let cookies: Record<'ann' | 'bob' | 'eve', string>;
  const user = (who: string) => `${who}${name.slice(-6)}`;

  beforeAll(async () => {
    if (!existsSync(`${appDir}build/server/index.js`)) {
      expect(spawnSync('npm', ['run', 'build'], { cwd: appDir, stdio: 'ignore' }).status).toBe(0);
    }
    await adminQuery(`CREATE DATABASE ${name}`);
    const env = { DATABASE_URL: withDatabase(serverUrl!, name), ...busEnv };
    const realtimes = await Promise.all([start('realtime.ts', env), start('realtime.ts', env)]);
    [rt1, rt2] = realtimes.map((r) => r.base) as [string, string];
    const webs = await Promise.all([start('web.ts', { ...env, REALTIME_URL: rt1 }), start('web.ts', { ...env, REALTIME_URL: rt2 })]);
    [web1, web2] = webs.map((w) => w.base) as [string, string];
    processes.push(...[...realtimes, ...webs].map((p) => p.child));
    cookies = { ann: await signUp(web1, user('ann')), bob: await signUp(web2, user('bob')), eve: await signUp(web1, user('eve')) };
  }, 120_000);

  afterAll(async () => {
    for (const socket of sockets) socket.disconnect();
    await Promise.all(processes.map((child) => new Promise((resolve) => (child.exitCode !== null ? resolve(null) : (child.once('exit', resolve), child.kill('SIGTERM'))))));
    await adminQuery(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  }, 30_000);

  const socketOf = async (base: string, cookie: string, transports?: ('websocket' | 'polling')[]) => {
    const client = open(base, cookie, transports);
    sockets.push(client.socket);
    await connected(client.socket);
    return client;
  };

  it('delivers global, private and per-viewer events across instances, and nothing private to others', async () => {
    const annOnRt2 = await socketOf(rt2, cookies.ann);
    const annViaWeb2 = await socketOf(web2, cookies.ann);
    const annPollingViaWeb1 = await socketOf(web1, cookies.ann, ['polling']);
    const bobOnRt1 = await socketOf(rt1, cookies.bob);
    const eves = [await socketOf(rt1, cookies.eve), await socketOf(rt2, cookies.eve), await socketOf(web2, cookies.eve)];

    // The global room: posted through web #1, heard on realtime #2, directly and through both forwards.
    await post(web1, cookies.bob, '/messaging/addMessage', { messageToAdd: { msg: 'hello everyone' } });
    for (const client of [annOnRt2, annViaWeb2, annPollingViaWeb1, ...eves]) await eventually(client.received, (e) => e.event === 'messageUpdate' && carries('hello everyone')(e));

    // A direct chat between ann and bob: the other participant hears of it on the other instance.
    const chat = (await post(web1, cookies.ann, '/chat/createChat', { participants: [user('ann'), user('bob')] })) as { _id: string };
    await eventually(bobOnRt1.received, (e) => e.event === 'chatUpdate' && carries('"created"')(e));
    const join = (socket: Client) => new Promise<JoinChatResult>((resolve) => socket.emit('joinChat', chat._id, resolve));
    expect(await join(annOnRt2.socket)).toEqual({ ok: true });
    expect(await join(bobOnRt1.socket)).toEqual({ ok: true });
    for (const eve of eves) expect(await join(eve.socket)).toMatchObject({ ok: false });
    await post(web2, cookies.bob, `/chat/${chat._id}/addMessage`, { msg: 'a secret for ann' });
    await eventually(annOnRt2.received, (e) => e.event === 'chatUpdate' && carries('a secret for ann')(e));
    await eventually(bobOnRt1.received, (e) => e.event === 'chatUpdate' && carries('a secret for ann')(e));
    // A later public message reaches eve everywhere; by then nothing of the chat has, or will.
    await post(web1, cookies.ann, '/messaging/addMessage', { messageToAdd: { msg: 'after the secret' } });
    for (const eve of eves) {
      await eventually(eve.received, carries('after the secret'));
      expect(eve.received.filter((e) => e.event === 'chatUpdate')).toEqual([]);
      expect(JSON.stringify(eve.received)).not.toContain('secret for ann');
    }

    // A game: bob joins over REST at web #1; ann (realtime #2) and eve (realtime #1) each get their own view.
    const game = (await post(web1, cookies.ann, '/games/create', { gameType: 'Battleship' })) as Game;
    for (const viewer of [annOnRt2, eves[0]!]) {
      viewer.socket.emit('joinGame', game.gameID);
      await eventually(viewer.received, (e) => e.event === 'gameUpdate');
    }
    await post(web1, cookies.bob, '/games/join', { gameID: game.gameID, playerID: user('bob') });
    const started = (e: Received[number]) => e.event === 'gameUpdate' && carries('IN_PROGRESS')(e);
    const viewOf = async (client: { received: Received }) => {
      const seen = ((await eventually(client.received, started)).args[0] as { gameInstance: Game }).gameInstance;
      if (seen.gameType !== 'Battleship') throw new Error('not Battleship');
      return [shipsOn(seen.state.player1Board), shipsOn(seen.state.player2Board)];
    };
    expect(await viewOf(annOnRt2)).toEqual([17, 0]);
    expect(await viewOf(eves[0]!)).toEqual([0, 0]);

    // Logging out through web #1 ends eve's sockets on both instances.
    await post(web1, cookies.eve, '/user/logout', {});
    for (const eve of eves) await until(() => (eve.socket.connected ? undefined : true), () => 'still connected');
  });
});
