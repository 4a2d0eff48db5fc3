/**
 * The profile's mail forms (its owner only): a new email address (a confirmation link goes to
 * it) and how often each kind of mail comes. The profile's action hands them the fields.
 */
import type { AppLoadContext } from '@remix-run/node';
import { requestEmailChange, updateMailSettings } from '@fso/core';
import { MAIL_MSG, mailSettingsSchema, parseWith, updateEmailSchema } from '@fso/shared';
import { refused, replied } from './actions.server.ts';
import { failureHeaders, statusOf } from './respond.server.ts';
import { callerOf, type SessionUser } from './session.server.ts';

/** The reply to a profile form about mail, or null when `fields.intent` is not one of them. */
export async function mailFormAction(
  context: AppLoadContext,
  actor: SessionUser,
  username: string,
  fields: Record<string, string>,
) {
  const caller = callerOf(context, actor);
  if (fields.intent === 'email') {
    const parsed = parseWith(updateEmailSchema, { username, email: fields.email ?? '' });
    if (!parsed.ok) return refused('email', parsed.message);
    const outcome = await requestEmailChange(context.ports, caller, parsed.value);
    if (!outcome.ok) return refused('email', outcome.message, statusOf(outcome), failureHeaders(outcome));
    return replied('email', outcome.value.message);
  }
  if (fields.intent === 'mailSettings') {
    const { intent: _intent, ...choices } = fields;
    const parsed = parseWith(mailSettingsSchema, choices);
    if (!parsed.ok) return refused('mailSettings', parsed.message);
    const outcome = await updateMailSettings(context.ports, caller, parsed.value);
    if (!outcome.ok) return refused('mailSettings', outcome.message, statusOf(outcome), failureHeaders(outcome));
    return replied('mailSettings', MAIL_MSG.settingsSaved);
  }
  return null;
}
