/**
 * POST /auth/:provider — the "Sign in with GitHub/Google" buttons (plain forms, so they work
 * without JavaScript): sets the state and PKCE cookie, keeps the page to come back to, and
 * sends the browser to the provider.
 */
import { redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from '@remix-run/node';
import { authenticate, ExternalSignInError, isProvider } from '~/services/external-providers.server.ts';
import { formFields } from '~/services/forms.server.ts';
import { invariantResponse } from '~/services/invariant.server.ts';
import { returnCookie } from '~/services/oauth-return.server.ts';

/**
 * Nothing to show here: a GET (a typed URL, a crawler) goes back to the login screen, which says
 * so when the site has not enabled that provider.
 */
export const loader = ({ params, context }: LoaderFunctionArgs) =>
  redirect(
    isProvider(params.provider) && !context.config[params.provider]
      ? `/?oauth=unconfigured&provider=${params.provider}`
      : '/',
  );

export async function action({ request, params, context }: ActionFunctionArgs) {
  const provider = params.provider;
  invariantResponse(isProvider(provider), 404, 'Unknown sign-in provider.');
  const form = await formFields(request.clone());
  try {
    await authenticate(provider, request, context);
  } catch (error) {
    if (error instanceof Response) {
      const cookie = returnCookie(form.redirectTo ?? null, context.config.cookieSecure);
      if (cookie) error.headers.append('Set-Cookie', cookie);
      return error;
    }
    if (error instanceof ExternalSignInError) return redirect(`/?oauth=${error.code}&provider=${provider}`);
    throw error;
  }
  return redirect('/');
}
