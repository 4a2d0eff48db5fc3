/** `/` — the login screen (SPEC §2). Signed-in visitors go straight on to /home. */
import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node';
import { useLoaderData } from '@remix-run/react';
import { login } from '@fso/core';
import { loginSchema, parseWith, userDeleted } from '@fso/shared';
import { AuthForm, authFailure } from '~/components/AuthForm.tsx';
import { failureHeaders, statusOf } from '~/services/respond.server.ts';
import { providerButtons, signInMessage } from '~/services/external-providers.server.ts';
import { formFields } from '~/services/forms.server.ts';
import { callerOf, getSessionUser, safeRedirectTo, sessionCookie } from '~/services/session.server.ts';

export async function loader({ request, context }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  if (await getSessionUser(request, context)) throw redirect(safeRedirectTo(url.searchParams.get('redirectTo')));
  const deleted = url.searchParams.get('deleted');
  const external = signInMessage(url.searchParams.get('oauth'), url.searchParams.get('provider'));
  return {
    providers: providerButtons(context.config),
    notice: deleted ? userDeleted(deleted) : (external.notice ?? null),
    error: external.error ?? null,
  };
}

export async function action({ request, context }: ActionFunctionArgs) {
  const fields = await formFields(request);
  const parsed = parseWith(loginSchema, fields);
  if (!parsed.ok) return data({ error: parsed.error }, { status: 400 });
  const outcome = await login(context.ports, callerOf(context, null), parsed.data);
  if (!outcome.ok) return data({ error: authFailure('login', outcome.message) }, { status: statusOf(outcome), headers: failureHeaders(outcome) });
  return redirect(safeRedirectTo(fields.redirectTo), { headers: { 'Set-Cookie': sessionCookie(context, outcome.value.session) } });
}

export default function LoginPage() {
  const { providers, notice, error } = useLoaderData<typeof loader>();
  return <AuthForm mode="login" providers={providers} notice={notice} error={error} />;
}

export const meta: MetaFunction = () => [{ title: 'Log in — Fake Stack Overflow' }];
