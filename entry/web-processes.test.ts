import { existsSync, mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { availableParallelism, tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '@fso/platform';
import { spawn } from 'node:child_process';
import { freePort, query, sleep, stopService, withDatabase } from './test/local-cluster.ts';

const serverUrl = process.env.TEST_DATABASE_URL;
const root = new URL('..', import.meta.url).pathname;

/** Command lines of the live processes whose parent is `pid`. */
function childrenOf(pid: number): string[] {
  const found: string[] = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const ppid = Number(readFileSync(`/proc/${entry}/stat`, 'utf8').split(') ')[1]!.split(' ')[1]);
      if (ppid === pid)
        found.push(readFileSync(`/proc/${entry}/cmdline`, 'utf8').split('\0').filter(Boolean).join(' '));
    } catch {
      /* the process ended meanwhile */
    }
  }
  return found;
}

describe('WEB_CONCURRENCY', () => {
  it('is the core count by default, with DATABASE_URL or without (the embedded server), and as set when given', () => {
    const url = 'postgres://u@127.0.0.1:5432/db';
    expect(loadConfig({ NODE_ENV: 'test', DATABASE_URL: url }).webConcurrency).toBe(availableParallelism());
    expect(loadConfig({ NODE_ENV: 'test' }).webConcurrency).toBe(availableParallelism());
    expect(loadConfig({ NODE_ENV: 'test', DATABASE_URL: url, WEB_CONCURRENCY: '3' }).webConcurrency).toBe(3);
    expect(loadConfig({ NODE_ENV: 'test', WEB_CONCURRENCY: '3' }).webConcurrency).toBe(3);
    expect(() => loadConfig({ NODE_ENV: 'test', DATABASE_URL: url, WEB_CONCURRENCY: '0' })).toThrow(/WEB_CONCURRENCY/);
  });

  it.skipIf(!serverUrl)(
    'npm start with DATABASE_URL serves from that many web processes and one realtime process, and stops them all',
    async () => {
      const name = `fso_web_processes_${Date.now().toString(36)}`;
      await query(serverUrl!, `CREATE DATABASE ${name}`);
      try {
        const children = await serveAndStop({ DATABASE_URL: withDatabase(serverUrl!, name) });
        expect(children.filter((c) => c.includes('/postgres '))).toEqual([]);
      } finally {
        await query(serverUrl!, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      }
    },
    180_000,
  );

  it('npm start without DATABASE_URL starts PostgreSQL in DATA_DIR, serves from the same processes, and stops it too', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'fso-web-processes-'));
    try {
      const children = await serveAndStop({ DATA_DIR: dataDir });
      expect(children.filter((c) => c.includes(`/postgres -D ${dataDir}/postgres `))).toHaveLength(1);
      expect(existsSync(join(dataDir, 'postgres/postmaster.pid'))).toBe(false);
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  }, 180_000);
});

/**
 * Starts `npm start`'s entry with WEB_CONCURRENCY=2 and `where` (DATABASE_URL or DATA_DIR), checks
 * that 2 web processes and the realtime one serve pages and sockets, stops it with SIGTERM and
 * checks that it exits 0 leaving no process behind; returns the command lines of its children.
 */
async function serveAndStop(where: Record<string, string>): Promise<string[]> {
  const port = await freePort();
  const env = {
    PATH: process.env.PATH,
    NODE_ENV: 'production',
    SESSION_SECRET: 'web-processes-test-secret-web-processes',
    COOKIE_SECURE: 'false',
    HOST: '127.0.0.1',
    PORT: String(port),
    WEB_CONCURRENCY: '2',
    ...where,
  };
  const child = spawn(process.execPath, ['--import', 'tsx', 'entry/main.ts'], {
    cwd: root,
    env: env as NodeJS.ProcessEnv,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const server = { base: `http://127.0.0.1:${port}`, port, child, log: [] as string[] };
  child.stdout.on('data', (d: Buffer) => server.log.push(d.toString()));
  child.stderr.on('data', (d: Buffer) => server.log.push(d.toString()));
  try {
    const entries = () => childrenOf(child.pid!).filter((c) => /(web|main)\.ts$/.test(c));
    // Three processes start (slowly on a busy machine): wait until every one answers.
    const healthy = async () =>
      (
        await Promise.all(
          [1, 2, 3].map(() =>
            fetch(`${server.base}/healthz`).then(
              (r) => r.ok,
              () => false,
            ),
          ),
        )
      ).every(Boolean);
    for (let i = 0; i < 1500 && (entries().length < 3 || !(await healthy())); i++) await sleep(100);
    const children = childrenOf(server.child.pid!);
    expect(children.filter((c) => c.endsWith('web.ts'))).toHaveLength(2);
    expect(children.filter((c) => c.endsWith('realtime/src/main.ts'))).toHaveLength(1);
    const home = await fetch(`${server.base}/home`);
    expect(home.status).toBe(200);
    expect(await home.text()).toContain('Fake Stack Overflow');
    // The realtime process may still be starting after the web processes answer: its socket answers once it listens.
    const handshake = () => fetch(`${server.base}/socket.io/?EIO=4&transport=polling`).then((r) => r.text());
    let opened = await handshake();
    for (let i = 0; i < 300 && !opened.startsWith('0{'); i++) opened = await sleep(100).then(handshake);
    expect(opened).toMatch(/^0\{"sid":/);
    expect((await stopService(server)).code, server.log.join('')).toBe(0);
    expect(childrenOf(server.child.pid!)).toEqual([]);
    return children;
  } finally {
    server.child.kill('SIGKILL');
  }
}
