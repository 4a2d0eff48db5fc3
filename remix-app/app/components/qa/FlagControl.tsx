/**
 * "Flag" under someone else's post: a disclosure (a <details>, so it opens without JavaScript)
 * holding a form with the reasons, a note and, for a question, the original's id for a duplicate.
 * It posts to the question page's action (intent `flag`), which answers under this form with the
 * thanks or the refusal (already flagged, the daily cap); with JavaScript, without leaving the page.
 */
import { useFetcher } from '@remix-run/react';
import { FLAG_REASON_LABELS, FLAG_REASONS, FLAG_TEXT_MAX, type FlagPostType } from '@fso/shared';
import { replyError, replyMessage, type ActionReply } from '../action-reply.ts';
import { FormError } from '../FormError.tsx';

interface Props {
  type: FlagPostType;
  id: string;
  /** After a no-JavaScript post: the page's action reply. */
  reply?: ActionReply;
}

export function FlagControl({ type, id, reply }: Props) {
  const fetcher = useFetcher<ActionReply>();
  const form = `flag:${type}:${id}`;
  const answered = fetcher.data ?? reply;
  const error = replyError(answered, form);
  const thanks = replyMessage(answered, form);
  const field = (name: string) => `flag-${type}-${id}-${name}`;
  const reasons = FLAG_REASONS.filter((r) => r !== 'duplicate' || type === 'question');
  return (
    <details className="flag-control" open={Boolean(error ?? thanks)}>
      <summary className="link-button">Flag</summary>
      {thanks ? (
        <p className="form-note" role="status">
          {thanks}
        </p>
      ) : (
        <fetcher.Form method="post" className="flag-form">
          <input type="hidden" name="type" value={type} />
          <input type="hidden" name="id" value={id} />
          <fieldset>
            <legend>Why should moderators look at this {type}?</legend>
            {reasons.map((reason, i) => (
              <label key={reason} className="radio-line">
                <input type="radio" name="reason" value={reason} required defaultChecked={i === 0} />{' '}
                {FLAG_REASON_LABELS[reason]}
              </label>
            ))}
          </fieldset>
          {type === 'question' ? (
            <label htmlFor={field('duplicate')}>
              Original question’s id (for a duplicate)
              <input id={field('duplicate')} name="duplicateOf" inputMode="numeric" pattern="[1-9][0-9]*" />
            </label>
          ) : null}
          <label htmlFor={field('text')}>
            Note for the moderators (needed for “needs a moderator’s attention”)
            <textarea id={field('text')} name="text" rows={2} maxLength={FLAG_TEXT_MAX} />
          </label>
          <button type="submit" name="intent" value="flag" className="button">
            Flag {type}
          </button>
          <FormError message={error} />
        </fetcher.Form>
      )}
    </details>
  );
}
