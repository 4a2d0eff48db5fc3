/**
 * Account benchmarks (issue 2): login with argon2id, the paged user list with 10k users,
 * start-up time to /healthz and idle memory of the single process; with `instances: 2`, two
 * single-process servers on the same database sharing the load.
 */
import { loadAcross, rssMb, runScript, startServer } from './lib.mjs';

export const ACCOUNT_ROWS = [
  'POST /user/login (argon2id)',
  'GET /user/getUsers?limit=50 (10k users)',
  'GET /user/getUsers?filter=bench1&limit=50 (10k users)',
];

export async function accountsBench({ env, port, label, instances = 1 }) {
  runScript('bench/seed-users.ts', [10_000], env);
  const servers = [];
  try {
    for (let i = 0; i < instances; i++) servers.push(await startServer(env, port + i));
    const [first] = servers;
    const idleRss = rssMb(first.pid);
    const login = await fetch(`${first.base}/user/login`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ username: 'bench1', password: 'bench-password' }),
    });
    const cookie = login.headers.get('set-cookie').split(';')[0];
    const loginRun = await loadAcross(servers, {
      path: '/user/login',
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'bench2', password: 'bench-password' }),
    });
    const firstPage = await loadAcross(servers, { path: '/user/getUsers?limit=50', headers: { cookie } });
    const filtered = await loadAcross(servers, { path: '/user/getUsers?limit=50&filter=bench1', headers: { cookie } });
    return {
      label,
      startupMs: first.startupMs,
      idleRss,
      rows: [loginRun, firstPage, filtered].map((run, i) => [ACCOUNT_ROWS[i], run]),
    };
  } finally {
    await Promise.all(servers.map((s) => s.stop()));
  }
}
