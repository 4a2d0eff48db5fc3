/**
 * `/` — the login screen (SPEC §2). Signed-in visitors go straight on to /home. A failed login
 * comes back here by a redirect that carries its message (services/login-failure.server.ts).
 */
import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node';
import { useLoaderData } from '@remix-run/react';
import { login } from '@fso/core';
import { loginSchema, parseWith, userDeleted } from '@fso/shared';
import { AuthForm, authFailure } from '~/components/AuthForm.tsx';
import { providerButtons, signInMessage } from '~/services/external-providers.server.ts';
import { formFields } from '~/services/forms.server.ts';
import { callerOf, getSessionUser, safeRedirectTo, sessionCookie } from '~/services/session.server.ts';
import { routeErrorBoundary } from '~/components/RouteError.tsx';
import { backToLogin, takeLoginFailure } from '~/services/login-failure.server.ts';

export async function loader({ request, context }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  if (await getSessionUser(request, context)) throw redirect(safeRedirectTo(url.searchParams.get('redirectTo')));
  const deleted = url.searchParams.get('deleted');
  const external = signInMessage(url.searchParams.get('oauth'), url.searchParams.get('provider'));
  const failed = await takeLoginFailure(request, context);
  return data(
    {
      providers: providerButtons(context.config),
      notice: deleted ? userDeleted(deleted) : (external.notice ?? null),
      error: failed?.failure.error ?? external.error ?? null,
      username: failed?.failure.username ?? '',
    },
    { headers: failed ? { 'Set-Cookie': failed.clear } : undefined },
  );
}

export async function action({ request, context }: ActionFunctionArgs) {
  const fields = await formFields(request);
  const parsed = parseWith(loginSchema, fields);
  const username = fields.username ?? '';
  if (!parsed.ok) return backToLogin(context, { error: parsed.message, username }, fields.redirectTo);
  const outcome = await login(context.ports, callerOf(context, null), parsed.value);
  if (!outcome.ok)
    return backToLogin(context, { error: authFailure('login', outcome.message), username }, fields.redirectTo);
  return redirect(safeRedirectTo(fields.redirectTo), {
    headers: { 'Set-Cookie': sessionCookie(context, outcome.value.session) },
  });
}

export default function LoginPage() {
  const { providers, notice, error, username } = useLoaderData<typeof loader>();
  return <AuthForm mode="login" providers={providers} notice={notice} error={error} username={username} />;
}

export const meta: MetaFunction = () => [{ title: 'Log in — Fake Stack Overflow' }];

export const ErrorBoundary = routeErrorBoundary({ standalone: true });
