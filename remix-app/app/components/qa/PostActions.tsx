/**
 * The author's own controls under a question or an answer: an Edit link to its edit screen and
 * Delete, which asks first (issue 42): a link to `?confirm=delete-…` opens a confirmation (a
 * modal dialog with JavaScript, the page's own state without) whose button posts to the question
 * page's action; the refusal (e.g. 409: others have answered) is said under the controls. After
 * a deletion the page it lands on says so (DeletedNotice).
 */
import { Form, Link, useSearchParams } from '@remix-run/react';
import { CancelLink, ConfirmDialog } from '../ConfirmDialog.tsx';
import { FormError } from '../FormError.tsx';

export function PostActions({ kind, id, error }: { kind: 'question' | 'answer'; id: string; error?: string | null }) {
  const [params] = useSearchParams();
  const key = kind === 'question' ? 'delete-question' : `delete-answer-${id}`;
  const withConfirm = new URLSearchParams(params);
  withConfirm.set('confirm', key);
  const without = new URLSearchParams(params);
  without.delete('confirm');
  const back = `?${without}`;
  const confirming = params.get('confirm') === key;
  return (
    <div className="post-actions">
      <Link to={`/edit/${kind}/${id}`}>Edit {kind}</Link>
      <Link to={`?${withConfirm}`} replace preventScrollReset className="link-button">
        Delete {kind}
      </Link>
      {confirming ? null : <FormError message={error} />}
      {confirming ? (
        <ConfirmDialog labelledBy={`${key}-heading`} cancelTo={back}>
          <h2 id={`${key}-heading`}>Delete this {kind}?</h2>
          <p>
            {kind === 'question'
              ? 'The question goes from every list and search, with its comments and votes.'
              : 'The answer goes from the question, with its comments and votes.'}
          </p>
          <FormError message={error} />
          <Form method="post" className="row">
            {kind === 'answer' ? <input type="hidden" name="answer" value={id} /> : null}
            <button
              type="submit"
              name="intent"
              value={kind === 'question' ? 'deleteQuestion' : 'deleteAnswer'}
              className="danger"
            >
              Delete {kind}
            </button>
            <CancelLink to={back}>Cancel</CancelLink>
          </Form>
        </ConfirmDialog>
      ) : null}
    </div>
  );
}
