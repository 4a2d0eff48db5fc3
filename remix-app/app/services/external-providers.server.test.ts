import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { AppLoadContext } from '@remix-run/node';
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '@fso/shared';
import { ExternalSignIn } from '../components/ExternalSignIn.tsx';
import { loadConfig } from '@fso/platform';
import { authenticate, ExternalSignInError, providerButtons, signInMessage } from './external-providers.server.ts';
import { loader as providerPage } from '../routes/auth.$provider.ts';

describe('sign-in buttons', () => {
  it('are forms posting to the provider when configured, and disabled with the reason in plain words when not', () => {
    const config = loadConfig({ GITHUB_CLIENT_ID: 'id', GITHUB_CLIENT_SECRET: 'secret' });
    const html = renderToStaticMarkup(
      createElement(ExternalSignIn, { verb: 'Sign in', providers: providerButtons(config), redirectTo: null }),
    );
    expect(html).toContain(
      '<form method="post" action="/auth/github"><button type="submit">Sign in with GitHub</button></form>',
    );
    // Issue 42: said to users on the screen, not in a tooltip naming environment variables.
    expect(html).toContain(
      '<button type="button" disabled="" aria-describedby="oauth-off-google">Sign in with Google</button><p id="oauth-off-google" class="muted">Google sign-in is not enabled on this site. Please sign in with your username and password.</p>',
    );
    expect(html).not.toContain('title=');
    expect(html).not.toContain('action="/auth/google"');
  });
});

describe('GET /auth/:provider', () => {
  it('goes to the login screen, saying why when the site has not enabled the provider', () => {
    const config = loadConfig({ GITHUB_CLIENT_ID: 'id', GITHUB_CLIENT_SECRET: 'secret' });
    const go = (provider: string) =>
      providerPage({
        request: new Request(`http://site.test/auth/${provider}`),
        params: { provider },
        context: { config } as unknown as AppLoadContext,
      }).headers.get('Location');
    expect(go('google')).toBe('/?oauth=unconfigured&provider=google');
    expect(go('github')).toBe('/');
    expect(go('nothing')).toBe('/');
  });
});

describe('the login screen after an external sign-in', () => {
  it('shows the spec texts: the exact email message, the firebase prefix for failures, a notice for a cancel', () => {
    expect(signInMessage('email', 'github')).toEqual({ error: MSG.oauthEmailRequired });
    expect(signInMessage('cancelled', 'google')).toEqual({
      notice: 'Sign-in with Google was cancelled. Nothing was changed.',
    });
    expect(signInMessage('code', 'github').error).toBe(
      'Error while logging in with firebase oauth: GitHub refused the sign-in code (it may have been used already). Please try again.',
    );
    expect(signInMessage('provider', '<script>').error).toBe(
      'Error while logging in with firebase oauth: The provider could not complete the sign-in. Please try again later.',
    );
    expect(signInMessage('unconfigured', 'github')).toEqual({
      notice: 'GitHub sign-in is not enabled on this site. Please sign in with your username and password.',
    });
    expect(signInMessage(null, null)).toEqual({});
  });
});

describe('the GitHub flow against a stand-in provider', () => {
  let answers: { token: () => [number, unknown]; user: () => [number, unknown] };
  let server: Server;
  let base = '';
  beforeAll(async () => {
    server = createServer((req, res) => {
      const [status, body] =
        req.url === '/token'
          ? answers.token()
          : req.url === '/api/user'
            ? answers.user()
            : [200, [{ email: 'me@example.test', primary: true, verified: true }]];
      res.writeHead(status, { 'Content-Type': 'application/json' }).end(JSON.stringify(body));
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  const context = () => {
    const config = loadConfig({
      GITHUB_CLIENT_ID: 'id',
      GITHUB_CLIENT_SECRET: 's',
      GITHUB_AUTHORIZE_URL: `${base}/authorize`,
      GITHUB_TOKEN_URL: `${base}/token`,
      GITHUB_API_URL: `${base}/api`,
    });
    return { config } as AppLoadContext;
  };

  /** Starts the flow, then comes back to the callback with the provider's code and the state cookie. */
  async function callback() {
    const start = await authenticate(
      'github',
      new Request('http://site.test/auth/github', { method: 'POST' }),
      context(),
    ).catch((r: unknown) => r);
    expect(start).toBeInstanceOf(Response);
    const location = new URL((start as Response).headers.get('Location')!);
    expect(location.searchParams.get('code_challenge_method')).toBe('S256');
    expect(location.searchParams.get('redirect_uri')).toBe('http://site.test/auth/github/callback');
    const cookie = (start as Response).headers.get('Set-Cookie')!.split(';')[0]!;
    const url = `http://site.test/auth/github/callback?code=abc&state=${location.searchParams.get('state')}`;
    return authenticate('github', new Request(url, { headers: { Cookie: cookie } }), context());
  }

  it('reads the stable id, login and primary verified email', async () => {
    answers = {
      token: () => [200, { access_token: 't', token_type: 'bearer' }],
      user: () => [200, { id: 42, login: 'me' }],
    };
    expect(await callback()).toEqual({ provider: 'github', subject: '42', login: 'me', email: 'me@example.test' });
  });

  it('sorts failures: a refused code (400, or GitHub’s 200 with an error) and a failing profile endpoint', async () => {
    const failure = (p: Promise<unknown>) =>
      p.then(
        () => null,
        (e: unknown) => (e instanceof ExternalSignInError ? e.code : e),
      );
    answers = { token: () => [400, { error: 'invalid_grant' }], user: () => [200, {}] };
    expect(await failure(callback())).toBe('code');
    answers = { token: () => [200, { error: 'bad_verification_code' }], user: () => [200, {}] };
    expect(await failure(callback())).toBe('code');
    answers = {
      token: () => [200, { access_token: 't', token_type: 'bearer' }],
      user: () => [502, { message: 'down' }],
    };
    expect(await failure(callback())).toBe('provider');
    answers = {
      token: () => [200, { access_token: 't', token_type: 'bearer' }],
      user: () => [200, { login: 'no-id' }],
    };
    expect(await failure(callback())).toBe('provider');
  });
});
