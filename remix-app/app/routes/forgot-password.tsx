/**
 * `/forgot-password` — asks for a username or an email address and mails a reset link
 * (core's requestPasswordReset): the same answer whether or not such an account exists.
 */
import type { ActionFunctionArgs, MetaFunction } from '@remix-run/node';
import { Form, Link, useActionData, useNavigation } from '@remix-run/react';
import { requestPasswordReset } from '@fso/core';
import { MAIL_MSG, parseWith, requestPasswordResetSchema } from '@fso/shared';
import { replyError, replyMessage, type ActionReply } from '~/components/action-reply.ts';
import { FormError, FormSuccess } from '~/components/FormError.tsx';
import { routeErrorBoundary } from '~/components/RouteError.tsx';
import { StandalonePage } from '~/components/StandalonePage.tsx';
import { refused, replied } from '~/services/actions.server.ts';
import { formFields } from '~/services/forms.server.ts';
import { failureHeaders, statusOf } from '~/services/respond.server.ts';
import { callerOf } from '~/services/session.server.ts';

export async function action({ request, context }: ActionFunctionArgs) {
  const parsed = parseWith(requestPasswordResetSchema, await formFields(request));
  if (!parsed.ok) return refused('forgot', parsed.message);
  const outcome = await requestPasswordReset(context.ports, callerOf(context, null), parsed.value);
  if (!outcome.ok) return refused('forgot', outcome.message, statusOf(outcome), failureHeaders(outcome));
  return replied('forgot', outcome.value.message);
}

export default function ForgotPasswordPage() {
  const reply = useActionData<ActionReply>();
  const busy = useNavigation().state !== 'idle';
  const sent = replyMessage(reply, 'forgot');
  return (
    <StandalonePage heading={MAIL_MSG.forgotHeading}>
      <p>{MAIL_MSG.forgotIntro}</p>
      <Form method="post" className="auth-form">
        <label className="field">
          <span>Username or email</span>
          <input name="username" autoComplete="username" required />
        </label>
        <FormError message={replyError(reply, 'forgot')} />
        <FormSuccess message={sent} />
        <button type="submit" className="primary" disabled={busy}>
          Send reset link
        </button>
      </Form>
      <p>
        <Link to="/">Back to login</Link>
      </p>
    </StandalonePage>
  );
}

export const meta: MetaFunction = () => [{ title: 'Reset your password — Fake Stack Overflow' }];

export const ErrorBoundary = routeErrorBoundary({ standalone: true });
