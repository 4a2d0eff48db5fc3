/**
 * PostgreSQL restarting under a site's requests (issue 39 item 10): web + realtime processes on
 * a PostgreSQL server of the test's own whose connections are cut mid-query while the server
 * stays up (pg_terminate_backend, as a failover or `pg_ctl restart` does to every open
 * connection) and which is then restarted (`pg_ctl restart -m fast`). A REST write, a form
 * posted without JavaScript and a page read all answer as they would, or 503 with Retry-After
 * and the database message: never a 500. Needs PostgreSQL 15's binaries and root.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '@fso/shared';
import { signUp } from './test/cluster.test-support.ts';
import { freePort, query, sleep, startCluster, type Cluster } from './test/local-cluster.ts';
import { canRunPostgres, throwawayPostgres, type ThrowawayPostgres } from './test/throwaway-postgres.ts';

describe.skipIf(!canRunPostgres)('requests while PostgreSQL cuts connections and restarts', () => {
  let postgres: ThrowawayPostgres;
  let cluster: Cluster;

  beforeAll(async () => {
    postgres = throwawayPostgres(await freePort());
    cluster = await startCluster(postgres.url, 'fso_restart', { RATE_LIMIT_FACTOR: '100' });
  }, 180_000);

  afterAll(async () => {
    await cluster?.close().catch(() => undefined);
    postgres?.remove();
  }, 60_000);

  it('answers 200/302 or 503 + Retry-After, never 500, and recovers', async () => {
    const base = cluster.webs[0].base;
    const cookie = await signUp(base, `restart${Date.now().toString(36).slice(-6)}`);
    const name = new URL(cluster.databaseUrl).pathname.slice(1);
    const requests = {
      rest: () =>
        fetch(`${base}/messaging/addMessage`, {
          method: 'POST',
          headers: { 'Content-Type': 'application/json', cookie },
          body: JSON.stringify({ messageToAdd: { msg: 'during a restart' } }),
        }),
      form: () =>
        fetch(`${base}/messaging`, {
          method: 'POST',
          redirect: 'manual',
          headers: { 'Content-Type': 'application/x-www-form-urlencoded', cookie, Origin: base },
          body: new URLSearchParams({ intent: 'send', msg: 'posted without JavaScript' }),
        }),
      page: () => fetch(`${base}/messaging`, { headers: { cookie } }),
    };
    const seen = new Map<string, number>();
    const wrong: string[] = [];
    let going = true;
    const loops = Object.entries(requests).flatMap(([kind, send]: [string, () => Promise<Response>]) =>
      [1, 2, 3].map(async () => {
        while (going) {
          const res = await send().catch(() => null);
          if (!res) continue;
          const text = await res.text();
          const key = `${kind} ${res.status}`;
          seen.set(key, (seen.get(key) ?? 0) + 1);
          if (res.status === 503 && (res.headers.get('retry-after') !== '5' || !text.includes(MSG.databaseUnavailable)))
            wrong.push(`${key}: ${res.headers.get('retry-after')} ${text.slice(0, 80)}`);
          if (![200, 302, 503].includes(res.status)) wrong.push(`${key}: ${text.slice(0, 120)}`);
        }
      }),
    );
    // Connections cut mid-query while the server stays up, then a real restart.
    for (let i = 0; i < 40; i++) {
      await query(
        postgres.url,
        'SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = $1 AND pid <> pg_backend_pid()',
        [name],
      );
      await sleep(50);
    }
    postgres.stop('fast');
    await sleep(500);
    postgres.start();
    await sleep(2000);
    going = false;
    await Promise.all(loops);
    console.info(
      `answers while connections were cut and the server restarted: ${JSON.stringify(Object.fromEntries(seen))}`,
    );
    expect(wrong).toEqual([]);
    expect([...seen.keys()].filter((k) => k.endsWith(' 503')).length, 'some requests met the outage').toBeGreaterThan(
      0,
    );
    await expect.poll(async () => (await requests.rest()).status, { timeout: 20_000 }).toBe(200);
  }, 120_000);
});
