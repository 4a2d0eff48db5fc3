/**
 * A question's moderation controls (issue 41) for moderators and users with the close-vote
 * privilege: Close (a URL state, ?close, opening a dialog with the reasons and, for a duplicate,
 * suggested targets from the natural-language search plus a field taking an id or a link),
 * Reopen, and a moderator's Lock/Unlock. Plain forms posting to the question's action, so all
 * of it works without JavaScript; with it the dialog is a modal <dialog> (ConfirmDialog).
 */
import { Form, Link } from '@remix-run/react';
import { CLOSE_REASON_TEXT, CLOSE_REASONS, type Question } from '@fso/shared';
import { ConfirmDialog } from '../ConfirmDialog.tsx';
import { FormError } from '../FormError.tsx';

export interface ModControlsProps {
  question: Pick<Question, '_id' | 'closed' | 'locked' | 'closeVotes'>;
  moderator: boolean;
  /** Whether the close dialog is open (?close), and the targets it suggests. */
  closing: boolean;
  suggestions: { _id: string; title: string }[];
  error: string | null | undefined;
}

export function ModControls({ question: q, moderator, closing, suggestions, error }: ModControlsProps) {
  const votes = q.closeVotes ?? 0;
  const pending = votes > 0 ? ` (${votes})` : '';
  return (
    <div className="mod-controls">
      {q.locked ? null : q.closed ? (
        <Form method="post">
          <input type="hidden" name="intent" value="reopen" />
          <button type="submit">{moderator ? 'Reopen' : `Vote to reopen${pending}`}</button>
        </Form>
      ) : (
        <Link to="?close" className="button" preventScrollReset>
          {moderator ? 'Close' : `Vote to close${pending}`}
        </Link>
      )}
      {moderator ? (
        <Form method="post">
          <input type="hidden" name="intent" value="lock" />
          <input type="hidden" name="locked" value={q.locked ? 'false' : 'true'} />
          <button type="submit">{q.locked ? 'Unlock' : 'Lock'}</button>
        </Form>
      ) : null}
      <FormError message={closing ? undefined : error} />
      {closing && !q.closed && !q.locked ? (
        <ConfirmDialog labelledBy="close-heading" cancelTo=".">
          <h2 id="close-heading">Why should this question be closed?</h2>
          <Form method="post" className="close-form">
            <input type="hidden" name="intent" value="close" />
            <fieldset>
              <legend className="visually-hidden">Reason</legend>
              {CLOSE_REASONS.map((r, i) => (
                <label key={r} className="radio-line">
                  <input type="radio" name="reason" value={r} defaultChecked={i === 0} required />
                  {CLOSE_REASON_TEXT[r]}
                </label>
              ))}
            </fieldset>
            <fieldset>
              <legend>For a duplicate: the question it duplicates</legend>
              {suggestions.map((s) => (
                <label key={s._id} className="radio-line">
                  <input type="radio" name="target" value={s._id} />
                  {s.title}
                </label>
              ))}
              <label className="field">
                <span>{suggestions.length ? 'Or a question’s id or link' : 'A question’s id or link'}</span>
                <input type="text" name="duplicateOf" inputMode="url" autoComplete="off" />
              </label>
            </fieldset>
            <FormError message={error} />
            <div className="row">
              <button type="submit" className="primary">
                {moderator ? 'Close' : 'Vote to close'}
              </button>
              <Link to="." replace className="button">
                Cancel
              </Link>
            </div>
          </Form>
        </ConfirmDialog>
      ) : null}
    </div>
  );
}

/** A duplicate target as typed: a question's id, or a link to it (…/question/123…); null otherwise. */
export function targetId(typed: string | undefined, picked: string | undefined): string | null {
  const text = (typed ?? '').trim() || (picked ?? '').trim();
  if (/^\d{1,15}$/.test(text)) return text;
  return /\/questions?\/(\d{1,15})(?:\D|$)/.exec(text)?.[1] ?? null;
}
