/** `/signup` — the sign-up screen (SPEC §2). */
import { redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node';
import { useLoaderData } from '@remix-run/react';
import { parseWith, signupSchema } from '@fso/shared';
import { AuthForm, authFailure } from '~/components/AuthForm.tsx';
import { routeErrorBoundary } from '~/components/RouteError.tsx';
import { signup } from '~/services/accounts.server.ts';
import { refused } from '~/services/actions.server.ts';
import { providerButtons } from '~/services/external-providers.server.ts';
import { formFields } from '~/services/forms.server.ts';
import { getSessionUser, safeRedirectTo } from '~/services/session.server.ts';

export async function loader({ request, context }: LoaderFunctionArgs) {
  if (await getSessionUser(request, context)) throw redirect('/home');
  return { providers: providerButtons(context.config) };
}

export async function action({ request, context }: ActionFunctionArgs) {
  const fields = await formFields(request);
  const parsed = parseWith(signupSchema, { ...fields, confirmPassword: fields.confirmPassword ?? '' });
  if (!parsed.ok) return refused('signup', parsed.error);
  const outcome = await signup(context, parsed.data);
  if (!outcome.ok) return refused('signup', authFailure('signup', outcome.error), outcome.status, outcome.headers);
  return redirect(safeRedirectTo(fields.redirectTo), { headers: { 'Set-Cookie': outcome.value.cookie } });
}

export default function SignupPage() {
  const { providers } = useLoaderData<typeof loader>();
  return <AuthForm mode="signup" providers={providers} />;
}

export const meta: MetaFunction = () => [{ title: 'Sign up — Fake Stack Overflow' }];

export const ErrorBoundary = routeErrorBoundary({ standalone: true });
