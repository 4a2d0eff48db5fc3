#!/usr/bin/env node
/**
 * A local OAuth 2.0 / OpenID Connect provider for the end-to-end tests (and for trying sign-in
 * with no GitHub or Google app): oauth2-mock-server issues codes (PKCE, one use each), tokens,
 * ID tokens and the JWKS; in front of it sit a consent page where the tester picks who signs
 * in (stable id, login, email, verified or not) or denies, GitHub's /user and /user/emails,
 * an OIDC /userinfo, and POST /id-token, which signs an ID token for POST /user/firebaseLogin.
 *
 *   node scripts/oauth-mock.mjs [port]   prints the environment that points the site at it.
 */
import { randomUUID } from 'node:crypto';
import { createServer } from 'node:http';
import { OAuth2Issuer, OAuth2Service } from 'oauth2-mock-server';

const escapeHtml = (s) => String(s).replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

async function readBody(req) {
  let raw = '';
  for await (const chunk of req) raw += chunk;
  return raw;
}

function consentPage(query) {
  const login = `mock${randomUUID().slice(0, 8)}`;
  const field = (label, name, value) =>
    `<label>${label} <input name="${name}" value="${escapeHtml(value)}"></label><br>`;
  return `<!doctype html><html><head><title>Mock provider consent</title></head><body>
<h1>Authorize ${escapeHtml(query.get('client_id') ?? 'this app')}?</h1>
<p>Scopes: ${escapeHtml(query.get('scope') ?? '')}</p>
<form method="post" action="/consent">
<input type="hidden" name="query" value="${escapeHtml(query.toString())}">
${field('Stable id', 'sub', randomUUID())}
${field('Login', 'login', login)}
${field('Email', 'email', `${login}@example.test`)}
<label><input type="checkbox" name="verified" value="yes" checked> Email verified</label><br>
<button name="decision" value="allow">Allow</button>
<button name="decision" value="deny">Deny</button>
</form></body></html>`;
}

/** Starts the provider on 127.0.0.1:port; answers its URL and a stop function. */
export async function startOAuthMock(port) {
  const issuer = new OAuth2Issuer();
  await issuer.keys.generate('RS256');
  const url = `http://127.0.0.1:${port}`;
  issuer.url = url;
  // The library's own authorize endpoint redirects at once; the consent page stands in front of it.
  const service = new OAuth2Service(issuer, { authorize: '/oauth/authorize' });
  const byCode = new Map();
  const byToken = new Map();

  service.on('beforeAuthorizeRedirect', (redirect, req) => {
    const identity = new URL(req.url, url).searchParams.get('identity');
    const code = redirect.url.searchParams.get('code');
    if (identity && code) byCode.set(code, JSON.parse(Buffer.from(identity, 'base64url').toString('utf8')));
  });
  service.on('beforeResponse', (response, req) => {
    const who = req.body?.code ? byCode.get(req.body.code) : undefined;
    byCode.delete(req.body?.code);
    if (who && response.statusCode === 200) byToken.set(response.body.access_token, who);
  });

  const bearer = (req) => byToken.get(/^Bearer (.+)$/.exec(req.headers.authorization ?? '')?.[1]);
  const json = (res, status, body) =>
    res.writeHead(status, { 'Content-Type': 'application/json' }).end(JSON.stringify(body));

  const server = createServer(async (req, res) => {
    const here = new URL(req.url ?? '/', url);
    const route = `${req.method} ${here.pathname}`;
    if (route === 'GET /authorize')
      return res.writeHead(200, { 'Content-Type': 'text/html' }).end(consentPage(here.searchParams));
    if (route === 'POST /consent') {
      const form = new URLSearchParams(await readBody(req));
      const query = new URLSearchParams(form.get('query') ?? '');
      if (form.get('decision') !== 'allow') {
        const back = new URL(query.get('redirect_uri') ?? url);
        back.searchParams.set('error', 'access_denied');
        back.searchParams.set('error_description', 'The user denied the request');
        if (query.get('state')) back.searchParams.set('state', query.get('state'));
        return res.writeHead(302, { Location: back.href }).end();
      }
      const identity = {
        sub: form.get('sub'),
        login: form.get('login'),
        email: form.get('email') || null,
        verified: form.get('verified') === 'yes',
      };
      query.set('identity', Buffer.from(JSON.stringify(identity)).toString('base64url'));
      return res.writeHead(302, { Location: `/oauth/authorize?${query}` }).end();
    }
    if (route === 'GET /github/user' || route === 'GET /github/user/emails' || route === 'GET /userinfo') {
      const who = bearer(req);
      if (!who) return json(res, 401, { message: 'Bad credentials' });
      if (here.pathname === '/github/user') return json(res, 200, { id: who.sub, login: who.login, email: null });
      if (here.pathname === '/github/user/emails')
        return json(res, 200, who.email ? [{ email: who.email, primary: true, verified: who.verified }] : []);
      return json(res, 200, {
        sub: who.sub,
        preferred_username: who.login,
        email: who.email ?? undefined,
        email_verified: who.verified,
      });
    }
    if (route === 'POST /id-token') {
      const claims = JSON.parse((await readBody(req)) || '{}');
      const token = await issuer.buildToken({
        expiresIn: claims.expiresIn ?? 3600,
        scopesOrTransform: (_header, payload) => Object.assign(payload, claims.payload),
      });
      return json(res, 200, { idToken: token });
    }
    return service.requestHandler(req, res);
  });
  await new Promise((resolve, reject) => server.once('error', reject).listen(port, '127.0.0.1', resolve));
  return { url, stop: () => new Promise((resolve) => server.close(resolve)) };
}

/** The site's configuration for a mock at `url` (GitHub, Google and ID tokens all point at it). */
export function oauthMockEnv(url) {
  return {
    GITHUB_CLIENT_ID: 'mock-github-client',
    GITHUB_CLIENT_SECRET: 'mock-github-secret',
    GITHUB_AUTHORIZE_URL: `${url}/authorize`,
    GITHUB_TOKEN_URL: `${url}/token`,
    GITHUB_API_URL: `${url}/github`,
    GOOGLE_CLIENT_ID: 'mock-google-client',
    GOOGLE_CLIENT_SECRET: 'mock-google-secret',
    GOOGLE_AUTHORIZE_URL: `${url}/authorize`,
    GOOGLE_TOKEN_URL: `${url}/token`,
    GOOGLE_USERINFO_URL: `${url}/userinfo`,
    ID_TOKEN_JWKS_URL: `${url}/jwks`,
    ID_TOKEN_ISSUER: url,
    ID_TOKEN_AUDIENCE: 'mock-firebase-project',
  };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const { url } = await startOAuthMock(Number(process.argv[2] ?? 3010));
  console.log(`Mock OAuth provider on ${url}. Start the site with:\n`);
  for (const [key, value] of Object.entries(oauthMockEnv(url))) console.log(`${key}=${value}`);
}
