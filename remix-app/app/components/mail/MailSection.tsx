/**
 * The profile owner's mail section (`#mail-settings`): their confirmed address and a form to
 * change it (confirmed by a link), how often each kind of mail comes, and the tags they watch.
 * Plain forms: the same without JavaScript.
 */
import { Form, Link, useActionData, useNavigation } from '@remix-run/react';
import { CADENCE_LABEL, CADENCES, MAIL_KIND_LABEL, MAIL_KINDS, MAIL_MSG, type MailSettings } from '@fso/shared';
import { replyError, replyMessage, type ActionReply } from '../action-reply.ts';
import { FormError, FormSuccess } from '../FormError.tsx';

export interface MailSectionData {
  email: string | null;
  pending: string | null;
  settings: MailSettings;
  watchedTags: string[];
}

export function MailSection({ mail }: { mail: MailSectionData }) {
  const reply = useActionData<ActionReply>();
  const busy = useNavigation().state !== 'idle';
  const said = (form: string) => (
    <>
      <FormSuccess message={replyMessage(reply, form)} />
      <FormError message={replyError(reply, form)} />
    </>
  );
  return (
    <section className="mail-section" id="mail-settings" aria-labelledby="mail-heading">
      <h2 id="mail-heading">Email</h2>
      <p id="current-email">{mail.email ?? MAIL_MSG.emailNone}</p>
      {mail.pending ? <p className="muted">{MAIL_MSG.emailPending(mail.pending)}</p> : null}
      <Form method="post" className="stack" preventScrollReset>
        <input type="hidden" name="intent" value="email" />
        <label className="field">
          <span>New email address</span>
          <input name="email" type="email" autoComplete="email" required />
        </label>
        <div className="row">
          <button type="submit" disabled={busy}>
            Send confirmation link
          </button>
        </div>
      </Form>
      {said('email')}

      <h2>Mail settings</h2>
      <Form method="post" className="mail-settings" preventScrollReset>
        <input type="hidden" name="intent" value="mailSettings" />
        {MAIL_KINDS.map((kind) => (
          <label key={kind} className="field mail-setting">
            <span>{MAIL_KIND_LABEL[kind]}</span>
            <select name={kind} defaultValue={mail.settings[kind]}>
              {CADENCES.map((cadence) => (
                <option key={cadence} value={cadence}>
                  {CADENCE_LABEL[cadence]}
                </option>
              ))}
            </select>
          </label>
        ))}
        <div className="row">
          <button type="submit" className="primary" disabled={busy}>
            Update mail settings
          </button>
        </div>
      </Form>
      {said('mailSettings')}
      <p className="muted">
        Watched tags:{' '}
        {mail.watchedTags.length === 0
          ? 'none yet (a tag’s page has a Watch button).'
          : mail.watchedTags.map((tag, i) => (
              <span key={tag}>
                {i > 0 ? ', ' : ''}
                <Link to={`/home?tag=${encodeURIComponent(tag)}`}>{tag}</Link>
              </span>
            ))}
      </p>
    </section>
  );
}
