import { describe, expect, it } from 'vitest';
import { crossSiteRefusal } from './csrf.ts';

const host = 'site.test';
const trusted = ['http://client.test:5173'];
const judge = (method: string, headers: Record<string, string>) => crossSiteRefusal(method, { host, ...headers }, trusted);

describe('cross-site request guard', () => {
  it('never refuses reads', () => {
    for (const method of ['GET', 'HEAD', 'OPTIONS']) expect(judge(method, { origin: 'https://evil.test', 'sec-fetch-site': 'cross-site' })).toBeNull();
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
});
