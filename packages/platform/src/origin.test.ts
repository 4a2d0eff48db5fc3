import { describe, expect, it } from 'vitest';
import { crossSiteRefusal, siteOrigin } from './origin.ts';

const site = 'https://site.test';
const trusted = ['http://client.test:5173'];
const judge = (method: string, headers: Record<string, string>, at = site) =>
  crossSiteRefusal(method, headers, trusted, at);

describe('cross-site request guard', () => {
  it('never refuses reads', () => {
    for (const method of ['GET', 'HEAD', 'OPTIONS'])
      expect(judge(method, { origin: 'https://evil.test', 'sec-fetch-site': 'cross-site' })).toBeNull();
  });

  it('lets the site itself, the configured CORS origins and non-browser clients write', () => {
    expect(judge('POST', { origin: 'https://site.test', 'sec-fetch-site': 'same-origin' })).toBeNull();
    expect(judge('POST', { 'sec-fetch-site': 'none' })).toBeNull();
    expect(judge('POST', { origin: 'https://site.test' })).toBeNull();
    expect(judge('PATCH', { referer: 'https://site.test/user/ann' })).toBeNull();
    expect(judge('DELETE', { origin: 'http://client.test:5173', 'sec-fetch-site': 'cross-site' })).toBeNull();
    expect(judge('POST', {})).toBeNull();
  });

  it('refuses writes a browser says come from another site, by Sec-Fetch-Site, then Origin, then Referer', () => {
    expect(judge('POST', { origin: 'https://evil.test', 'sec-fetch-site': 'cross-site' })).toMatch(/cross-site/);
    // A sibling subdomain is same-site for cookies but still another origin.
    expect(judge('POST', { origin: 'https://a.site.test', 'sec-fetch-site': 'same-site' })).toMatch(/same-site/);
    expect(judge('POST', { origin: 'https://evil.test' })).toMatch(/evil/);
    expect(judge('POST', { origin: 'null' })).toMatch(/null/);
    expect(judge('PATCH', { referer: 'https://evil.test/page' })).toMatch(/Referer/);
    expect(judge('POST', { referer: 'not a url' })).toMatch(/Referer/);
  });

  it('compares the scheme too: the same host over another scheme is another origin', () => {
    expect(judge('POST', { origin: 'https://site.test' }, 'http://site.test')).toMatch(/Origin/);
    expect(judge('POST', { origin: 'http://site.test' })).toMatch(/Origin/);
    expect(judge('POST', { referer: 'http://site.test/home' })).toMatch(/Referer/);
    expect(judge('POST', { origin: 'https://site.test:8443' })).toMatch(/Origin/);
  });
});

describe('the site origin', () => {
  const plain = { encrypted: false } as never;
  it('is the connection scheme and Host, unless a proxy in front names them', () => {
    expect(siteOrigin({ headers: { host: 'site.test:3000' }, socket: plain })).toBe('http://site.test:3000');
    expect(siteOrigin({ headers: { host: 'site.test' }, socket: { encrypted: true } as never })).toBe(
      'https://site.test',
    );
    expect(
      siteOrigin({
        headers: { host: 'internal:3001', 'x-forwarded-proto': 'https', 'x-forwarded-host': 'site.test' },
        socket: plain,
      }),
    ).toBe('https://site.test');
    expect(siteOrigin({ headers: { host: 'site.test', 'x-forwarded-proto': 'https, http' }, socket: plain })).toBe(
      'https://site.test',
    );
  });
});
