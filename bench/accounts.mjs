/**
 * Account benchmarks (issue 2): login with argon2id, the paged user list with 10k users,
 * start-up time to /healthz and idle memory of the single process.
 */
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { load, root, rssMb, startServer } from './lib.mjs';

export async function accountsBench({ env, port, label }) {
  const seeded = spawnSync(join(root, 'node_modules/.bin/tsx'), ['bench/seed-users.ts', '10000'], { cwd: root, env: { ...process.env, ...env }, stdio: 'inherit' });
  if (seeded.status !== 0) throw new Error('seeding users failed');
  const server = await startServer(env, port);
  try {
    const idleRss = rssMb(server.pid);
    const login = await fetch(`${server.base}/user/login`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ username: 'bench1', password: 'bench-password' }),
    });
    const cookie = login.headers.get('set-cookie').split(';')[0];
    const loginRun = await load({
      url: `${server.base}/user/login`,
      pid: server.pid,
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'bench2', password: 'bench-password' }),
    });
    const usersRun = await load({ url: `${server.base}/user/getUsers?limit=50&filter=bench1`, pid: server.pid, headers: { cookie } });
    const firstPage = await load({ url: `${server.base}/user/getUsers?limit=50`, pid: server.pid, headers: { cookie } });
    return {
      label,
      startupMs: server.startupMs,
      idleRss,
      rows: [
        ['POST /user/login (argon2id)', loginRun],
        ['GET /user/getUsers?limit=50 (10k users)', firstPage],
        ['GET /user/getUsers?filter=bench1&limit=50 (10k users)', usersRun],
      ],
    };
  } finally {
    await server.stop();
  }
}
