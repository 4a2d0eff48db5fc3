/**
 * `/reset-password/:token` — the link of a reset mail: a new password (same rules as sign-up),
 * then the user is signed in and every other session of the account has ended. A used, expired
 * or unknown link says so, with the way to ask for a new one.
 */
import { redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node';
import { Form, Link, useActionData, useLoaderData, useNavigation } from '@remix-run/react';
import { checkLinkToken, resetPasswordWithToken } from '@fso/core';
import { MAIL_MSG, parseWith, resetPasswordWithTokenSchema } from '@fso/shared';
import { replyError, type ActionReply } from '~/components/action-reply.ts';
import { FormError } from '~/components/FormError.tsx';
import { PasswordFields } from '~/components/PasswordField.tsx';
import { routeErrorBoundary } from '~/components/RouteError.tsx';
import { StandalonePage } from '~/components/StandalonePage.tsx';
import { refused } from '~/services/actions.server.ts';
import { formFields } from '~/services/forms.server.ts';
import { failureHeaders, statusOf } from '~/services/respond.server.ts';
import { callerOf, sessionCookie } from '~/services/session.server.ts';

export async function loader({ params, context }: LoaderFunctionArgs) {
  const outcome = await checkLinkToken(context.ports, params.token ?? '', 'reset');
  return outcome.ok ? { username: outcome.value.username, error: null } : { username: null, error: outcome.message };
}

export async function action({ request, params, context }: ActionFunctionArgs) {
  const fields = await formFields(request);
  const parsed = parseWith(resetPasswordWithTokenSchema, {
    token: params.token ?? '',
    password: fields.password ?? '',
    confirmPassword: fields.confirmPassword ?? '',
  });
  if (!parsed.ok) return refused('reset', parsed.message);
  const outcome = await resetPasswordWithToken(context.ports, callerOf(context, null), parsed.value);
  if (!outcome.ok) return refused('reset', outcome.message, statusOf(outcome), failureHeaders(outcome));
  return redirect('/home', { headers: { 'Set-Cookie': sessionCookie(context, outcome.value.session) } });
}

export default function ResetPasswordPage() {
  const { username, error } = useLoaderData<typeof loader>();
  const reply = useActionData<ActionReply>();
  const busy = useNavigation().state !== 'idle';
  if (!username)
    return (
      <StandalonePage heading={MAIL_MSG.resetHeading}>
        <FormError message={error} />
        <p>
          <Link to="/forgot-password">Ask for a new link</Link> · <Link to="/">Back to login</Link>
        </p>
      </StandalonePage>
    );
  return (
    <StandalonePage heading={MAIL_MSG.resetHeading}>
      <p>
        New password for <strong>{username}</strong>. Every other device signed in to this account is signed out.
      </p>
      <Form method="post" className="auth-form" noValidate>
        <input type="hidden" name="username" value={username} autoComplete="username" />
        <PasswordFields
          fields={[
            { name: 'password', label: 'New Password', autoComplete: 'new-password' },
            { name: 'confirmPassword', label: 'Confirm New Password', autoComplete: 'new-password' },
          ]}
        />
        <FormError message={replyError(reply, 'reset')} />
        <button type="submit" className="primary" disabled={busy}>
          Set new password
        </button>
      </Form>
      {reply && !reply.ok ? (
        <p>
          <Link to="/forgot-password">Ask for a new link</Link>
        </p>
      ) : null}
    </StandalonePage>
  );
}

export const meta: MetaFunction = () => [
  { title: 'Choose a new password — Fake Stack Overflow' },
  { name: 'robots', content: 'noindex' },
];

export const ErrorBoundary = routeErrorBoundary({ standalone: true });
