/**
 * `/unsubscribe/:token` — every mail's unsubscribe link, without signing in. Opening it asks
 * (mail scanners open links too); a POST — the page's button, or a mail provider's RFC 8058
 * one-click `List-Unsubscribe=One-Click` — sets that kind of mail (or that digest) to never.
 */
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { Form, Link, useActionData, useLoaderData, useNavigation } from '@remix-run/react';
import { readUnsubscribeLink, unsubscribe } from '@fso/core';
import { MAIL_MSG } from '@fso/shared';
import { replyError, replyMessage, type ActionReply } from '~/components/action-reply.ts';
import { FormError, FormSuccess } from '~/components/FormError.tsx';
import { routeErrorBoundary } from '~/components/RouteError.tsx';
import { StandalonePage } from '~/components/StandalonePage.tsx';
import { refused, replied } from '~/services/actions.server.ts';
import { failureHeaders, statusOf } from '~/services/respond.server.ts';
import { callerOf } from '~/services/session.server.ts';

export async function loader({ params, context }: LoaderFunctionArgs) {
  const link = await readUnsubscribeLink(context.ports, params.token ?? '');
  return link.ok
    ? { question: MAIL_MSG.unsubscribeAsk(link.value.what, link.value.email), error: null }
    : { question: null, error: link.message };
}

export async function action({ params, context }: ActionFunctionArgs) {
  const outcome = await unsubscribe(context.ports, callerOf(context, null), { token: params.token ?? '' });
  if (!outcome.ok) return refused('unsubscribe', outcome.message, statusOf(outcome), failureHeaders(outcome));
  return replied('unsubscribe', outcome.value.message);
}

export default function UnsubscribePage() {
  const { question, error } = useLoaderData<typeof loader>();
  const reply = useActionData<ActionReply>();
  const busy = useNavigation().state !== 'idle';
  const done = replyMessage(reply, 'unsubscribe');
  const failed = replyError(reply, 'unsubscribe') ?? error;
  return (
    <StandalonePage heading={MAIL_MSG.unsubscribeHeading}>
      <FormSuccess message={done} />
      <FormError message={failed} />
      {!done && !failed && question ? (
        <Form method="post" className="auth-form">
          <p>{question}</p>
          <button type="submit" className="primary" disabled={busy}>
            Unsubscribe
          </button>
        </Form>
      ) : null}
      <p>
        Every kind of mail can be changed in the mail settings on your profile. <Link to="/">Log in</Link>
      </p>
    </StandalonePage>
  );
}

export const meta: MetaFunction = () => [
  { title: 'Unsubscribe — Fake Stack Overflow' },
  { name: 'robots', content: 'noindex' },
];

export const ErrorBoundary = routeErrorBoundary({ standalone: true });
