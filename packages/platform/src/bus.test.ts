/**
 * The cluster bus over PostgreSQL: a web process's publisher closed right after a burst of
 * events (as at a graceful stop) still sends every one of them, including those that were
 * waiting for one of its few connections. Needs TEST_DATABASE_URL (skipped without it). And
 * the bus's watch: down from a client's error until every client is ready, its errors logged
 * at most once per period, its listeners told when it is back.
 */
import { EventEmitter } from 'node:events';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { BUS_LOG_EVERY_MS, clusterPublisher, watchBus } from './bus.ts';
import { createLogger, type Logger } from './logging.ts';

describe('the bus watch', () => {
  it('is down until every client is ready, logs once per period, and tells when it is back', () => {
    const lines: string[] = [];
    const log = {
      error: (_: unknown, msg: string) => lines.push(msg),
      info: (_: unknown, msg: string) => lines.push(msg),
    };
    let now = 0;
    const watch = watchBus(log as unknown as Logger, BUS_LOG_EVERY_MS, () => now);
    const [pub, sub] = [new EventEmitter(), new EventEmitter()];
    watch.track(pub);
    watch.track(sub);
    let back = 0;
    watch.onBack(() => back++);
    pub.emit('ready');
    sub.emit('ready');
    expect([watch.up, back]).toEqual([true, 0]);
    // Both clients retry every 0.5 s for a minute.
    for (; now < 60_000; now += 500) {
      pub.emit('error', new Error('ECONNREFUSED'));
      sub.emit('error', new Error('ECONNREFUSED'));
    }
    expect(watch.up).toBe(false);
    expect(lines).toEqual(['realtime bus', 'realtime bus']);
    pub.emit('ready');
    expect([watch.up, back]).toEqual([false, 0]);
    sub.emit('ready');
    expect([watch.up, back]).toEqual([true, 1]);
    expect(lines.at(-1)).toBe('realtime bus back');
  });
});

const databaseUrl = process.env.TEST_DATABASE_URL;

describe.skipIf(!databaseUrl)('cluster bus over PostgreSQL (needs TEST_DATABASE_URL)', () => {
  it('sends every event published before close', async () => {
    const listener = new pg.Client({ connectionString: databaseUrl });
    await listener.connect();
    const marker = `close-${process.pid}-${Date.now()}`;
    let heard = 0;
    listener.on('notification', (n) => void (n.payload?.includes(marker) && heard++));
    await listener.query('LISTEN "socket.io#/"');
    try {
      const bus = await clusterPublisher({ databaseUrl: databaseUrl! }, createLogger({ level: 'silent' }));
      for (let i = 0; i < 50; i++)
        bus.publisher.toAll('messageUpdate', {
          msg: { _id: String(i), msg: marker, msgFrom: null, msgDateTime: new Date(0).toISOString() },
        });
      await bus.close();
      await expect.poll(() => heard).toBe(50);
    } finally {
      await listener.end();
    }
  });
});
