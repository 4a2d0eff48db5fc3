import { Writable } from 'node:stream';
import express from 'express';
import { describe, expect, it } from 'vitest';
import { createLogger } from '@fso/platform';
import { listen } from '@fso/platform/testing';
import { logOf, requestLogging } from './logging.ts';

function capture() {
  const lines: Record<string, unknown>[] = [];
  const sink = new Writable({
    write(chunk, _enc, done) {
      for (const line of String(chunk).split('\n').filter(Boolean)) lines.push(JSON.parse(line));
      done();
    },
  });
  return { lines, logger: createLogger({ level: 'debug' }, sink) };
}

describe('request logs', () => {
  it('give each request an id, send it back, and log one JSON line without secrets', async () => {
    const { lines, logger } = capture();
    const app = express();
    app.use(requestLogging(logger));
    app.post('/user/login', express.json(), (req, res) => {
      logOf(res).info({ user: req.body }, 'handled');
      logOf(res).error(
        {
          err: Object.assign(new Error('Failed query: select 1\nparams: sess-secret-id'), {
            params: ['sess-secret-id'],
          }),
        },
        'query failed',
      );
      res.send('ok');
    });
    const server = await listen(app);
    try {
      const res = await fetch(`${server.url}/user/login?code=oauth-code-secret`, {
        method: 'POST',
        headers: {
          'Content-Type': 'application/json',
          Cookie: 'fso_session=cookie-secret',
          Authorization: 'Bearer auth-secret',
        },
        body: JSON.stringify({ username: 'ann', password: 'password-secret' }),
      });
      const id = res.headers.get('x-request-id');
      expect(id).toMatch(/^[0-9a-f-]{36}$/);
      const kept = await fetch(`${server.url}/user/login`, {
        method: 'POST',
        headers: { 'X-Request-Id': 'proxy-abc.123' },
      });
      expect(kept.headers.get('x-request-id')).toBe('proxy-abc.123');
      const forged = await fetch(`${server.url}/user/login`, {
        method: 'POST',
        headers: { 'X-Request-Id': 'bad id "with" spaces' },
      });
      expect(forged.headers.get('x-request-id')).not.toContain('bad');
    } finally {
      await server.close();
    }
    const text = JSON.stringify(lines);
    for (const secret of ['password-secret', 'cookie-secret', 'auth-secret', 'oauth-code-secret', 'sess-secret-id'])
      expect(text).not.toContain(secret);
    const request = lines.find((l) => l.msg === 'request')!;
    expect(request).toMatchObject({ method: 'POST', path: '/user/login', status: 200, level: 30 });
    expect(lines.filter((l) => l.reqId === request.reqId).map((l) => l.msg)).toEqual([
      'handled',
      'query failed',
      'request',
    ]);
    expect(lines.find((l) => l.msg === 'query failed')).toMatchObject({ err: { message: 'Failed query: select 1' } });
  });
});
