/** `/signup` — the sign-up screen (SPEC §2). */
import { redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node';
import { useLoaderData } from '@remix-run/react';
import { signup } from '@fso/core';
import { parseWith, signupSchema } from '@fso/shared';
import { AuthForm, authFailure } from '~/components/AuthForm.tsx';
import { failureHeaders, statusOf } from '~/services/respond.server.ts';
import { routeErrorBoundary } from '~/components/RouteError.tsx';
import { refused } from '~/services/actions.server.ts';
import { providerButtons } from '~/services/external-providers.server.ts';
import { formFields } from '~/services/forms.server.ts';
import { callerOf, getSessionUser, safeRedirectTo, sessionCookie } from '~/services/session.server.ts';

export async function loader({ request, context }: LoaderFunctionArgs) {
  if (await getSessionUser(request, context)) throw redirect('/home');
  return { providers: providerButtons(context.config) };
}

export async function action({ request, context }: ActionFunctionArgs) {
  const fields = await formFields(request);
  const parsed = parseWith(signupSchema, { ...fields, confirmPassword: fields.confirmPassword ?? '' });
  if (!parsed.ok) return refused('signup', parsed.message);
  const outcome = await signup(context.ports, callerOf(context, null), parsed.value);
  if (!outcome.ok)
    return refused('signup', authFailure('signup', outcome.message), statusOf(outcome), failureHeaders(outcome));
  return redirect(safeRedirectTo(fields.redirectTo), {
    headers: { 'Set-Cookie': sessionCookie(context, outcome.value.session) },
  });
}

export default function SignupPage() {
  const { providers } = useLoaderData<typeof loader>();
  return <AuthForm mode="signup" providers={providers} />;
}

export const meta: MetaFunction = () => [{ title: 'Sign up — Fake Stack Overflow' }];

export const ErrorBoundary = routeErrorBoundary({ standalone: true });
