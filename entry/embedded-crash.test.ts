/**
 * `npm start` (scripts/start.mjs, its processes bundled) on the embedded PostgreSQL killed whole
 * (kill -9 of every process: start.mjs, the entry, the web and realtime processes, the server and
 * its backends) in the middle of a burst of writes,
 * then started again on the same DATA_DIR: it starts (the stale `postmaster.pid` cleared, the
 * server recovering from its log) and every write that had been answered 200 is there.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase, rows } from '@fso/db';
import { signUp } from './test/cluster.test-support.ts';
import { freePort, sleep } from './test/local-cluster.ts';

const root = new URL('..', import.meta.url).pathname;
const dataDir = mkdtempSync(join(tmpdir(), 'fso-crash-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

/** `npm start` on `dataDir` with 2 web processes, in a process group of its own; resolves once it serves. */
async function start(port: number): Promise<{ child: ChildProcess; base: string; log: string[] }> {
  const log: string[] = [];
  const child = spawn(process.execPath, ['scripts/start.mjs'], {
    cwd: root,
    detached: true,
    env: {
      PATH: process.env.PATH,
      NODE_ENV: 'production',
      SESSION_SECRET: 'embedded-crash-test-secret-embedded-crash',
      COOKIE_SECURE: 'false',
      HOST: '127.0.0.1',
      PORT: String(port),
      DATA_DIR: dataDir,
      WEB_CONCURRENCY: '2',
      RATE_LIMIT_FACTOR: '1000',
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout.on('data', (d: Buffer) => log.push(d.toString()));
  child.stderr.on('data', (d: Buffer) => log.push(d.toString()));
  const base = `http://127.0.0.1:${port}`;
  const up = () =>
    fetch(`${base}/healthz`).then(
      (r) => r.ok,
      () => false,
    );
  for (let i = 0; i < 1500 && !((await up()) && (await up()) && (await up())); i++) {
    if (child.exitCode !== null) throw new Error(`npm start exited: ${log.join('')}`);
    await sleep(100);
  }
  return { child, base, log };
}

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

describe('npm start on the embedded PostgreSQL, killed with kill -9 mid-write', () => {
  it('starts again on the same DATA_DIR and has every write that was answered', async () => {
    const port = await freePort();
    const site = await start(port);
    const serverPid = Number(readFileSync(join(dataDir, 'postgres/postmaster.pid'), 'utf8').split('\n')[0]);
    const writers = await Promise.all([1, 2, 3, 4].map((i) => signUp(site.base, `crash${i}`)));
    const acknowledged: string[] = [];
    let writing = true;
    let sent = 0;
    const burst = writers.map(async (cookie) => {
      while (writing) {
        const msg = `write ${sent++}`;
        const res = await fetch(`${site.base}/messaging/addMessage`, {
          method: 'POST',
          headers: { 'Content-Type': 'application/json', cookie },
          body: JSON.stringify({ messageToAdd: { msg } }),
        }).catch(() => null);
        if (res?.status === 200) acknowledged.push(msg);
        await res?.text().catch(() => undefined);
      }
    });
    while (acknowledged.length < 40) await sleep(20);
    // The whole tree at once, as a machine's OOM killer or a `kill -9 -PGID` would.
    process.kill(-site.child.pid!, 'SIGKILL');
    writing = false;
    await Promise.all(burst);
    for (let i = 0; i < 100 && alive(serverPid); i++) await sleep(100);
    expect(alive(serverPid)).toBe(false);

    const again = await start(port);
    try {
      const database = await openDatabase({ dataDir });
      try {
        const stored = new Set(
          (await rows<{ msg: string }>(database.db, `SELECT msg FROM messages`)).map((r) => r.msg),
        );
        expect(acknowledged.filter((msg) => !stored.has(msg))).toEqual([]);
      } finally {
        await database.close();
      }
      const stopped = new Promise<number | null>((resolve) => again.child.once('exit', resolve));
      again.child.kill('SIGTERM');
      expect(await stopped, again.log.join('')).toBe(0);
    } finally {
      if (again.child.exitCode === null) process.kill(-again.child.pid!, 'SIGKILL');
    }
  }, 300_000);
});
