/** Where sign-in sends a user back to (`redirectTo`): a path on this site, or /home. */
import { describe, expect, it } from 'vitest';
import { safeRedirectTo } from './session.server.ts';

describe('safeRedirectTo', () => {
  it('keeps a path on this site, query and fragment included', () => {
    expect(safeRedirectTo('/question/7?sort=active#answer-3')).toBe('/question/7?sort=active#answer-3');
    expect(safeRedirectTo('/users')).toBe('/users');
  });

  it('sends anything a browser would take to another origin to /home', () => {
    for (const evil of [
      '//evil.com',
      '/\\evil.com',
      '/\t/evil.com',
      '/\n/evil.com',
      '/\r\n/evil.com',
      'https://evil.com',
      'evil.com',
      'javascript:alert(1)',
      '',
    ]) {
      expect(safeRedirectTo(evil), JSON.stringify(evil)).toBe('/home');
    }
    expect(safeRedirectTo(null)).toBe('/home');
    expect(safeRedirectTo('//evil.com', '')).toBe('');
  });

  it('never answers a path a Location header cannot carry', () => {
    expect(safeRedirectTo('/\n')).toBe('/');
    expect(safeRedirectTo('/home\r\nSet-Cookie: x=1')).toBe('/homeSet-Cookie:%20x=1');
    expect(safeRedirectTo('/ü')).toBe('/%C3%BC');
  });
});
