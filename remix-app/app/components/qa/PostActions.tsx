/**
 * The author's own controls under a question or an answer: an Edit link to its edit screen and
 * a Delete button posting to the question page's action (works without JavaScript), with the
 * refusal (e.g. 409: others have answered) said under it.
 */
import { Form, Link } from '@remix-run/react';
import { FormError } from '../FormError.tsx';

export function PostActions({ kind, id, error }: { kind: 'question' | 'answer'; id: string; error?: string | null }) {
  return (
    <Form method="post" className="post-actions">
      {kind === 'answer' ? <input type="hidden" name="answer" value={id} /> : null}
      <Link to={`/edit/${kind}/${id}`}>Edit {kind}</Link>
      <button
        type="submit"
        name="intent"
        value={kind === 'question' ? 'deleteQuestion' : 'deleteAnswer'}
        className="link-button"
      >
        Delete {kind}
      </button>
      <FormError message={error} />
    </Form>
  );
}
