/**
 * GET /auth/:provider/callback — where the provider sends the browser back. Signs in (or
 * creates the account) and returns to the page that asked for it, asks before linking to an existing account with the same email, and
 * turns every failure into a message on the login screen. The state cookie is dropped either
 * way, so a callback URL works once.
 */
import { redirect, type LoaderFunctionArgs } from '@remix-run/node';
import { signInExternal } from '@fso/core';
import { MSG } from '@fso/shared';
import {
  authenticate,
  clearStateCookies,
  ExternalSignInError,
  isProvider,
  type ProviderId,
} from '~/services/external-providers.server.ts';
import { clearReturnCookie, returnPath } from '~/services/oauth-return.server.ts';
import { pendingLinkCookie } from '~/services/pending-link.server.ts';
import { sessionCookie } from '~/services/session.server.ts';

function withCookies(location: string, cookies: string[]): Response {
  const headers = new Headers();
  for (const cookie of cookies) headers.append('Set-Cookie', cookie);
  return redirect(location, { headers });
}

async function profileFrom(provider: ProviderId, request: Request, context: LoaderFunctionArgs['context']) {
  const url = new URL(request.url);
  // Without a state the strategy would start a new flow; a callback must answer one we started.
  if (!url.searchParams.has('state')) {
    throw new ExternalSignInError(
      url.searchParams.get('error') === 'access_denied' ? 'cancelled' : 'state',
      'no state in the callback',
    );
  }
  return authenticate(provider, request, context);
}

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const provider = params.provider;
  if (!isProvider(provider)) return redirect('/');
  const cleared = clearStateCookies(provider, request, context.config.cookieSecure);
  const back = (code: string) => withCookies(`/?oauth=${code}&provider=${provider}`, cleared);
  let profile;
  try {
    profile = await profileFrom(provider, request, context);
  } catch (error) {
    if (!(error instanceof ExternalSignInError)) throw error;
    if (error.code === 'provider') context.log.warn({ provider, reason: error.message }, 'external sign-in failed');
    return back(error.code);
  }
  const outcome = await signInExternal(context.ports, profile);
  if (!outcome.ok) return back(outcome.message === MSG.oauthEmailRequired ? 'email' : 'provider');
  if (outcome.value.kind === 'confirm-link')
    return withCookies('/auth/link', [...cleared, pendingLinkCookie(context, outcome.value.link)]);
  return withCookies(returnPath(request), [
    ...cleared,
    clearReturnCookie(context.config.cookieSecure),
    sessionCookie(context, outcome.value.session),
  ]);
}
