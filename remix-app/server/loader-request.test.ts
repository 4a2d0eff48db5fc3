/**
 * The request a loader or an action is handed (patches/@remix-run+server-runtime, decision 0050):
 * Remix strips its own `index` and `_routes` parameters from the URL; with the patch a request
 * whose URL stripping would not change is handed on as it is, and any other still gets a copy
 * with the URL Remix has always given (parameters re-serialised as URLSearchParams writes them).
 * Method, headers and body reach the loader or action either way.
 */
import type { AppLoadContext } from '@remix-run/node';
import { callRouteAction, callRouteLoader } from '@remix-run/server-runtime/dist/data.js';
import { describe, expect, it } from 'vitest';

// Neither the loaders nor the action below read their context.
const loadContext = {} as AppLoadContext;

/** The URL and cookie a loader sees for a GET of `url` (single fetch, as the app runs). */
async function seenByLoader(url: string) {
  let seen: Request | undefined;
  await callRouteLoader({
    request: new Request(url, { headers: { cookie: 'fso=1' } }),
    loader: ({ request }) => ((seen = request), null),
    params: {},
    loadContext,
    routeId: 'routes/test',
    singleFetch: true,
  });
  return { url: seen?.url, cookie: seen?.headers.get('cookie') };
}

describe('what a loader or an action is handed', () => {
  it.each([
    ['http://h/question/5', 'http://h/question/5'],
    ['http://h/question/5?sort=newest', 'http://h/question/5?sort=newest'],
    ['http://h/home?search=quantum+state', 'http://h/home?search=quantum+state'],
    ['http://h/home?search=quantum%20state', 'http://h/home?search=quantum+state'],
    ['http://h/home?search=a%2Bb&page=2', 'http://h/home?search=a%2Bb&page=2'],
    ['http://h/page?', 'http://h/page'],
    ['http://h/?index', 'http://h/'],
    ['http://h/?index&x=1', 'http://h/?x=1'],
    ['http://h/?index=a&index=', 'http://h/?index=a'],
    ['http://h/page?_routes=root,routes%2F_app&y=2', 'http://h/page?y=2'],
  ])('a loader for %s sees %s, with the request headers', async (url, expected) => {
    expect(await seenByLoader(url)).toEqual({ url: expected, cookie: 'fso=1' });
  });

  it.each(['http://h/question/5', 'http://h/?index'])('an action posted to %s reads the form body', async (url) => {
    const body = new URLSearchParams({ intent: 'comment', text: 'hello there' });
    const read = await callRouteAction({
      request: new Request(url, {
        method: 'POST',
        body,
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
      }),
      action: async ({ request }) => Object.fromEntries(await request.formData()),
      params: {},
      loadContext,
      routeId: 'routes/test',
      singleFetch: true,
    });
    expect(read).toEqual({ intent: 'comment', text: 'hello there' });
  });
});
