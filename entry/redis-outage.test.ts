/**
 * Redis going away under split mode (issue 39 item 12): 2 web + 2 realtime processes over a
 * Redis server of the test's own (`redis-server` on a private port), which the test stops and
 * starts again. Meanwhile every process's /healthz answers 200 with a body saying the bus is
 * degraded, writes are still stored, and each process logs the bus's errors at most once (not
 * at every reconnect attempt); once Redis is back /healthz says ok again, open pages are told
 * to read again (`resync`), and events cross again. Needs TEST_DATABASE_URL and redis-server.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '@fso/shared';
import {
  carries,
  connected,
  eventually,
  open,
  post,
  serverUrl,
  signUp,
  startCluster,
  type Cluster,
} from './test/cluster.test-support.ts';
import { freePort, sleep } from './test/local-cluster.ts';

const REDIS = '/usr/bin/redis-server';

/** A Redis server on `port` in a folder of its own, with nothing saved to disk. */
function throwawayRedis(port: number) {
  const dir = mkdtempSync(join(tmpdir(), 'fso-redis-'));
  const start = () => {
    const args = ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--daemonize', 'yes', '--dir', dir];
    if (spawnSync(REDIS, [...args, '--pidfile', join(dir, 'pid')]).status !== 0) throw new Error('redis-server');
  };
  const stop = () => void spawnSync('redis-cli', ['-p', String(port), 'shutdown', 'nosave']);
  start();
  return { url: `redis://127.0.0.1:${port}`, start, stop, remove: () => (stop(), rmSync(dir, { recursive: true })) };
}

describe.skipIf(!serverUrl || !existsSync(REDIS))('split mode while Redis is down', () => {
  let redis: ReturnType<typeof throwawayRedis>;
  let cluster: Cluster;

  beforeAll(async () => {
    redis = throwawayRedis(await freePort());
    await sleep(200);
    cluster = await startCluster('fso_redis_out', { REDIS_URL: redis.url, RATE_LIMIT_FACTOR: '100' });
  }, 180_000);

  afterAll(async () => {
    await cluster?.close().catch(() => undefined);
    redis?.remove();
  }, 60_000);

  const processes = () => [...cluster.webs, ...cluster.realtimes];
  const health = () =>
    Promise.all(
      processes().map(async (s) => {
        const res = await fetch(`${s.base}/healthz`);
        return `${res.status} ${(await res.text()).split(':')[0]}`;
      }),
    );
  const busErrorsLogged = (from: number[]) =>
    processes().map(
      (s, i) =>
        (
          s.log
            .join('')
            .slice(from[i])
            .match(/"msg":"realtime bus"/g) ?? []
        ).length,
    );

  it('reports the bus degraded, logs it once, and has pages read again once it is back', async () => {
    const cookie = await signUp(cluster.webs[0].base, `redisout${Date.now().toString(36).slice(-5)}`);
    const listener = open(cluster.realtimes[1].base, cookie);
    await connected(listener.socket);
    expect(await health()).toEqual(['200 ok', '200 ok', '200 ok', '200 ok']);

    const mark = processes().map((s) => s.log.join('').length);
    redis.stop();
    await expect
      .poll(health, { timeout: 10_000 })
      .toEqual(['200 degraded', '200 degraded', '200 degraded', '200 degraded']);
    const degraded = await fetch(`${cluster.webs[0].base}/healthz`);
    expect(await degraded.text()).toBe(MSG.busDegraded);
    // Writes are still stored while their live events are lost.
    await post(cluster.webs[1].base, cookie, '/messaging/addMessage', { messageToAdd: { msg: 'while Redis is down' } });
    // The clients retry every ≤ 0.5 s; each process logs the first error only (then one per 30 s).
    await sleep(4000);
    const logged = busErrorsLogged(mark);
    console.info(`bus error lines per process in the first ~5 s of the outage: ${JSON.stringify(logged)}`);
    expect(logged).toEqual([1, 1, 1, 1]);

    redis.start();
    await expect.poll(health, { timeout: 20_000 }).toEqual(['200 ok', '200 ok', '200 ok', '200 ok']);
    await eventually(listener.received, (e) => e.event === 'resync');
    // Events cross again.
    const text = `after Redis came back ${Date.now()}`;
    await post(cluster.webs[0].base, cookie, '/messaging/addMessage', { messageToAdd: { msg: text } });
    await eventually(listener.received, carries(text));
    listener.socket.close();
  }, 120_000);
});
