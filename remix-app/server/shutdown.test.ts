import { describe, expect, it } from 'vitest';
import { closeHttpServer } from './shutdown.ts';
import { listen } from './test-listen.ts';

describe('closeHttpServer', () => {
  it('stops taking connections but answers the request in flight', async () => {
    const server = await listen((_req, res) => void setTimeout(() => res.end('done'), 500));
    const inFlight = fetch(server.url).then((r) => r.text());
    await new Promise((resolve) => setTimeout(resolve, 100));
    const closed = closeHttpServer(server.server);
    await expect(fetch(server.url)).rejects.toThrow();
    expect(await inFlight).toBe('done');
    await closed;
  });

  it('cuts a connection still busy after the grace period', async () => {
    const server = await listen(() => undefined);
    const hanging = fetch(server.url).catch((error: Error) => error.message);
    await new Promise((resolve) => setTimeout(resolve, 100));
    const started = Date.now();
    await closeHttpServer(server.server, 300);
    expect(Date.now() - started).toBeLessThan(2000);
    expect(await hanging).toMatch(/fetch failed|terminated|socket/i);
  });
});
