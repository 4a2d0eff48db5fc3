/**
 * The client address every per-address limit counts (client-address.ts): behind N proxies the
 * N-th X-Forwarded-For entry from the right, behind a proxy with a header of its own that header,
 * and never an entry the client wrote itself.
 */
import express from 'express';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '@fso/platform';
import { listen } from '@fso/platform/testing';
import { clientAddress } from './client-address.ts';

/** The address an app configured with TRUST_PROXY=`trust` sees for a request with these headers. */
async function seen(trust: string, headers: Record<string, string>): Promise<string> {
  const config = loadConfig({ TRUST_PROXY: trust });
  const app = express();
  app.set('trust proxy', config.trustProxy.hops);
  app.get('/', (req, res) => void res.send(clientAddress(req, config.trustProxy)));
  const server = await listen(app);
  try {
    return await (await fetch(server.url, { headers })).text();
  } finally {
    await server.close();
  }
}

describe('the client address', () => {
  it('is the connection’s without a proxy, whatever X-Forwarded-For says', async () => {
    expect(await seen('false', { 'X-Forwarded-For': '198.51.100.1' })).toBe('127.0.0.1');
  });

  it('is the entry the proxies in front appended, never one the client wrote', async () => {
    // The client wrote 198.51.100.1; one proxy appended the address it saw, 203.0.113.9.
    expect(await seen('1', { 'X-Forwarded-For': '198.51.100.1, 203.0.113.9' })).toBe('203.0.113.9');
    // Two proxies: the first saw the client, the second saw the first.
    expect(await seen('2', { 'X-Forwarded-For': '198.51.100.1, 203.0.113.9, 10.0.0.2' })).toBe('203.0.113.9');
  });

  it('is the header a proxy sets (Fly-Client-IP) when it holds an address, else the connection’s', async () => {
    const spoofed = { 'X-Forwarded-For': '198.51.100.1' };
    expect(await seen('Fly-Client-IP', { ...spoofed, 'Fly-Client-IP': '203.0.113.9' })).toBe('203.0.113.9');
    expect(await seen('Fly-Client-IP', { ...spoofed, 'Fly-Client-IP': '2001:db8::1' })).toBe('2001:db8::1');
    expect(await seen('Fly-Client-IP', spoofed)).toBe('127.0.0.1');
    expect(await seen('Fly-Client-IP', { 'Fly-Client-IP': 'not an address' })).toBe('127.0.0.1');
  });
});
