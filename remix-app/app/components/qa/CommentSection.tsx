/**
 * Comments under a question or an answer, and the form to add one. The form checks the text
 * with the shared schema before sending; it posts to the question page's action, so it works
 * without JavaScript and, with it, without leaving the page. A page shows a post's first few
 * comments and links to the rest (`more`); a comment left out for the page's size links to itself.
 * Its author may edit a comment for COMMENT_EDIT_MINUTES after posting it: an Edit link
 * (`?editComment=ID`, so it works without JavaScript) opens the comment's form in its place; the
 * link goes once the time is up (with JavaScript, without a reload). Each comment's upvotes sit
 * in a gutter before it (CommentVote.tsx).
 */
import { useEffect, useState } from 'react';
import { Form, Link, useFetcher, useSearchParams } from '@remix-run/react';
import { commentEditable, commentFormSchema, counted, parseWith, type PageComment } from '@fso/shared';
import { replyError, type ActionReply } from '../action-reply.ts';
import { FormError } from '../FormError.tsx';
import { FlagControl } from './FlagControl.tsx';
import { Byline } from './Byline.tsx';
import { CommentVote, CommentVoteError } from './CommentVote.tsx';
import { MentionInput } from './MentionInput.tsx';
import { PostBody } from './PostBody.tsx';

interface Props {
  type: 'question' | 'answer';
  parentId: string;
  comments: PageComment[];
  /** Rendered bodies keyed `c<id>`. */
  html: Record<string, string>;
  now: number;
  /** The signed-in user, who may delete their own comments. */
  viewer?: string | null;
  /** Server-side error for this form after a no-JavaScript post. */
  serverError?: string | null;
  /** Commenters who are moderators (♦). */
  moderators?: string[];
  /** The page's action reply after a no-JavaScript post (a comment's flag form shows its part). */
  reply?: ActionReply;
  /** Where a body the page left out for its size is shown (null: it is shown here). */
  withheldHref?: (key: string) => string | null;
  /** The post's comments not listed, and the page that lists them all. */
  more?: { count: number; href: string } | null;
  /** The thread's people for `@name` completion, the ones to offer first first. */
  thread?: string[];
  /** The viewer's own comment being edited, with its Markdown. */
  editing?: { id: string; text: string } | null;
  /** Why the post takes no comments (a locked question), shown instead of the comment box. */
  closedFor?: string | null;
  /** The ids of the comments the viewer upvoted. */
  upvoted?: string[];
  /** The viewer may upvote others' comments (the privilege). */
  mayUpvote?: boolean;
}

/** Now, ticking every few seconds while the page is open (so an Edit link goes when its time is up). */
function useClock(start: number): number {
  const [clock, setClock] = useState(start);
  useEffect(() => {
    const timer = setInterval(() => setClock(Date.now()), 5_000);
    return () => clearInterval(timer);
  }, []);
  return clock;
}

export function CommentSection({
  type,
  parentId,
  comments,
  html,
  now,
  viewer,
  serverError,
  moderators = [],
  reply,
  withheldHref,
  more,
  editing,
  thread = [],
  closedFor = null,
  upvoted = [],
  mayUpvote = false,
}: Props) {
  // This post's commenters first, then the rest of the thread; never the viewer.
  const people = [...new Set([...comments.map((c) => c.commentBy), ...thread])].filter(
    (p): p is string => Boolean(p) && p?.toLowerCase() !== viewer?.toLowerCase(),
  );
  const fetcher = useFetcher<ActionReply>();
  const clock = useClock(now);
  const [params] = useSearchParams();
  const editHref = (id: string) => {
    const next = new URLSearchParams(params);
    next.set('editComment', id);
    return `?${next}#comment-${id}`;
  };
  const own = (c: PageComment) => Boolean(viewer && c.commentBy?.toLowerCase() === viewer.toLowerCase());
  const [error, setError] = useState<string | null>(null);
  const shown = error ?? replyError(fetcher.data, `comment:${type}:${parentId}`) ?? serverError ?? null;
  const label = `Add a comment to this ${type}`;
  return (
    <div className="comments">
      {comments.length ? (
        <ul className="comment-list">
          {comments.map((c) =>
            editing?.id === c._id && own(c) ? (
              <li key={c._id} className="comment" id={`comment-${c._id}`}>
                <CommentEditForm id={c._id} text={editing.text} error={replyError(reply, `editComment:${c._id}`)} />
              </li>
            ) : (
              <li key={c._id} className="comment" id={`comment-${c._id}`}>
                <CommentVote
                  id={c._id}
                  score={c.score}
                  upvoted={upvoted.includes(c._id)}
                  votable={Boolean(viewer) && mayUpvote && !own(c)}
                />
                <div className="comment-main">
                  <PostBody
                    html={html[`c${c._id}`] ?? ''}
                    className="comment-body"
                    withheldHref={withheldHref?.(`c${c._id}`)}
                  />{' '}
                  <Byline
                    user={c.commentBy}
                    verb="commented"
                    date={c.commentDateTime}
                    now={now}
                    moderator={Boolean(c.commentBy && moderators.includes(c.commentBy))}
                  />
                  {viewer && c.commentBy?.toLowerCase() !== viewer.toLowerCase() ? (
                    <FlagControl type="comment" id={c._id} reply={reply} />
                  ) : null}
                  {own(c) && commentEditable(new Date(c.commentDateTime), new Date(clock)) ? (
                    <Link to={editHref(c._id)} replace preventScrollReset className="inline-action">
                      Edit comment
                    </Link>
                  ) : null}
                  {own(c) ? (
                    <fetcher.Form method="post" className="inline-action">
                      <input type="hidden" name="comment" value={c._id} />
                      <button type="submit" name="intent" value="deleteComment" className="link-button">
                        Delete comment
                      </button>
                      <FormError message={replyError(fetcher.data, `delete:comment:${c._id}`)} />
                    </fetcher.Form>
                  ) : null}
                  <CommentVoteError id={c._id} reply={reply} />
                </div>
              </li>
            ),
          )}
        </ul>
      ) : null}
      {more ? (
        <Link className="more-comments" to={more.href} preventScrollReset>
          Show {counted(more.count, 'more comment')}
        </Link>
      ) : null}
      {closedFor ? (
        <p className="notice comment-closed">{closedFor}</p>
      ) : (
        <fetcher.Form
          method="post"
          className="comment-form"
          onSubmit={(event) => {
            const form = event.currentTarget;
            const parsed = parseWith(commentFormSchema, { text: new FormData(form).get('text') });
            if (!parsed.ok) {
              event.preventDefault();
              setError(parsed.message);
              return;
            }
            setError(null);
            requestAnimationFrame(() => form.reset());
          }}
        >
          <input type="hidden" name="intent" value="comment" />
          <input type="hidden" name="type" value={type} />
          <input type="hidden" name="id" value={parentId} />
          <label className="visually-hidden" htmlFor={`comment-${type}-${parentId}`}>
            {label}
          </label>
          <MentionInput
            id={`comment-${type}-${parentId}`}
            name="text"
            placeholder={label}
            maxLength={600}
            people={people}
          />
          <button type="submit">Add comment</button>
          <FormError message={shown} />
        </fetcher.Form>
      )}
    </div>
  );
}

/** One's own comment in a form in its place: Save posts the new text; Cancel goes back to the page. */
function CommentEditForm({ id, text, error }: { id: string; text: string; error: string | null }) {
  const [params] = useSearchParams();
  const back = new URLSearchParams(params);
  back.delete('editComment');
  return (
    <Form method="post" className="comment-form comment-edit" preventScrollReset>
      <input type="hidden" name="intent" value="editComment" />
      <input type="hidden" name="comment" value={id} />
      <label className="visually-hidden" htmlFor={`edit-comment-${id}`}>
        Edit your comment
      </label>
      <input id={`edit-comment-${id}`} name="text" defaultValue={text} maxLength={600} />
      <button type="submit">Save edits</button>
      <Link to={`?${back}#comment-${id}`} replace preventScrollReset>
        Cancel
      </Link>
      <FormError message={error} />
    </Form>
  );
}
