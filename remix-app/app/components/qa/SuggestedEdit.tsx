/**
 * Suggesting an edit on the edit screens: whether the viewer's edit will be suggested for review
 * (`suggestionMode`: the line that says so, or null for the author or a privileged user), and
 * the notice shown once a suggestion was sent, in place of the form.
 */
import { Link } from '@remix-run/react';
import { PRIVILEGES } from '@fso/shared';

export const suggestionMode = (own: boolean, privileged: boolean): string | null =>
  own || privileged
    ? null
    : `Your edit will be reviewed before it is shown (editing others' posts at once takes ${PRIVILEGES.editWithoutReview.toLocaleString('en-US')} reputation).`;

export function SuggestedNotice({ message, back }: { message: string; back: string }) {
  return (
    <section className="new-post">
      <h1>Edit suggested</h1>
      <p role="status">{message}</p>
      <p>
        <Link to={back}>Back to the question</Link>
      </p>
    </section>
  );
}
