/**
 * The cluster bus over PostgreSQL: a web process's publisher closed right after a burst of
 * events (as at a graceful stop) still sends every one of them, including those that were
 * waiting for one of its few connections. Needs TEST_DATABASE_URL (skipped without it).
 */
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { clusterPublisher } from './bus.ts';
import { createLogger } from './logging.ts';

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
