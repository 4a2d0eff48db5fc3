/**
 * `/confirm-email/:token` — the link of an address-confirmation mail. Opening it changes
 * nothing (mail scanners open links too); its button makes the address the account's.
 */
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { Form, Link, useActionData, useLoaderData, useNavigation } from '@remix-run/react';
import { checkLinkToken, confirmEmail } from '@fso/core';
import { MAIL_MSG } from '@fso/shared';
import { replyError, replyMessage, type ActionReply } from '~/components/action-reply.ts';
import { FormError, FormSuccess } from '~/components/FormError.tsx';
import { routeErrorBoundary } from '~/components/RouteError.tsx';
import { StandalonePage } from '~/components/StandalonePage.tsx';
import { refused, replied } from '~/services/actions.server.ts';
import { failureHeaders, statusOf } from '~/services/respond.server.ts';
import { callerOf } from '~/services/session.server.ts';

export async function loader({ params, context }: LoaderFunctionArgs) {
  const outcome = await checkLinkToken(context.ports, params.token ?? '', 'confirm');
  return outcome.ok ? { ...outcome.value, error: null } : { username: null, email: null, error: outcome.message };
}

export async function action({ params, context }: ActionFunctionArgs) {
  const outcome = await confirmEmail(context.ports, callerOf(context, null), { token: params.token ?? '' });
  if (!outcome.ok) return refused('confirm', outcome.message, statusOf(outcome), failureHeaders(outcome));
  return replied('confirm', MAIL_MSG.emailConfirmed(outcome.value.email));
}

export default function ConfirmEmailPage() {
  const { username, email, error } = useLoaderData<typeof loader>();
  const reply = useActionData<ActionReply>();
  const busy = useNavigation().state !== 'idle';
  const done = replyMessage(reply, 'confirm');
  // Once confirmed, the link is used: what the loader now says of it is no news.
  const failed = done ? null : (replyError(reply, 'confirm') ?? error);
  return (
    <StandalonePage heading="Confirm your email address">
      <FormSuccess message={done} />
      <FormError message={failed} />
      {!done && !failed && username ? (
        <Form method="post" className="auth-form">
          <p>
            Make <strong>{email}</strong> the email address of <strong>{username}</strong>?
          </p>
          <button type="submit" className="primary" disabled={busy}>
            Confirm this address
          </button>
        </Form>
      ) : null}
      <p>
        {username ? (
          <Link to={`/user/${encodeURIComponent(username)}`}>Go to your profile</Link>
        ) : (
          <Link to="/home">Go to the site</Link>
        )}
      </p>
    </StandalonePage>
  );
}

export const meta: MetaFunction = () => [
  { title: 'Confirm your email address — Fake Stack Overflow' },
  { name: 'robots', content: 'noindex' },
];

export const ErrorBoundary = routeErrorBoundary({ standalone: true });
