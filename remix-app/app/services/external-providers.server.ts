/**
 * GitHub and Google sign-in: remix-auth OAuth2 strategies (authorization code with PKCE and a
 * state cookie) built from configuration, and each provider's profile read into one shape.
 * Every failure of the flow becomes an `ExternalSignInError` with a code the login screen
 * turns into a message; nothing here touches accounts.
 */
import type { AppLoadContext } from '@remix-run/node';
import { Authenticator } from 'remix-auth';
import { OAuth2RequestError, OAuth2Strategy } from 'remix-auth-oauth2';
import { z } from 'zod';
import type { ExternalProfile } from '@fso/core';
import { MSG, oauthText, withReason } from '@fso/shared';
import type { Config } from '@fso/platform';
import type { ProviderButtonState } from '../components/ExternalSignIn.tsx';

export const PROVIDERS = { github: 'GitHub', google: 'Google' } as const;
export type ProviderId = keyof typeof PROVIDERS;

export const isProvider = (value: string | null | undefined): value is ProviderId =>
  typeof value === 'string' && Object.hasOwn(PROVIDERS, value);

/** What a provider tells us about the person: its stable id, a login, and a verified email. */

/** cancelled: consent refused; state: forged, stale or replayed callback; code: the provider refused the code; provider: it failed. */
export type SignInFailure = 'cancelled' | 'state' | 'code' | 'provider' | 'unconfigured';

export class ExternalSignInError extends Error {
  constructor(
    readonly code: SignInFailure,
    detail: string,
  ) {
    super(detail);
  }
}

const STATE_COOKIE = 'fso_oauth';
const PROFILE_TIMEOUT_MS = 10_000;

/** Sign-in buttons: each provider, and why it is off when it is. */
export function providerButtons(config: Config): ProviderButtonState[] {
  return (Object.keys(PROVIDERS) as ProviderId[]).map((id) => ({
    id,
    label: PROVIDERS[id],
    offReason: config[id] ? null : oauthText.unconfigured(PROVIDERS[id]),
  }));
}

/** The login screen's line for `?oauth=<code>&provider=<id>` after an external sign-in came back. */
export function signInMessage(code: string | null, provider: string | null): { error?: string; notice?: string } {
  const id = isProvider(provider) ? provider : null;
  const label = id ? PROVIDERS[id] : 'The provider';
  const failure = (reason: string) => ({ error: withReason(MSG.oauthError, reason) });
  switch (code) {
    case 'email':
      return { error: MSG.oauthEmailRequired };
    case 'cancelled':
      return { notice: oauthText.cancelled(label) };
    case 'linkCancelled':
      return { notice: MSG.oauthLinkCancelled };
    case 'state':
      return failure(MSG.oauthStateInvalid);
    case 'code':
      return failure(oauthText.codeRefused(label));
    case 'provider':
      return failure(oauthText.providerFailed(label));
    case 'unconfigured':
      return id ? { notice: oauthText.unconfigured(label) } : failure(oauthText.providerFailed(label));
    case 'linkExpired':
      return failure(MSG.oauthLinkExpired);
    default:
      return {};
  }
}

const githubUser = z.object({ id: z.union([z.number(), z.string()]), login: z.string() });
const githubEmails = z.array(z.object({ email: z.string(), primary: z.boolean(), verified: z.boolean() }));
const oidcUserinfo = z.object({
  sub: z.string().min(1),
  email: z.string().optional(),
  email_verified: z.union([z.boolean(), z.enum(['true', 'false'])]).optional(),
  preferred_username: z.string().optional(),
});

async function getJson<S extends z.ZodType>(url: string, accessToken: string, schema: S): Promise<z.output<S>> {
  let response: Response;
  try {
    response = await fetch(url, {
      headers: {
        Authorization: `Bearer ${accessToken}`,
        Accept: 'application/json',
        'User-Agent': 'fake-stack-overflow',
      },
      signal: AbortSignal.timeout(PROFILE_TIMEOUT_MS),
    });
  } catch (error) {
    throw new ExternalSignInError(
      'provider',
      `${new URL(url).host} could not be reached (${(error as Error).message})`,
    );
  }
  if (!response.ok) throw new ExternalSignInError('provider', `${new URL(url).pathname} answered ${response.status}`);
  const parsed = schema.safeParse(await response.json().catch(() => null));
  if (!parsed.success)
    throw new ExternalSignInError('provider', `${new URL(url).pathname} answered in an unexpected shape`);
  return parsed.data;
}

async function githubProfile(apiUrl: string, accessToken: string): Promise<ExternalProfile> {
  const base = apiUrl.replace(/\/+$/, '');
  const [user, emails] = await Promise.all([
    getJson(`${base}/user`, accessToken, githubUser),
    getJson(`${base}/user/emails`, accessToken, githubEmails),
  ]);
  const email = emails.find((e) => e.primary && e.verified) ?? emails.find((e) => e.verified);
  return { provider: 'github', subject: String(user.id), login: user.login, email: email?.email ?? null };
}

async function oidcProfile(userinfoUrl: string, accessToken: string): Promise<ExternalProfile> {
  const info = await getJson(userinfoUrl, accessToken, oidcUserinfo);
  const verified = info.email_verified === true || info.email_verified === 'true';
  return {
    provider: 'google',
    subject: info.sub,
    login: info.preferred_username ?? null,
    email: verified && info.email ? info.email : null,
  };
}

function strategyFor(id: ProviderId, config: Config, origin: string): OAuth2Strategy<ExternalProfile> | null {
  const common = {
    // The library makes it httpOnly, SameSite=Lax, site-wide, five minutes.
    cookie: { name: `${STATE_COOKIE}_${id}`, ...(config.cookieSecure ? { secure: true as const } : {}) },
    redirectURI: `${origin}/auth/${id}/callback`,
  };
  const verify =
    (read: (accessToken: string) => Promise<ExternalProfile>) =>
    async ({ tokens }: OAuth2Strategy.VerifyOptions) => {
      // GitHub answers a refused code with 200 and an `error` field instead of a 400.
      const data = tokens.data as Record<string, unknown>;
      if (typeof data.error === 'string') throw new ExternalSignInError('code', data.error);
      return read(tokens.accessToken());
    };
  if (id === 'github' && config.github) {
    const { clientId, clientSecret, authorizeUrl, tokenUrl, apiUrl } = config.github;
    return new OAuth2Strategy(
      {
        ...common,
        clientId,
        clientSecret,
        authorizationEndpoint: authorizeUrl,
        tokenEndpoint: tokenUrl,
        scopes: ['read:user', 'user:email'],
      },
      verify((token) => githubProfile(apiUrl, token)),
    );
  }
  if (id === 'google' && config.google) {
    const { clientId, clientSecret, authorizeUrl, tokenUrl, userinfoUrl } = config.google;
    return new OAuth2Strategy(
      {
        ...common,
        clientId,
        clientSecret,
        authorizationEndpoint: authorizeUrl,
        tokenEndpoint: tokenUrl,
        scopes: ['openid', 'email', 'profile'],
      },
      verify((token) => oidcProfile(userinfoUrl, token)),
    );
  }
  return null;
}

/** The library's errors, sorted into what the person is told. */
function classify(error: unknown, callback: URL): ExternalSignInError {
  if (error instanceof ExternalSignInError) return error;
  if (error instanceof OAuth2RequestError) {
    if (error.code === 'access_denied') return new ExternalSignInError('cancelled', error.code);
    return new ExternalSignInError(
      callback.searchParams.has('error') ? 'provider' : 'code',
      error.description ?? error.code,
    );
  }
  // remix-auth-oauth2 throws these for a missing state cookie, a state that does not match it, or no code.
  if (error instanceof ReferenceError || error instanceof RangeError)
    return new ExternalSignInError('state', error.message);
  return new ExternalSignInError('provider', error instanceof Error ? error.message : String(error));
}

/**
 * Runs the strategy: without `state` in the URL it throws the redirect to the provider (with
 * the state and PKCE verifier cookie); on the callback it answers the profile or throws an
 * `ExternalSignInError`.
 */
export async function authenticate(
  id: ProviderId,
  request: Request,
  context: AppLoadContext,
): Promise<ExternalProfile> {
  const origin = context.config.origin ?? new URL(request.url).origin;
  const strategy = strategyFor(id, context.config, origin);
  if (!strategy) throw new ExternalSignInError('unconfigured', id);
  const authenticator = new Authenticator<ExternalProfile>().use(strategy, id);
  try {
    return await authenticator.authenticate(id, request);
  } catch (error) {
    if (error instanceof Response) throw error;
    throw classify(error, new URL(request.url));
  }
}

/** Set-Cookie values that drop every pending state cookie of this provider: a callback is used once. */
export function clearStateCookies(id: ProviderId, request: Request, secure: boolean): string[] {
  const prefix = `${STATE_COOKIE}_${id}`;
  return (request.headers.get('Cookie') ?? '')
    .split(';')
    .map((part) => part.trim().split('=')[0] ?? '')
    .filter((name) => name.startsWith(prefix))
    .map((name) => `${name}=; Path=/; HttpOnly; SameSite=Lax; Max-Age=0${secure ? '; Secure' : ''}`);
}
