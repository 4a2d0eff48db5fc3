/**
 * Bodies counted while they stream (body-limit.ts): a chunked body with no Content-Length is
 * refused with 413 once it passes MAX_BODY_BYTES, by the app's middleware and by the Socket.IO
 * relay of split mode, without the process keeping it; a body within the limit passes whole.
 */
import express from 'express';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_BODY_BYTES, MSG } from '@fso/shared';
import { bodyLimit } from './body-limit.ts';
import { socketHttpProxy } from './socket-proxy.ts';
import { listen, sendChunked } from '@fso/platform/testing';

const MB = 1024 * 1024;

const rssMb = () => process.memoryUsage().rss / MB;

describe('request bodies are counted while they stream', () => {
  let app: Awaited<ReturnType<typeof listen>>;
  let target: Awaited<ReturnType<typeof listen>>;
  let proxy: Awaited<ReturnType<typeof listen>>;
  let targetReceived = 0;

  beforeAll(async () => {
    const server = express();
    server.use(bodyLimit(), (_req, res) => void res.send(`read ${(res.locals.body as Buffer).length} bytes`));
    app = await listen(server);
    // A naive target that reads whatever it gets: the relay must stop at the limit, not it.
    target = await listen((req, res) => {
      req.on('data', (d: Buffer) => (targetReceived += d.length));
      req.on('end', () => res.end('ok'));
    });
    const front = express();
    front.use('/socket.io', socketHttpProxy(new URL(target.url)));
    proxy = await listen(front);
  });
  afterAll(async () => {
    for (const s of [app, target, proxy]) s.server.closeAllConnections();
    await Promise.all([app.close(), target.close(), proxy.close()]);
  });

  it('passes a body within the limit whole', async () => {
    const res = await fetch(app.url, { method: 'POST', body: 'y'.repeat(MAX_BODY_BYTES) });
    expect(res.status).toBe(200);
    expect(await res.text()).toBe(`read ${MAX_BODY_BYTES} bytes`);
  });

  it('refuses a chunked 200 MB body with 413 and keeps none of it', async () => {
    global.gc?.();
    const before = rssMb();
    const res = await sendChunked(app.url, 200 * MB);
    const after = rssMb();
    expect(res.status).toBe(413);
    expect(res.text).toBe(MSG.bodyTooLarge);
    expect(res.sent).toBeLessThan(200 * MB);
    console.info(
      `chunked 200 MB body to the app: 413 after ${(res.sent / MB).toFixed(1)} MB sent; RSS ${before.toFixed(1)} → ${after.toFixed(1)} MB`,
    );
    expect(after - before).toBeLessThan(20);
    // The next request is served normally.
    expect((await fetch(app.url, { method: 'POST', body: '{}' })).status).toBe(200);
  });

  it('refuses a chunked body past the limit at the Socket.IO relay, before the target has it', async () => {
    const res = await sendChunked(`${proxy.url}/socket.io/?EIO=4&transport=polling`, 200 * MB);
    expect(res.status).toBe(413);
    expect(res.text).toBe(MSG.bodyTooLarge);
    expect(targetReceived).toBeLessThanOrEqual(MAX_BODY_BYTES);
    const small = await fetch(`${proxy.url}/socket.io/?EIO=4&transport=polling`, {
      method: 'POST',
      body: 'z'.repeat(1000),
    });
    expect(await small.text()).toBe('ok');
  });
});
