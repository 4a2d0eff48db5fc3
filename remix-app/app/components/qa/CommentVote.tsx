/**
 * A comment's upvotes (issue 42), in the gutter before it as on Stack Overflow: the count when
 * there is any, and for a signed-in user with the privilege an upvote button on others' comments
 * (pressed once upvoted; pressing it again takes the upvote back). It posts to the question page's
 * action (intent `upvoteComment`) at the comment's anchor, so without JavaScript the page comes
 * back there; with it, without leaving the page (the count follows at once, and live for others).
 * A refusal is said under the comment's text (`CommentVoteError`), never in the narrow gutter.
 */
import { useFetcher, useLocation } from '@remix-run/react';
import { counted } from '@fso/shared';
import { replyError, type ActionReply } from '../action-reply.ts';
import { FormError } from '../FormError.tsx';

const formOf = (id: string) => `upvote:comment:${id}`;

interface Props {
  id: string;
  score: number;
  /** The viewer upvoted it. */
  upvoted: boolean;
  /** The viewer may upvote it: signed in, with the privilege, and not its author. */
  votable: boolean;
}

export function CommentVote({ id, score, upvoted, votable }: Props) {
  const fetcher = useFetcher<ActionReply>({ key: formOf(id) });
  const { pathname, search } = useLocation();
  // While the vote is on its way, the button and count show it already.
  const sending = fetcher.formData?.get('upvote');
  const pressed = sending ? sending === 'on' : upvoted;
  const shown = score + (sending && pressed !== upvoted ? (pressed ? 1 : -1) : 0);
  return (
    <div className="comment-vote">
      {shown > 0 ? (
        <span className="comment-score">
          <span aria-hidden="true">{shown}</span>
          <span className="visually-hidden">{counted(shown, 'upvote')}</span>
        </span>
      ) : null}
      {votable ? (
        <fetcher.Form method="post" action={`${pathname}${search}#comment-${id}`} preventScrollReset>
          <input type="hidden" name="comment" value={id} />
          <input type="hidden" name="upvote" value={pressed ? 'off' : 'on'} />
          <button
            type="submit"
            name="intent"
            value="upvoteComment"
            className={pressed ? 'comment-upvote active' : 'comment-upvote'}
            aria-pressed={pressed}
            aria-label="Upvote this comment"
            title={pressed ? 'Take back your upvote' : 'This comment adds something useful to the post'}
          >
            ▲
          </button>
        </fetcher.Form>
      ) : null}
    </div>
  );
}

/** The refusal of the comment's upvote (after a no-JavaScript post: from the page's reply). */
export function CommentVoteError({ id, reply }: { id: string; reply?: ActionReply }) {
  const fetcher = useFetcher<ActionReply>({ key: formOf(id) });
  return <FormError message={replyError(fetcher.data ?? reply, formOf(id))} />;
}
