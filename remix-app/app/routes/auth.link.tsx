/**
 * `/auth/link` — the confirm screen before an external sign-in is linked to an existing account
 * with the same verified email. Nothing is linked until the person presses "Link and sign in".
 */
import { redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node';
import { Form, useLoaderData } from '@remix-run/react';
import { confirmLink } from '@fso/core';
import { isProvider, PROVIDERS } from '~/services/external-providers.server.ts';
import { formFields } from '~/services/forms.server.ts';
import { clearPendingLinkCookie, readPendingLink } from '~/services/pending-link.server.ts';
import { sessionCookie } from '~/services/session.server.ts';
import { routeErrorBoundary } from '~/components/RouteError.tsx';

export async function loader({ request, context }: LoaderFunctionArgs) {
  const link = readPendingLink(request, context);
  if (!link) throw redirect('/?oauth=linkExpired');
  return {
    provider: isProvider(link.provider) ? PROVIDERS[link.provider] : link.provider,
    email: link.email,
    username: link.username,
  };
}

export async function action({ request, context }: ActionFunctionArgs) {
  const link = readPendingLink(request, context);
  const cleared = { 'Set-Cookie': clearPendingLinkCookie(context) };
  if (!link) return redirect('/?oauth=linkExpired', { headers: cleared });
  const { intent } = await formFields(request);
  if (intent !== 'link') return redirect('/?oauth=linkCancelled', { headers: cleared });
  const outcome = await confirmLink(context.ports, link);
  if (!outcome.ok || outcome.value.kind !== 'signed-in') return redirect('/?oauth=linkExpired', { headers: cleared });
  const headers = new Headers(cleared);
  headers.append('Set-Cookie', sessionCookie(context, outcome.value.session));
  return redirect('/home', { headers });
}

export default function LinkAccountPage() {
  const { provider, email, username } = useLoaderData<typeof loader>();
  return (
    <main className="auth-page">
      <h1>Link your {provider} account?</h1>
      <p>
        {provider} says you own <strong>{email}</strong>. The account <strong>{username}</strong> on Fake Stack Overflow
        uses the same email. Link them, and signing in with {provider} will open that account from now on.
      </p>
      <Form method="post" className="auth-form">
        <button type="submit" name="intent" value="link" className="primary">
          Link and sign in
        </button>
        <button type="submit" name="intent" value="cancel">
          Cancel
        </button>
      </Form>
    </main>
  );
}

export const meta: MetaFunction = () => [{ title: 'Link accounts — Fake Stack Overflow' }];

export const ErrorBoundary = routeErrorBoundary({ standalone: true });
